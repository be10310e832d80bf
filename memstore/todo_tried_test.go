package memstore

import (
	"strings"
	"testing"
)

// A to-do that asks to try the work by hand closes when the user's prompt comes back on
// its subject; one on another subject, one that asks for work (not a check), one the
// same exchange opened and one of an earlier day stay open.
func TestMergeClosesTheCheckTheUserTried(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-21.md": "# Log session — 2026-03-21\n\n## À suivre\n" +
		"- Play a new game against the engine\n",
		"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## À suivre\n" +
			"- Play a few games to confirm edge cases (castling, en passant, promotions) behave as expected\n" +
			"- Refresh the settings page and verify the colors persist\n" +
			"- Add a button to resign\n" +
			"- Test the new game dialog on mobile\n"})
	e := Extraction{Next: []string{"Test the new game dialog on mobile"},
		Reply: "Nothing happens when I press new game. Make the button start one."}
	if _, err := p.Merge(e, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	if older := readRel(t, p, p.LogPath("2026-03-21")); strings.Contains(older, "Finalisé") {
		t.Errorf("an earlier day's check was closed:\n%s", older)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	open, done, _ := strings.Cut(log, "## Finalisé")
	if !strings.Contains(done, "Play a few games") || strings.Contains(open, "Play a few games") {
		t.Errorf("the check the user tried is still open:\n%s", log)
	}
	for _, still := range []string{"settings page", "button to resign", "game dialog"} {
		if !strings.Contains(open, still) {
			t.Errorf("%q was closed:\n%s", still, log)
		}
	}
}
