package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// "Let me fix this by skipping the suite when offline", then "Actually, let me take a
// different approach. Since the suite only checks code paths, let me stub the client": the
// turn dropped one approach for another and said why, one decision.
func TestDifferentApproachWithItsWhyIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("why does the last test fail?")
	b.Say("m1", "The suite uses a client that returns nothing offline.\n\nLet me fix this by skipping the suite when offline:")
	b.Use("m2", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/test/suite.test.ts", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m3", "Actually, let me take a different approach. Since the suite only checks code paths, let me stub the client with sample data:")
	b.Use("m4", "e2", "Edit", map[string]any{"file_path": "/home/dev/proj/test/suite.test.ts", "old_string": "b", "new_string": "c"})
	b.Result("e2", "ok", false)
	b.Say("m5", "All tests pass now.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Chose to stub the client with sample data instead of skipping the suite when offline, since the suite only checks code paths."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// "Let me try a different approach by sending every answer at once" gives no why: no decision.
func TestDifferentApproachWithoutWhyIsNoDecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("set up the project")
	b.Say("m1", "Let me try a different approach by providing all the answers at once:")
	bash(b, "c1", "printf 'y\\ny\\n' | npx create-app", "done", false)
	b.Say("m2", "The project is set up.")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Decisions) != 0 {
		t.Errorf("decisions = %q, want none", e.Decisions)
	}
}
