package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A next step that ends with an offer is kept without it; an item that opens with the
// offer is no step.
func TestStepWithTrailingOfferIsKept(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("build the board")
	b.Say("m1", "Built the board.\n\nNext steps:\n1. Play a few games to check castling.\n"+
		"2. Tune the search depth if you want faster or stronger play.\n3. If you prefer, serve the folder with any static server.\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Play a few games to check castling.", "Tune the search depth"}
	if !slices.Equal(e.Next, want) {
		t.Errorf("next = %q, want %q", e.Next, want)
	}
}
