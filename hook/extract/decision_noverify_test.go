package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A commit made with --no-verify after the pre-commit hook refused it is a choice: the
// hook's check was skipped, and the log says which check failed.
func TestSkippedHookIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Commit the fix")
	bash(b, "c1", "git add x.go && git commit -m 'fix: x'", "FAIL test/x.test.ts > creates a record within budget\nhusky - pre-commit script failed (code 1)", true)
	bash(b, "c2", "git add x.go && git commit --no-verify -m 'fix: x'", "[main 1a2b3c4] fix: x", false)
	b.Say("m9", "Pushed.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Commit 1a2b3c4 made with `--no-verify`, skipping the pre-commit hook that failed: FAIL test/x.test.ts > creates a record within budget"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A --no-verify commit no hook refused first says nothing about a check skipped.
func TestNoVerifyAloneIsNoDecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Commit the docs")
	bash(b, "c1", "git add README.md && git commit --no-verify -m 'docs: y'", "[main 5d6e7f8] docs: y", false)
	b.Say("m9", "Committed.")
	if e := extractEN(t, b, "/home/dev/proj"); len(e.Decisions) != 0 {
		t.Errorf("decisions = %q, want none", e.Decisions)
	}
}
