package hook

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A chain of checks that failed is fixed in a later turn once each of its parts went
// through there; a chain with a part that did not stays open.
func TestChainFixedInALaterTurn(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Check the exporter")
	b.Use("m1", "b1", "Bash", map[string]any{"command": "make vet && make unit 2>&1 | tail -3"})
	b.Result("b1", "Exit code 2\nunit: FAIL TestExport", true)
	b.Use("m1", "b2", "Bash", map[string]any{"command": "make vet && make e2e"})
	b.Result("b2", "Exit code 2\ne2e: FAIL TestServe", true)
	b.Say("m2", "The exporter test fails.")
	path := b.Write(t)
	stop := func() { t.Helper(); stopHook(t, ws, path) }
	stop()
	b.Prompt("fix it")
	b.Use("m3", "b7", "Bash", map[string]any{"command": "make vet"})
	b.Result("b7", "", false)
	b.Use("m3", "b8", "Bash", map[string]any{"command": "make unit"})
	b.Result("b8", "ok", false)
	b.Say("m4", "The tests pass.")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stop()
	data, err := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md"))
	if err != nil {
		t.Fatal(err)
	}
	log := string(data)
	if !strings.Contains(log, "- corrigé : Échec de `make vet && make unit") || !strings.Contains(log, "- Échec de `make vet && make e2e`") {
		t.Errorf("the chain whose parts went through is not fixed, or the other one is:\n%s", log)
	}
}
