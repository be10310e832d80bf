package memstore

import (
	"strings"
	"testing"
)

// A command that failed open in one exchange and, in a later one, failed on something else
// then went through: the bullet keeps the first cause, marked fixed. Failing again open, it
// takes the new cause.
func TestFoldedFailureKeepsTheOpenCauseItFixed(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Problèmes rencontrés\n" +
		"- Échec de `git add a.test.ts && git commit` : FAIL a.test.ts > creates a record within budget\n" +
		"- Échec de `npm run build` : TypeError: generate is not a function\n"})
	e := Extraction{Problems: []string{
		"corrigé : Échec de `git add a.test.ts && git commit` : [warn] Code style issues found in the above file.",
		"Échec de `npm run build` : Error: Cannot find module 'next'",
	}}
	if _, err := p.Merge(e, Change{Writer: "hook", Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if !strings.Contains(log, "- corrigé : Échec de `git add a.test.ts && git commit` : FAIL a.test.ts > creates a record within budget\n") ||
		strings.Contains(log, "Code style") {
		t.Errorf("the fixed failure does not keep the cause met first:\n%s", log)
	}
	if !strings.Contains(log, "- Échec de `npm run build` : Error: Cannot find module 'next'\n") || strings.Contains(log, "generate") {
		t.Errorf("a failure open again does not take its latest cause:\n%s", log)
	}
}

// An error the user reports again after it was marked fixed came back: it is open again.
func TestReportedErrorBackAfterItsFixIsOpen(t *testing.T) {
	t.Parallel()
	const err = "Erreur signalée : ArgumentValidationError: Object contains extra field `aiStarsGradientEnd` that is not in the validator."
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Problèmes rencontrés\n- corrigé : " + err + "\n"})
	if _, e := p.Merge(Extraction{Problems: []string{err}}, Change{Writer: "hook", Now: day("2026-03-22")}); e != nil {
		t.Fatal(e)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if strings.Contains(log, "corrigé") || strings.Count(log, "ArgumentValidationError") != 1 {
		t.Errorf("the error reported again is not reopened, once:\n%s", log)
	}
}
