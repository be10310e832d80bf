package hook

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A script that failed for want of a file is fixed once a later turn reads that file;
// another missing file, or one only removed since, leaves its failure open.
func TestMissingFileFixedInALaterTurn(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Export the history and check it")
	b.Use("m1", "b2", "Bash", map[string]any{"command": "python - <<'EOF'\nopen('export.jsonl')\nEOF"})
	b.Result("b2", "Exit code 1\nFileNotFoundError: [Errno 2] No such file or directory: 'export.jsonl'", true)
	b.Use("m1", "b3", "Bash", map[string]any{"command": "cat notes/plan.md"})
	b.Result("b3", "Exit code 1\ncat: notes/plan.md: No such file or directory", true)
	b.Use("m1", "b4", "Bash", map[string]any{"command": "wc -l history.csv"})
	b.Result("b4", "Exit code 1\nwc: history.csv: No such file or directory", true)
	b.Say("m2", "The export file is not written yet.")
	log := turnsLog(t, ws, b, func() {
		b.Prompt("write the export first")
		b.Use("m3", "b5", "Bash", map[string]any{"command": "python3 export.py"})
		b.Result("b5", "wrote 12 lines", false)
		b.Use("m3", "b6", "Bash", map[string]any{"command": "head -n 3 export.jsonl"})
		b.Result("b6", `{"type":"session_meta"}`, false)
		b.Use("m3", "b9", "Bash", map[string]any{"command": "rm -f old/history.csv"})
		b.Result("b9", "", false)
		b.Say("m4", "The export is written.")
	})
	for _, want := range []string{"- corrigé : Échec de `python -`", "- Échec de `cat notes/plan.md`", "- Échec de `wc -l history.csv`"} {
		if !strings.Contains(log, want) {
			t.Errorf("%q missing:\n%s", want, log)
		}
	}
}
