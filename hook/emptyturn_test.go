package hook

import (
	"os"
	"path/filepath"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A turn that only ran a command that went through (nothing to record, nothing to mark
// fixed) on a day with no log yet writes no log: no file holding only a title.
func TestTurnWithNothingToRecordWritesNoLog(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("ok")
	b.Use("m1", "b1", "Bash", map[string]any{"command": "ls"})
	b.Result("b1", "README.md", false)
	b.Use("m1", "p1", "mcp__github__get_me", map[string]any{})
	b.Result("p1", `{"login": "me"}`, false)
	b.Say("m2", "Here.")
	path := b.Write(t)
	stopHook(t, ws, path)
	if data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md")); err == nil {
		t.Errorf("a turn with nothing to record wrote a log:\n%s", data)
	}
}
