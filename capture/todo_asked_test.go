package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// The lines of work done a turn reports give the words its prompt asked for; a line the
// prompt did not ask for, or one in a block of code, gives none.
func TestDeliveredIsTheAskedWorkDone(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Now implement the realtime aspect: each piece has a cooldown of 10 seconds after it moves")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/state.js", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Implemented the real-time cooldown variant and modularized code:\n\n"+
		"- Added a README section on running it\n\n```\nAdded cooldown 10\n```\n")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	if got := Delivered(tr); !slices.Equal(got, []string{"cooldown"}) {
		t.Errorf("delivered = %q", got)
	}
}

// The lines under a closing text's heading marked done are evidence: they may close an
// earlier to-do on their subject; the lines under other headings are not. A heading marked
// done that finds a concern absent settles it: its lines make a to-do moot, they do not
// show it done (c06: "✅ Excessive use of unwrap(): Replace …" was ticked though nothing
// was replaced).
func TestEvidenceUnderACheckedHeading(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("confirm those unwrap calls are only in test code")
	b.Say("m1", "## Summary\n\n### ✅ Good News: none in production\nThe codebase uses proper error handling with `Result` types.\n\n"+
		"```rust\nlet x = y.unwrap();\n```\n\n### 🚨 Issues\n- The DHT handshake masks failures\n\n### ✅ Lints\n- Clippy lint for unwrap_used in lib.rs\n")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	want := []string{"### ✅ Lints", "Clippy lint for unwrap_used in lib.rs"}
	if got := Evidence(tr); !slices.Equal(got, want) {
		t.Errorf("evidence = %q, want %q", got, want)
	}
	settled := []string{"### ✅ Good News: none in production", "The codebase uses proper error handling with `Result` types."}
	if got := Settled(tr); !slices.Equal(got, settled) {
		t.Errorf("settled = %q, want %q", got, settled)
	}
}
