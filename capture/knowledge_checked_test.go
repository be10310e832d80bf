package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// When the user asks to make sure of something about named code ("make sure the sleep
// calls are only in test code"), a finding of the closing text that names that code
// ("**Test helpers** - tests call `sleep()` only to wait for the fake clock") is what
// the check established, kept without its bold label. A to-do naming the same code, an
// item that names other code, and the same closing after a prompt that checks nothing,
// are not kept.
func TestCheckedCodeFindingIsKnowledge(t *testing.T) {
	t.Parallel()
	closing := "## Review\n\nNo `sleep()` in production code.\n\n### Strengths\n" +
		"- **Test helpers** - tests call `sleep()` only to wait for the fake clock\n" +
		"- **Good logging** with `tracing` throughout\n\n" +
		"### Action Required\n1. Add a lint against `sleep()` in production code\n"
	want := "Tests call `sleep()` only to wait for the fake clock"
	for _, c := range []struct {
		prompt string
		keep   bool
	}{
		{"confirm the sleep calls, and make sure that they're only in test code", true},
		{"review the sleep calls", false},
	} {
		b := &transcripttest.Claude{}
		b.Prompt(c.prompt)
		b.Say("m1", closing)
		e := extractEN(t, b, "/home/dev/proj")
		if got := slices.Contains(e.Knowledge, want); got != c.keep {
			t.Errorf("%q: knowledge = %q, want %q kept: %v", c.prompt, e.Knowledge, want, c.keep)
		}
		if got := strings.Join(e.Knowledge, "\n"); strings.Contains(got, "tracing") || strings.Contains(got, "Add a lint") {
			t.Errorf("%q: another item kept as knowledge:\n%s", c.prompt, got)
		}
	}
}
