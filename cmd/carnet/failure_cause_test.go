package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A failing Go test is logged with the assertion line that says why, not its "--- FAIL:"
// header, through the real binary.
func TestHookLogsTheAssertion(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "language = \"en\"\n")
	b := (&transcripttest.Claude{}).Prompt("Make the greeting say hello").
		Use("m1", "t1", "Bash", map[string]any{"command": "go test ./..."}).
		Result("t1", "Exit code 1\n--- FAIL: TestGreet (0.00s)\n    greet_test.go:8: Greet(\"bob\") = \"hi bob\", want \"hello bob\"\nFAIL\nFAIL\tgreet\t0.002s", true).
		Say("m1", "The greeting test fails.")
	tr := filepath.Join(t.TempDir(), "s1.jsonl")
	os.WriteFile(tr, []byte(b.String()), 0o644)
	if r := runCarnet(t, bin, hookInput("Stop", tr, ws, nil), nil, "--root", ws, "--hook"); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	log := todayLog(t, ws)
	if !strings.Contains(log, "- `go test ./...` failed: greet_test.go:8: Greet(\"bob\") = \"hi bob\", want \"hello bob\"\n") {
		t.Errorf("the failure's cause is not its assertion:\n%s", log)
	}
}
