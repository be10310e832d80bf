package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A change told at its place in the code ("Updated `client.go:120` to use … instead of …")
// is an edit of the summary of changes, not a choice, even when it says what it replaced;
// the same change told without a line position stays a decision.
func TestEditAtALineIsNoDecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("fix the silent failures")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/src/client.go", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "## Summary of Changes\n\n"+
		"1. **Fixed Silent Failures**\n"+
		"   - Updated `client.go:120` to use \"pending\" instead of \"unknown\" for clarity\n"+
		"   - Changed the retry loop in `pool.rs:88` to return an error rather than a default\n"+
		"   - Switched the cache to an LRU instead of a plain map so memory stays bounded\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Switched the cache to an LRU instead of a plain map so memory stays bounded"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
