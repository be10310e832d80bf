package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// A build cut by "| tail" exits 0 whatever the compiler said: when what it printed opens
// with the compiler's "error:", the build failed. A log read through the same pipe, and a
// build whose output opens with a warning, are no failures.
func TestCompilerErrorBehindAPipeIsAFailure(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Add the lint and check the tests")
	bash(b, "b1", "cargo clippy 2>&1 | head -20", "warning: unused import: `std::fmt`\n --> src/lib.rs:3:5", false)
	bash(b, "b2", "cat build.log | tail -5", "error: linker `cc` not found", false)
	bash(b, "b3", "cargo test --lib 2>&1 | tail -10",
		"\x1b[1m\x1b[38;5;9merror\x1b[0m: unused variable: `events`\n  --> src/net/tests.rs:82:13\n\nerror: could not compile `core` (lib test) due to 12 previous errors", false)
	b.Say("m4", "The lint is in; the test code has compilation errors to fix.")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	e, _, _ := Heuristic{Language: "en"}.Extract(t.Context(), tr) // through the guard, as the hook reads it
	want := []string{"`cargo test --lib 2>&1 | tail -10` failed: error: could not compile `core` (lib test) due to 12 previous errors"}
	if !slices.Equal(e.Problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(e.Problems, "\n"), strings.Join(want, "\n"))
	}
}

// A later run of the same build behind the same pipe that still prints the compiler's
// errors does not fix the first one.
func TestCompilerErrorBehindAPipeAgainIsNotAFix(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Make the tests compile")
	bash(b, "b1", "cargo build --tests 2>&1 | tail -3", "error[E0425]: cannot find value `x` in this scope", false)
	bash(b, "b2", "cargo build --tests 2>&1 | tail -3", "error[E0425]: cannot find value `x` in this scope", false)
	b.Say("m3", "Still failing.")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	e, _, _ := Heuristic{Language: "en"}.Extract(t.Context(), tr) // through the guard, which marks a build failing behind a pipe
	want := []string{"`cargo build --tests 2>&1 | tail -3` failed: error[E0425]: cannot find value `x` in this scope"}
	if !slices.Equal(e.Problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(e.Problems, "\n"), strings.Join(want, "\n"))
	}
	if slices.Contains(Succeeded(read(t, b.Write(t), transcript.ReadOptions{})), "cargo build --tests 2>&1 | tail -3") {
		t.Errorf("a build still failing counts as gone through")
	}
}
