package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// A search at the end of a pipeline that finds nothing exits 1: no failure. Neither is a
// curl probe that printed the redirect it was asked to report, followed or not (a page
// behind a login).
func TestNoMatchAndStatusProbesAreNoFailures(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Find where the todo filter is defined and check the deployed page")
	b.Use("m1", "b1", "Bash", map[string]any{"command": `find . -name "*.ts" | grep -v node_modules | xargs grep -l "export.*useFilter\|useFilter" 2>/dev/null`})
	b.Result("b1", "Error", true)
	b.Use("m1", "b2", "Bash", map[string]any{"command": `curl -sL -o /dev/null -w "HTTP %{http_code}\n" "https://app.example.com/"`})
	b.Result("b2", "Exit code 47\nHTTP 303", true)
	b.Use("m1", "b3", "Bash", map[string]any{"command": `curl -s -w "HTTP %{http_code}\n" "https://app.example.com/api"`})
	b.Result("b3", "Exit code 22\nHTTP 500", true)
	b.Use("m1", "b4", "Bash", map[string]any{"command": `find . -name "*.ts" | xargs wc -l`})
	b.Result("b4", "Error", true)
	b.Say("m2", "The filter is not defined yet; the page redirects to a login.")
	e := extractEN(t, b, "/home/dev/proj")
	got := strings.Join(e.Problems, "\n")
	if strings.Contains(got, "grep") || strings.Contains(got, "HTTP 303") {
		t.Errorf("a no-match or a redirect probe is a problem:\n%s", got)
	}
	if !strings.Contains(got, "HTTP 500") || !strings.Contains(got, "xargs wc") {
		t.Errorf("real failures lost:\n%s", got)
	}
}

// Asking whether a file is there (ls, stat) is answered, not failed, when it is not; reading
// a missing file, a write to a missing folder and a build are failures.
func TestLookingForAMissingFileIsNoFailure(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Export the session history")
	bash(b, "b1", "ls -la types/", "Exit code 2\nls: cannot access 'types/': No such file or directory", true)
	bash(b, "b2", "stat -f %m exported.jsonl 2>&1 | head -1", "stat: exported.jsonl: stat: No such file or directory", true)
	bash(b, "b5", "cat missing-config.toml", "cat: missing-config.toml: No such file or directory", true)
	bash(b, "b3", "cat > types/README.md << 'EOF'\n# Types\nEOF", "(eval):1: no such file or directory: types/README.md", true)
	bash(b, "b4", "ls dist && npm run build", "Exit code 1\nls: dist: No such file or directory", true)
	b.Say("m2", "The export is missing.")
	e := extractEN(t, b, "/home/dev/proj")
	got := strings.Join(e.Problems, "\n")
	if strings.Contains(got, "ls -la") || strings.Contains(got, "stat -f") {
		t.Errorf("a look at a missing file is a problem:\n%s", got)
	}
	if !strings.Contains(got, "cat > types/README.md") || !strings.Contains(got, "npm run build") || !strings.Contains(got, "cat missing-config.toml") {
		t.Errorf("real failures lost:\n%s", got)
	}
}

// A push rejected for want of the remote's work is fixed by a later push that went
// through ("git pull --rebase && git push"), in the turn or in a later one.
func TestRejectedPushFixedByALaterPush(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Commit and push the submission")
	bash(b, "c1", "git add SUBMISSION.md && git commit -m 'Final submission' && git push origin main",
		"Exit code 1\n[main c83eea1] Final submission\n ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs", true)
	bash(b, "c2", "git pull --rebase origin main && git push origin main", "Successfully rebased\n   1af6918..9bffcc8  main -> main", false)
	b.Say("m9", "Pushed.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Contains(e.Problems, "fixed: `git push` failed: ! [rejected] main -> main (fetch first)") {
		t.Errorf("the push made later is not marked fixed: %q", e.Problems)
	}
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	if s := Succeeded(tr); !slices.Contains(s, "git push") {
		t.Errorf("a later turn's push does not fix this one's: %q", s)
	}
}

// A linter run again on the file its failure named, and clean, fixed it; a test run again
// on a package its failure did not name fixed nothing.
func TestRerunOnTheFailingFileFixes(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Lint and test the client")
	bash(b, "b1", "ruff check pkg/client.py scripts/sync.py", "pkg/client.py:102:37: F841 Local variable `e` is assigned to but never used\nFound 1 error.", true)
	bash(b, "b2", "ruff check --fix pkg/client.py", "Found 1 error (1 fixed, 0 remaining).", false)
	bash(b, "b3", "go test ./a ./b", "--- FAIL: TestSync (0.01s)", true)
	bash(b, "b4", "go test ./a", "ok  \ta\t0.01s", false)
	b.Say("m9", "Lint is clean; TestSync still fails.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.ContainsFunc(e.Problems, func(p string) bool {
		return strings.HasPrefix(p, "fixed: `ruff check pkg/client.py scripts/sync.py` failed: pkg/client.py:102:37")
	}) {
		t.Errorf("the lint failure fixed on its file is not marked fixed: %q", e.Problems)
	}
	if !slices.Contains(e.Problems, "`go test ./a ./b` failed: --- FAIL: TestSync (0.01s)") {
		t.Errorf("a test failure is marked fixed by a run of another package: %q", e.Problems)
	}
}

