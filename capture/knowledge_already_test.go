package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A fix the session set out to make and found not needed ("The parser.rs file was already
// properly handling errors") corrects what an earlier report said: knowledge. A thing that
// was already running is a state, not read this way.
func TestAlreadyHandledIsKnowledge(t *testing.T) {
	t.Parallel()
	for item, want := range map[string][]string{
		"The parser.rs file was already properly handling errors": {"The parser.rs file was already properly handling errors."},
		"The dev server was already running on port 3000":         nil,
	} {
		b := &transcripttest.Claude{}
		b.Prompt("Fix the two silent failures")
		b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/src/client.rs", "old_string": "a", "new_string": "b"})
		b.Result("e1", "The file has been updated", false)
		b.Say("m2", "## Summary\n\n1. **Fixed Silent Failures**\n   - Updated `client.rs` to return an error\n   - "+item+"\n")
		e := extractEN(t, b, "/home/dev/proj")
		if !slices.Equal(e.Knowledge, want) {
			t.Errorf("%q: knowledge = %q, want %q", item, e.Knowledge, want)
		}
	}
}
