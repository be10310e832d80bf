package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A closing-text heading that names the implementation details lists the choices made, one
// decision per item, without the sentence that introduces the list.
func TestImplementationDetailsAreDecisions(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Why is the last test failing?")
	b.Say("m1", "All tests pass now.\n\n### Key Implementation Details\n\nThe tests now:\n1. **Stub the client when offline** - Returns a fixed record\n2. **Assert the ID only online** - Checks it when LIVE=true\n\n### Budgets\n- reads: <2 seconds")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Stub the client when offline - Returns a fixed record", "Assert the ID only online - Checks it when LIVE=true"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// "Key Features", "Highlights" and a "Summary" heading recap the work: no decision.
func TestFeatureRecapIsNoDecision(t *testing.T) {
	t.Parallel()
	for _, heading := range []string{"### Key Features", "## Key Highlights:", "## Summary of Completed Work"} {
		b := &transcripttest.Claude{}
		b.Prompt("Wrap up")
		b.Say("m1", heading+"\n\n- Stub the client when offline\n- Assert the ID only online")
		if e := extractEN(t, b, "/home/dev/proj"); len(e.Decisions) != 0 {
			t.Errorf("heading %q: decisions = %q, want none", heading, e.Decisions)
		}
	}
}
