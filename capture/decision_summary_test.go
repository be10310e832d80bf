package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// The paragraph under a closing text's "Approach summary:" label states the design chosen:
// one decision, fenced or not.
func TestApproachSummaryIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Print the approach summary in about 30 words")
	b.Say("m1", "**1. Approach summary (~30 words):**\n\n```\nThree scores — Speed (merged work), Care (reviews) — shown side by side rather than collapsed into one rank.\n```\n\n**2. Files:** see `out/`.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Three scores — Speed (merged work), Care (reviews) — shown side by side rather than collapsed into one rank."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A summary told as a list is the recap of the work; a fence with a language is code.
func TestApproachSummaryListIsNoDecision(t *testing.T) {
	t.Parallel()
	for _, closing := range []string{
		"Approach summary:\n- Added the parser\n- Wired the CLI",
		"## Approach overview\n\n```go\nfunc main() {}\n```",
	} {
		b := &transcripttest.Claude{}
		b.Prompt("Wrap up")
		b.Say("m1", closing)
		if e := extractEN(t, b, "/home/dev/proj"); len(e.Decisions) != 0 {
			t.Errorf("closing %q: decisions = %q, want none", closing, e.Decisions)
		}
	}
}
