package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A bare slash command whose answer is a review has the work the review's heading names as
// its goal, not the heading and the command (both readers of c06 scored "Code Review Report
// (/dev:review)" 1: "a heading lifted from a closing text plus a slash command"); one whose
// answer is no review gives none.
func TestGoalOfABareReviewCommandIsItsReport(t *testing.T) {
	t.Parallel()
	for closing, want := range map[string][]string{
		"## 🔎 Code Review Report\n\n### Critical Issues\n\n1. **Unchecked input** in the parser\n": {"Code review"},
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

// A review's goal says the parts its to-do list reviewed, each in its few words, and not
// the writing of the report.
func TestReviewGoalSaysWhatItCovered(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("<command-message>dev:review is running…</command-message>\n<command-name>/dev:review</command-name>")
	b.Use("m1", "w1", "TodoWrite", map[string]any{"todos": []map[string]any{
		{"content": "Security audit - check for vulnerabilities and sensitive data handling", "status": "completed"},
		{"content": "Performance review - identify bottlenecks", "status": "completed"},
		{"content": "Code quality assessment - check patterns", "status": "completed"},
		{"content": "Test coverage analysis", "status": "completed"},
		{"content": "Generate comprehensive review report", "status": "completed"},
	}})
	b.Result("w1", "ok", false)
	b.Say("m2", "## Code Review Report\n\n### Critical Issues\n\n1. **Unchecked input** in the parser\n")
	want := []string{"Code review: security audit, performance review, code quality assessment, test coverage analysis"}
	if g := extractEN(t, b, "/home/dev/proj").Goal; !slices.Equal(g, want) {
		t.Errorf("goal = %q, want %q", g, want)
	}
}
