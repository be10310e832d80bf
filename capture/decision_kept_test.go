package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A fix told only "for clarity" is the work done, but when, on reaching that file, the turn
// judged what it found "actually a reasonable use case since …", the change is all that
// choice left to do: one decision, with that judgement as its why.
func TestClarityChangeJudgedReasonableIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("fix the silent failures")
	b.Say("m1", "Found it! It's in the server.rs file. Let me check and fix it:")
	b.Use("m2", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/src/server.rs"})
	b.Result("r1", "fn id() {}", false)
	b.Say("m3", "Good, found it. This is actually a reasonable use case since it's only for log output, but we can make it more explicit. Let me fix this:")
	b.Use("m4", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/src/server.rs", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m5", "## Summary\n\n1. **Fixed Silent Failures**\n   - Updated `server.rs:88` to use \"unset\" instead of \"unknown\" for clarity\n   - Renamed the status label to use \"idle\" instead of \"none\" for clarity")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Updated `server.rs:88` to use \"unset\" instead of \"unknown\" for clarity — a reasonable use case since it's only for log output."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
