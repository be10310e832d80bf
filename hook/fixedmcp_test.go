package hook

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// An MCP tool that failed in one turn and went through in a later one, with nothing else
// in that turn, is shown fixed in the day's log; another tool's failure stays as it is.
func TestMCPFailureFixedInALaterTurn(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Push the app to the new repository")
	b.Use("m1", "p1", "mcp__github__push_files", map[string]any{"repo": "app", "branch": "main"})
	b.Result("p1", "409 Git Repository is empty.", true)
	b.Use("m1", "f1", "mcp__figma__get_node_tree", map[string]any{"node": "1:2"})
	b.Result("f1", "Figma API error: node 1:2 not found", true)
	b.Say("m2", "The repository is empty: the push was refused.")
	log := turnsLog(t, ws, b, func() {
		b.Prompt("ok")
		b.Use("m3", "p2", "mcp__github__push_files", map[string]any{"repo": "app", "branch": "main"})
		b.Result("p2", `{"ref": "refs/heads/main"}`, false)
		b.Say("m4", "Done.")
	})
	if !strings.Contains(log, "- corrigé : Échec de `push_files`") {
		t.Errorf("the push that went through later does not fix the failed one:\n%s", log)
	}
	if !strings.Contains(log, "- Échec de `get_node_tree`") {
		t.Errorf("another tool's failure changed:\n%s", log)
	}
}
