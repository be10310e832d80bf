package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A user who has a change undone and says what it broke ("undo the last change, it broke
// the login form") leaves a lesson: what was tried did not work, and what is back. The
// agent's sentence saying what it reverted is kept as knowledge; a bare "undo the last
// change" says nothing learnt, and neither does a turn whose agent reverted nothing.
func TestUndoneWithWhyIsKnowledge(t *testing.T) {
	t.Parallel()
	const lesson = "Reverted the sidebar back to the fixed width to restore the scroll bar."
	for _, c := range []struct {
		prompt, closing string
		kept            bool
	}{
		{"undo the last change it messed up the scroll bar", lesson + "\n\n- `app.css`: width is 240px again.", true},
		{"Revert that, it broke the scroll bar", lesson, true},
		{"Undo the last change", lesson, false},
		{"undo the last change it messed up the scroll bar", "Set the sidebar width to 240px.", false},
		{"The sidebar messed up the scroll bar", lesson, false},
	} {
		b := &transcripttest.Claude{}
		b.Prompt(c.prompt)
		b.Use("m1", "t1", "Edit", map[string]any{"file_path": "/home/dev/proj/app.css", "old_string": "a", "new_string": "b"})
		b.Result("t1", "ok", false)
		b.Say("m2", c.closing)
		e := extractEN(t, b, "/home/dev/proj")
		if got := slices.Contains(e.Knowledge, lesson); got != c.kept {
			t.Errorf("%q / %q: knowledge = %q, want lesson kept %v", c.prompt, c.closing, e.Knowledge, c.kept)
		}
	}
}
