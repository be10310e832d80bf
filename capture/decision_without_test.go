package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A user who asks that something be left out, and says what stands in its place ("For now,
// make it so there is no sync, but notes stay on this device"), states a choice of scope in
// their own words; asking that a flaw be gone, or leaving out with nothing in its place, is
// the work asked for.
func TestLeftOutIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Add the notes screen. For now, make it so there is no sync, but notes stay on this device.\n" +
		"Make it so there is no error when the list is empty, but a hint shows. Make it so there are no borders.")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/notes.js", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "The notes screen is in.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"For now, there is no sync, but notes stay on this device."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
