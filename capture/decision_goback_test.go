package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A user who asks to go back to an earlier design ("Let's go back to the version where
// report.py reads from an existing data.json file. The usage will be: …") chooses the
// final design in their words, with its usage (a long id stands as "…"); a report or a
// question about an earlier version is none.
func TestGoBackToAVersionIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Let's go back to the version where report.py reads from an existing data.json file.\n" +
		"The usage will be: \n" +
		"python3 fetch.py 3f2a9c1e-0b7d-4e21-9a6f-5c8d2e7b1a04 && python3 report.py 3f2a9c1e-0b7d-4e21-9a6f-5c8d2e7b1a04\n" +
		"Make it so report.py is minimal.\n" +
		"I went back to the version where it worked and it still fails. Can we go back to the version where the list was sorted?")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/report.py", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "report.py reads data.json again.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Back to the version where report.py reads from an existing data.json file. Usage: `python3 fetch.py … && python3 report.py …`."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