// A command not found on the PATH and run again through its project's runner ("uv run",
// "npx", "poetry run", "bundle exec", "python -m") went through: fixed, in the turn or in
// a later one. Another program run through a runner fixes nothing.
func TestRunnerRerunFixes(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Install the templates and run the checks")
	bash(b, "b1", "mytool install --force", "Exit code 127\n(eval):1: command not found: mytool", true)
	bash(b, "b2", "uv run mytool install --force", "Installed 7 templates", false)
	bash(b, "b3", "eslint src/", "Exit code 127\n(eval):1: command not found: eslint", true)
	bash(b, "b4", "npx prettier --check src/", "All matched files use Prettier code style!", false)
	b.Say("m9", "Installed; eslint is not set up.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Contains(e.Problems, "fixed: `mytool install --force` failed: command not found: mytool — went through as `uv run mytool install --force`") {
		t.Errorf("the command run again through uv run is not marked fixed: %q", e.Problems)
	}
	if !slices.Contains(e.Problems, "`eslint src/` failed: command not found: eslint") {
		t.Errorf("another program run through npx fixed a failure: %q", e.Problems)
	}
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	if s := Succeeded(tr); !slices.Contains(s, "mytool install --force") {
		t.Errorf("a later turn's run through uv run does not fix this one's: %q", s)
	}
}

// An error the user pastes in the prompt (a log line "…XxxError: …", "Error: …") is a
// problem of the session, named by its error line's first sentence; an error word in prose is not, nor is
// a subagent's prompt.
func TestErrorPastedInThePromptIsAProblem(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("still broken\n11/7/2025, 2:27:56 PM [SERVER M(configs:update)] ValidationError: Object contains extra field `gradientEnd` that is not in the validator. Learn more: https://docs.example.com/validators\nPath: .configuration")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/server/configs.ts", "old_string": "a", "new_string": "b"})
	b.Result("e1", "The file has been updated.", false)
	b.Say("m2", "Added the field to the validator.")
	e := extractEN(t, b, "/home/dev/proj")
	want := "Reported error: ValidationError: Object contains extra field `gradientEnd` that is not in the validator."
	if !slices.Contains(e.Problems, want) {
		t.Errorf("the error pasted by the user is not a problem: %q", e.Problems)
	}

	prose := &transcripttest.Claude{}
	prose.Prompt("Add a ValidationError class and make the Error: prefix optional in messages")
	prose.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/errors.ts", "old_string": "a", "new_string": "b"})
	prose.Result("e1", "The file has been updated.", false)
	prose.Say("m2", "Done.")
	if e := extractEN(t, prose, "/home/dev/proj"); len(e.Problems) > 0 {
		t.Errorf("an error word in the prompt's prose is a problem: %q", e.Problems)
	}
}

// A failed MCP tool call is a problem named by its tool and its error line, fixed when
// the same tool later goes through; a built-in tool's error (a file not found) is not.
func TestFailedMCPCallIsAProblem(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Push the app to the new repository")
	b.Use("m1", "p1", "mcp__github__push_files", map[string]any{"repo": "app", "branch": "main"})
	b.Result("p1", "failed to get branch reference: GET https://api.github.com/repos/o/app/git/ref/heads/main: 409 Git Repository is empty.", true)
	b.Use("m1", "p2", "mcp__github__create_or_update_file", map[string]any{"path": "README.md"})
	b.Result("p2", `{"content": {"path": "README.md"}}`, false)
	b.Use("m1", "p3", "mcp__github__push_files", map[string]any{"repo": "app", "branch": "main"})
	b.Result("p3", `{"ref": "refs/heads/main"}`, false)
	b.Use("m1", "f1", "mcp__figma__get_node_tree", map[string]any{"node": "1:2"})
	b.Result("f1", "Figma API error: 429 Rate limit exceeded", true)
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/missing.ts"})
	b.Result("r1", "<tool_use_error>File does not exist.</tool_use_error>", true)
	b.Say("m2", "Pushed.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{
		"fixed: `push_files` failed: failed to get branch reference: GET https://api.github.com/repos/o/app/git/ref/heads/main: 409 Git Repository is empty.",
		"`get_node_tree` failed: Figma API error: 429 Rate limit exceeded",
	}
	for _, w := range want {
		if !slices.Contains(e.Problems, w) {
			t.Errorf("missing %q in %q", w, e.Problems)
		}
	}
	if len(e.Problems) != len(want) {
		t.Errorf("a built-in tool's error is a problem: %q", e.Problems)
	}
}

// A failed MCP call whose error line ends with the API's JSON body is shown with the
// body's message, not its braces; a body with no message field stays as it is.
func TestMCPErrorBodyShowsItsMessage(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Read the dashboard frames")
	b.Use("m1", "f1", "mcp__figma__get_node_tree", map[string]any{"node": "1:2"})
	b.Result("f1", `Figma API error: 429 - {"status":429,"err":"Rate limit exceeded"}`, true)
	b.Use("m1", "g1", "mcp__github__get_issue", map[string]any{"issue": 7})
	b.Result("g1", `GET /repos/o/app/issues/7: {"status":404}`, true)
	b.Say("m2", "Rate limited.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{
		"`get_node_tree` failed: Figma API error: 429 - Rate limit exceeded",
		"`get_issue` failed: GET /repos/o/app/issues/7: {\"status\":404}",
	}
	if !slices.Equal(e.Problems, want) {
		t.Errorf("problems:\n got %q\nwant %q", e.Problems, want)
	}
}
