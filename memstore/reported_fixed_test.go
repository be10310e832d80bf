package memstore

import (
	"strings"
	"testing"
)

// An error the user reported is marked fixed when an exchange says it fixed it: a line of
// its evidence that opens with "Fix" and names the error, or shares three of its words. A
// fix of something else, and a line naming the error without fixing it, leave it as it is.
func TestMergeMarksFixedTheReportedErrorsAFixNames(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Problèmes rencontrés\n" +
		"- Erreur signalée : ArgumentValidationError: Object contains extra field `gradientEnd` that is not in the validator.\n" +
		"- Erreur signalée : TypeError: Cannot read properties of undefined (reading 'map')\n" +
		"- Erreur signalée : ModuleNotFoundError: No module named 'requests'\n"})
	evidence := []string{
		"fix: add the gradient fields to the schemas",
		"- Fixed ArgumentValidationError for the appearance settings",
		"Investigated the ModuleNotFoundError in the worker",
		"Fix the map rendering of the empty list",
	}
	if _, err := p.Merge(Extraction{Evidence: evidence}, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if !strings.Contains(log, "- corrigé : Erreur signalée : ArgumentValidationError") {
		t.Errorf("the error the fix names is not marked fixed:\n%s", log)
	}
	if strings.Contains(log, "corrigé : Erreur signalée : TypeError") || strings.Contains(log, "corrigé : Erreur signalée : ModuleNotFoundError") {
		t.Errorf("an error no fix names is marked fixed:\n%s", log)
	}

	// In the exchange that reports it: the workflow fixed and committed in the same turn.
	_, q := newTestWorkspace(t, nil)
	e := Extraction{
		Problems: []string{"Erreur signalée : Error: This request has been automatically failed because it uses a deprecated version of `actions/upload-artifact: v3`."},
		Evidence: []string{"Fix: Update deprecated GitHub Actions artifact v3 to v4 #379"},
	}
	if _, err := q.Merge(e, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	if log := readRel(t, q, q.LogPath("2026-03-22")); !strings.Contains(log, "- corrigé : Erreur signalée : Error: This request") {
		t.Errorf("the error fixed in the exchange that reports it is not marked fixed:\n%s", log)
	}
}
