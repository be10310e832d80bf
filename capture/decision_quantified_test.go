package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// What the user says holds for every one of a kind is a rule of the product, in their
// words; a report about all of them, a question or a request with no rule is none.
func TestQuantifiedRuleIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Now add the stamina. Reminder: \"I want a card game where cards rest between plays. Any card with full stamina can be played.\"\n" +
		"  Make it so each card has a stamina of 5 turns as soon as you play it. at the start, the\n" +
		"  first stamina is 2 turns instead.\n" +
		"Every card I drew is broken right now. Can any card be discarded? Every time I draw, it lags. Any player can draw at any time.\n" +
		"Make it so the deck is shuffled.")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/cards.js", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Stamina is in.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Any card with full stamina can be played.", "Each card has a stamina of 5 turns as soon as you play it.",
		"Any player can draw at any time."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
