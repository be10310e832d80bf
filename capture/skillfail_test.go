package capture

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// A skill the agent could not load is missing from the session's setup, not an agent's
// slip: it is a failure, like an MCP tool's, fixed when a later call loads it.
func TestASkillNotFoundIsAFailure(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build the page following the design skill")
	b.Use("m1", "s1", "Skill", map[string]any{"skill": "design-to-code"})
	b.Result("s1", "<tool_use_error>Unknown skill: design-to-code</tool_use_error>", true)
	b.Say("m9", "The skill is not there; I followed the steps by hand.")
	e := extractEN(t, b, "/home/dev/proj")
	if got := strings.Join(e.Problems, "\n"); !strings.Contains(got, "`Skill` failed: Unknown skill: design-to-code") {
		t.Errorf("Claude: the skill not found is no failure:\n%s", got)
	}

	chat := `{"sessionId":"s1","messages":[
{"id":"1","timestamp":"2026-03-22T10:00:00Z","type":"user","content":"Build the page following the design skill"},
{"id":"2","timestamp":"2026-03-22T10:01:00Z","type":"gemini","content":"","toolCalls":[
 {"id":"c1","name":"activate_skill","args":{"name":"design-to-code"},"status":"error","result":[{"functionResponse":{"response":{"error":"Skill \"design-to-code\" not found. Available skills are: "}}}]}]},
{"id":"3","timestamp":"2026-03-22T10:02:00Z","type":"gemini","content":"Done by hand."}]}`
	p := filepath.Join(t.TempDir(), "session-x.json")
	if err := os.WriteFile(p, []byte(chat), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := transcript.ReadGeminiTurn(context.Background(), p, transcript.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tr.Root = "/home/dev/proj"
	e = Heuristic{Language: "en"}.extract(tr)
	if got := strings.Join(e.Problems, "\n"); !strings.Contains(got, "`activate_skill` failed: Skill \"design-to-code\" not found.") {
		t.Errorf("Gemini CLI: the skill not found is no failure:\n%s", got)
	}
}
