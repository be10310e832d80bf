package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// "No X - just Y" says what a choice left out; the sentence before it in the same
// paragraph that lists what the chosen approach gives ("The implementation is small,
// reuses the parser, and lets you …") is its reason, and is kept with it. A sentence that
// lists nothing ("The implementation is minimal.") is not.
func TestRefusalKeepsTheMeritsBeforeIt(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Add a way to reload the templates")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/load.py", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "## Summary\n\nAdded a `--reload` flag.\n\n"+
		"The change is small (~20 lines), reuses the template loader, and lets you decide when templates reload. "+
		"No file watcher or background thread - just an explicit reload when asked.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The change is small (~20 lines), reuses the template loader, and lets you decide when templates reload. " +
		"No file watcher or background thread - just an explicit reload when asked."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
