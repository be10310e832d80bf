package transcript

import (
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A Rust build whose first error is one of the compiler's own (an error code: "error[E0308]:
// mismatched types") keeps that error as the cause: the closing verdict over a few
// diagnostics ("due to 2 previous errors") says less. Warnings before it are no errors.
func TestCompilerErrorWithACodeIsTheCause(t *testing.T) {
	t.Parallel()
	out := "    Checking media v0.1.0 (/src/media)\nwarning: unused import: `tracing::info`\n --> src/scan.rs:6:5\n  |\n6 | use tracing::info;\n  |     ^^^^^^^^^^^^^\n\n" +
		"error[E0308]: `match` arms have incompatible types\n   --> src/api/handlers.rs:412:22\n\nerror[E0308]: mismatched types\n  --> src/api/handlers.rs:430:9\n\n" +
		"Some errors have detailed explanations: E0308.\nerror: could not compile `media` (lib) due to 2 previous errors; 1 warning emitted\n"
	b := &transcripttest.Claude{}
	b.Prompt("Add the converter")
	b.Use("m1", "t1", "Bash", map[string]any{"command": "cargo check"})
	b.Result("t1", out, true)
	b.Say("m2", "It does not compile yet.")
	tr := read(t, b.Write(t), ReadOptions{})
	if want := "error[E0308]: `match` arms have incompatible types"; len(tr.Tools) != 1 || tr.Tools[0].Output != want {
		t.Errorf("output %q, want %q", tr.Tools[0].Output, want)
	}
}
