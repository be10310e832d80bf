package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// In a closing text's list, an item that says what the change of the item before it is for
// ("These warnings will catch …") makes that change a choice with its reason: one decision.
func TestChangeWithItsPurposeIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Do the three actions")
	b.Say("m1", "## Summary\n\n1. **Lints** ✅\n   - Added `#![deny(unsafe_code)]` to `src/lib.rs`\n   - This lint will reject new unsafe blocks at compile time\n\n2. **Docs** ✅\n   - Found 12 undocumented items\n   - These can confuse readers")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Added `#![deny(unsafe_code)]` to `src/lib.rs`, so this lint will reject new unsafe blocks at compile time"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A "This …" item after a finding, or one that says no purpose, makes no decision.
func TestFindingWithConsequenceIsNoDecision(t *testing.T) {
	t.Parallel()
	for _, closing := range []string{
		"- Found 916 `unwrap()` calls\n- These can cause panics in production",
		"- Added the parser\n- This file is long",
	} {
		b := &transcripttest.Claude{}
		b.Prompt("Review")
		b.Say("m1", closing)
		if e := extractEN(t, b, "/home/dev/proj"); len(e.Decisions) != 0 {
			t.Errorf("closing %q: decisions = %q, want none", closing, e.Decisions)
		}
	}
}
