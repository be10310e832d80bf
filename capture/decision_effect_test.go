package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A user who says what a feature does not do ("even though this has no effect on play",
// "has no other effect than the tint", "purely for visualization") states a choice of the
// product with its reason, in their words; a report that something has no effect, or a
// question, is none.
func TestStatedEffectIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Show a gold border on the card when its stamina is full, even though this has no effect on play. This is purely for visualization\n" +
		"Clicking the deck has no effect. Fix it.\n" +
		"When a card is exhausted, its owner can still draw. Being exhausted has no other effect than the grey tint\n" +
		"The purely visual tests I ran fail. Does the shadow have no other effect than the tint?")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/cards.js", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "The border is in.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Show a gold border on the card when its stamina is full, even though this has no effect on play. This is purely for visualization.",
		"When a card is exhausted, its owner can still draw. Being exhausted has no other effect than the grey tint."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
