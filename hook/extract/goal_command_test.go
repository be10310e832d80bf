package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A bare slash command whose answer is a review has the review's heading as its goal, with
// the command after it; one whose answer is no review gives none.
func TestGoalOfABareReviewCommandIsItsReport(t *testing.T) {
	t.Parallel()
	for closing, want := range map[string][]string{
		"## 🔎 Code Review Report\n\n### Critical Issues\n\n1. **Unchecked input** in the parser\n": {"Code Review Report (/dev:review)"},
		"## Summary\n\nThe build is deployed to staging.\n":                                        nil,
	} {
		b := &transcripttest.Claude{}
		b.Prompt("<command-message>dev:review is running…</command-message>\n<command-name>/dev:review</command-name>")
		b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/src/lib.rs"})
		b.Result("r1", "fn main() {}", false)
		b.Say("m2", closing)
		if g := extractEN(t, b, "/home/dev/proj").Goal; !slices.Equal(g, want) {
			t.Errorf("goal after %q = %q, want %q", closing, g, want)
		}
	}
}
