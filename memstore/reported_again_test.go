package memstore

import (
	"strings"
	"testing"
)

// An error the user reports again came back after what was done for it: the day's bullet
// says so, open again if it was marked fixed, and a later line that says it is fixed no
// longer closes it (the first fix said so too). An error reported once is closed as before.
func TestMergeReopensAReportedErrorThatCameBack(t *testing.T) {
	t.Parallel()
	const err = "ArgumentValidationError: Object contains extra field `gradientEnd` that is not in the validator."
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Problèmes rencontrés\n" +
		"- Erreur signalée : " + err + "\n" +
		"- corrigé : Erreur signalée : TypeError: Cannot read properties of undefined (reading 'map')\n" +
		"- Erreur signalée : ModuleNotFoundError: No module named 'requests'\n"})
	now := Change{Writer: "hook", Now: day("2026-03-22")}
	e := Extraction{Problems: []string{"Erreur signalée : " + err, "Erreur signalée : TypeError: Cannot read properties of undefined (reading 'map')"}}
	if _, err := p.Merge(e, now); err != nil {
		t.Fatal(err)
	}
	fixes := Extraction{Evidence: []string{"- Fixed ArgumentValidationError for the appearance settings", "Fixed the map TypeError: Cannot read properties of undefined",
		"Fixed ModuleNotFoundError: installed requests"}}
	if _, err := p.Merge(fixes, now); err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	for _, want := range []string{"- Erreur signalée à nouveau : " + err + "\n", "- Erreur signalée à nouveau : TypeError: Cannot read properties",
		"- corrigé : Erreur signalée : ModuleNotFoundError"} {
		if !strings.Contains(log, want) {
			t.Errorf("want %q in the log:\n%s", want, log)
		}
	}
	if n := strings.Count(log, "ArgumentValidationError"); n != 1 {
		t.Errorf("the error came back as %d bullets, want 1:\n%s", n, log)
	}
}
