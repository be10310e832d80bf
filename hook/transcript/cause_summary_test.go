package transcript

import (
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A Rust build that failed on many diagnostics keeps its closing verdict, not the first
// diagnostic (an unused variable), whether the call failed or a "| tail" hid its exit code;
// one diagnostic stays the cause, and a log line quoting the words is no verdict.
func TestCompilerSummaryIsTheCause(t *testing.T) {
	t.Parallel()
	many := "\x1b[1m\x1b[38;5;9merror\x1b[0m: unused variable: `events`\n  --> src/net/tests.rs:82:13\n   |\n82 |  let events = 1;\n\n" +
		"error[E0308]: mismatched types\n  --> src/a.rs:3:5\n\nSome errors have detailed explanations: E0308.\n" +
		"\x1b[1m\x1b[31merror\x1b[0m\x1b[1m:\x1b[0m could not compile `core` (lib test) due to 188 previous errors; 3 warnings emitted\n"
	one := "error[E0425]: cannot find value `x` in this scope\n --> src/a.rs:1:1\n\nerror: could not compile `core` (lib) due to 1 previous error\n"
	quoted := "INFO run 12: build aborted, see log\nnote: the tool stops due to 3 previous errors\n"
	b := &transcripttest.Claude{}
	b.Prompt("Fix the tests")
	for id, out := range map[string]string{"t1": many, "t2": many, "t3": one, "t4": quoted} {
		b.Use("m"+id, id, "Bash", map[string]any{"command": "cargo test --lib 2>&1 | tail -10"})
		b.Result(id, out, id == "t1" || id == "t3")
	}
	b.Say("m9", "The tests do not compile.")
	tr := read(t, b.Write(t), ReadOptions{})
	want := map[string]string{
		"t1": "error: could not compile `core` (lib test) due to 188 previous errors",
		"t2": "error: could not compile `core` (lib test) due to 188 previous errors",
		"t3": "error[E0425]: cannot find value `x` in this scope",
		"t4": "INFO run 12: build aborted, see log",
	}
	for _, u := range tr.Tools {
		if u.Output != want[u.ID] {
			t.Errorf("%s: output %q, want %q", u.ID, u.Output, want[u.ID])
		}
	}
	if len(tr.Tools) != len(want) {
		t.Errorf("%d tools, want %d", len(tr.Tools), len(want))
	}
}
