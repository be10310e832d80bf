package capture

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// A scratch script that failed and that the next call ran again under another extension
// (a.js rewritten as a.mjs) is replaced: its failure is fixed; what the new script met is
// its own failure. A narrower test run or another version replaces nothing.
func TestAScriptRunAgainUnderAnotherExtensionIsFixed(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Check what the API returns on create")
	bash(b, "b1", "API_KEY=$API_KEY node probe-create.js 2>&1", "Exit code 1\nReferenceError: require is not defined in ES module scope, you can use import instead", true)
	bash(b, "b2", "API_KEY=$API_KEY node probe-create.mjs 2>&1", "Command timed out after 2m 0.0s", true)
	bash(b, "b5", "pytest tests/test_api.py", "Exit code 1\nFAILED tests/test_api.py::test_create - assert 500 == 201", true)
	bash(b, "b6", "pytest tests/test_api.py::test_create", "Exit code 1\nFAILED tests/test_api.py::test_create - assert 500 == 201", true)
	bash(b, "b7", "pip install httpx==0.27.0", "Exit code 1\nERROR: No matching distribution found for httpx==0.27.0", true)
	bash(b, "b8", "pip install httpx==0.27.2", "Successfully installed httpx-0.27.2", false)
	b.Say("m9", "The API call hangs.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{
		"fixed: `API_KEY=$API_KEY node probe-create.js 2>&1` failed: ReferenceError: require is not defined in ES module scope, you can use import instead",
		"`API_KEY=$API_KEY node probe-create.mjs 2>&1` failed: Command timed out after 2m 0.0s",
		"`pytest tests/test_api.py` failed: FAILED tests/test_api.py::test_create - assert 500 == 201",
		"`pytest tests/test_api.py::test_create` failed: FAILED tests/test_api.py::test_create - assert 500 == 201",
		"`pip install httpx==0.27.0` failed: ERROR: No matching distribution found for httpx==0.27.0",
	}
	if !slices.Equal(e.Problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(e.Problems, "\n"), strings.Join(want, "\n"))
	}
}

// A skill the agent could not load, whose SKILL.md it then read itself, is worked around;
// one it did not read stays open.
func TestASkillReadDirectlyIsWorkedAround(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build the page following the design skill")
	b.Use("m1", "s1", "Skill", map[string]any{"skill": "design-to-code"})
	b.Result("s1", "<tool_use_error>Unknown skill: design-to-code</tool_use_error>", true)
	b.Use("m2", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/.claude/skills/design-to-code/SKILL.md"})
	b.Result("r1", "---\nname: design-to-code\n---", false)
	b.Say("m9", "I followed the skill's steps.")
	e := extractEN(t, b, "/home/dev/proj")
	want := "fixed: `Skill` failed: Unknown skill: design-to-code — worked around: read `.claude/skills/design-to-code/SKILL.md` directly"
	if !slices.Contains(e.Problems, want) {
		t.Errorf("the skill read directly is not worked around:\n%s", strings.Join(e.Problems, "\n"))
	}

	b = &transcripttest.Claude{}
	b.Prompt("Build the page following the design skill")
	b.Use("m1", "s1", "Skill", map[string]any{"skill": "design-to-code"})
	b.Result("s1", "<tool_use_error>Unknown skill: design-to-code</tool_use_error>", true)
	b.Use("m2", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/.claude/skills/other/SKILL.md"})
	b.Result("r1", "---\nname: other\n---", false)
	b.Say("m9", "Done by hand.")
	e = extractEN(t, b, "/home/dev/proj")
	if !slices.Contains(e.Problems, "`Skill` failed: Unknown skill: design-to-code") {
		t.Errorf("another skill's read works the failure around:\n%s", strings.Join(e.Problems, "\n"))
	}
}

// A call of an MCP server refused by its rate limit, after which the session went on with
// the same server's calls, is worked around; with no later call of the server it stays open.
func TestARateLimitTheSessionWentOnFromIsWorkedAround(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Read the design and build the dashboard")
	b.Use("m1", "f1", "mcp__figma__get_node_tree", map[string]any{"node_id": "0:1"})
	b.Result("f1", "Figma API error: 429 - Rate limit exceeded", true)
	b.Use("m2", "f2", "mcp__figma__get_node_styles", map[string]any{"node_id": "0:1"})
	b.Result("f2", `{"status":"success"}`, false)
	b.Use("m3", "g1", "mcp__github__create_pull_request", map[string]any{"title": "x"})
	b.Result("g1", "API error: 429 - Rate limit exceeded", true)
	b.Say("m9", "The dashboard is built.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{
		"fixed: `get_node_tree` failed: Figma API error: 429 - Rate limit exceeded — worked around: `get_node_styles` went through after it",
		"`create_pull_request` failed: API error: 429 - Rate limit exceeded",
	}
	if !slices.Equal(e.Problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(e.Problems, "\n"), strings.Join(want, "\n"))
	}
}

// A command fixed by running it through its runner (uv run, npx) says so on its line.
func TestAFixThroughARunnerSaysHow(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Install the tool's commands")
	bash(b, "b1", "sdlc install --force", "Exit code 127\n(eval):1: command not found: sdlc", true)
	bash(b, "b2", "uv run sdlc install --force", "Installed 4 commands", false)
	bash(b, "b3", "make lint", "Exit code 2\nlint.go:3: unused x", true)
	bash(b, "b4", "make lint", "ok", false)
	b.Say("m9", "Installed.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{
		"fixed: `sdlc install --force` failed: command not found: sdlc — went through as `uv run sdlc install --force`",
		"fixed: `make lint` failed: lint.go:3: unused x",
	}
	if !slices.Equal(e.Problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(e.Problems, "\n"), strings.Join(want, "\n"))
	}
}

// Gemini CLI names its MCP tools without their server: after a rate limit, any MCP tool
// that went through shows the session went on; a built-in tool does not.
func TestARateLimitGeminiWentOnFromIsWorkedAround(t *testing.T) {
	t.Parallel()
	chat := func(next string) string {
		return `{"sessionId":"s1","messages":[
{"id":"1","timestamp":"2026-03-22T10:00:00Z","type":"user","content":"Build the dashboard from the design"},
{"id":"2","timestamp":"2026-03-22T10:01:00Z","type":"gemini","content":"","toolCalls":[
 {"id":"c1","name":"get_node_tree","args":{},"status":"error","result":[{"functionResponse":{"response":{"error":"MCP tool 'get_node_tree' reported tool error: Figma API error: 429 - Rate limit exceeded"}}}]},
 {"id":"c2","name":"` + next + `","args":{},"status":"success","result":[{"functionResponse":{"response":{"output":"ok"}}}]}]},
{"id":"3","timestamp":"2026-03-22T10:02:00Z","type":"gemini","content":"Done."}]}`
	}
	for next, around := range map[string]bool{"get_node_styles": true, "list_directory": false} {
		p := filepath.Join(t.TempDir(), "session-x.json")
		if err := os.WriteFile(p, []byte(chat(next)), 0o644); err != nil {
			t.Fatal(err)
		}
		tr, err := transcript.ReadGeminiTurn(context.Background(), p, transcript.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		tr.Root = "/home/dev/proj"
		got := strings.Join(Heuristic{Language: "en"}.extract(tr).Problems, "\n")
		if want := "worked around: `get_node_styles` went through after it"; around != strings.Contains(got, want) || !strings.Contains(got, "429") {
			t.Errorf("after %s, worked around = %v:\n%s", next, !around, got)
		}
	}
}
