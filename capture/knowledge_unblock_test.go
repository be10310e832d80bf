package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A tool call refused, one call that creates something, then the same tool going through:
// the session learned what the tool needs first. A read between the two (a search for the
// right name) is not such a step.
func TestToolUnblockedByACreationIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Push the app to the new repository")
	b.Use("m1", "p1", "mcp__github__push_files", map[string]any{"repo": "app"})
	b.Result("p1", "failed to get branch reference: GET https://api.github.com/repos/acme/app/git/ref/heads/main: 409 Git Repository is empty.", true)
	b.Use("m2", "c1", "mcp__github__create_or_update_file", map[string]any{"path": "README.md"})
	b.Result("c1", `{"content":{"name":"README.md"}}`, false)
	b.Use("m3", "p2", "mcp__github__push_files", map[string]any{"repo": "app"})
	b.Result("p2", `{"ref":"refs/heads/main"}`, false)
	b.Use("m4", "g1", "mcp__github__get_issue", map[string]any{"issue_number": 7})
	b.Result("g1", "404 Not Found", true)
	b.Use("m5", "s1", "mcp__github__search_issues", map[string]any{"q": "login"})
	b.Result("s1", `{"items":[]}`, false)
	b.Use("m6", "g2", "mcp__github__get_issue", map[string]any{"issue_number": 8})
	b.Result("g2", `{"number":8}`, false)
	b.Say("m7", "Pushed.")
	e := extractEN(t, b, "/home/dev/proj")
	want := "`push_files` only went through after `create_or_update_file` (before: 409 Git Repository is empty.)"
	if !slices.Contains(e.Knowledge, want) {
		t.Errorf("missing %q in %q", want, e.Knowledge)
	}
	if got := strings.Join(e.Knowledge, "\n"); strings.Contains(got, "get_issue") {
		t.Errorf("a search between two reads kept as knowledge:\n%s", got)
	}
}
