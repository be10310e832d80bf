package hook

import (
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A command that failed in one turn and went through in a later one is shown fixed in the
// day's log; a failure of another command stays as it is.
func TestFailureFixedInALaterTurn(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Make the parser tests pass")
	b.Use("m1", "b1", "Bash", map[string]any{"command": "go test ./parser/"})
	b.Result("b1", "Exit code 1\n--- FAIL: TestEmptyLine (0.00s)", true)
	b.Use("m1", "b2", "Bash", map[string]any{"command": "make lint"})
	b.Result("b2", "Exit code 2\nmake: *** No rule to make target 'lint'.  Stop.", true)
	b.Use("m1", "b4", "Bash", map[string]any{"command": "sh -s <<'EOF'\n./gen.sh parser\nEOF"})
	b.Result("b4", "Exit code 1\nError: parser.y:3: unexpected token", true)
	b.Say("m2", "The empty-line test still fails.")
	log := turnsLog(t, ws, b, func() {
		b.Prompt("try again with the blank-line guard")
		b.Use("m3", "e1", "Edit", map[string]any{"file_path": filepath.Join(ws, "parser.go"), "old_string": "a", "new_string": "b"})
		b.Result("e1", "ok", false)
		b.Use("m3", "b5", "Bash", map[string]any{"command": "sh -s <<'EOF'\necho ok\nEOF"})
		b.Result("b5", "ok", false)
		b.Use("m3", "b3", "Bash", map[string]any{"command": "go test ./parser/"})
		b.Result("b3", "ok  \tparser\t0.01s", false)
		b.Say("m4", "The parser tests pass.")
	})
	if !strings.Contains(log, "- corrigé : Échec de `go test ./parser/`") {
		t.Errorf("the test failure is not shown fixed:\n%s", log)
	}
	if !strings.Contains(log, "- Échec de `make lint`") || !strings.Contains(log, "- Échec de `sh -`") {
		t.Errorf("the lint failure or the script's changed (another script went through):\n%s", log)
	}
}

// A command that fails again in a later turn is listed once, with its latest cause.
func TestFailureOfTheSameCommandFolds(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Make the linter pass")
	b.Use("m1", "b1", "Bash", map[string]any{"command": "make lint"})
	b.Result("b1", "Exit code 2\nmain.go:3:1: unused import \"os\"", true)
	b.Say("m2", "One lint error left.")
	log := turnsLog(t, ws, b, func() {
		b.Prompt("remove the import and lint again")
		b.Use("m3", "b2", "Bash", map[string]any{"command": "make lint"})
		b.Result("b2", "Exit code 2\nparse.go:9:2: ineffectual assignment to err", true)
		b.Say("m4", "Another lint error.")
	})
	if n := strings.Count(log, "`make lint`"); n != 1 || !strings.Contains(log, "- Échec de `make lint` : parse.go:9:2: ineffectual assignment to err") {
		t.Errorf("the second failure of make lint (%d bullets) is not folded into the first:\n%s", n, log)
	}
}
