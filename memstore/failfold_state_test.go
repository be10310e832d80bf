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
	asCaptured(t, p, p.LogPath("2026-03-22"))
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
	asCaptured(t, p, p.LogPath("2026-03-22"))
	if _, e := p.Merge(Extraction{Problems: []string{err}}, Change{Writer: "hook", Now: day("2026-03-22")}); e != nil {
		t.Fatal(e)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if strings.Contains(log, "corrigé") || strings.Count(log, "ArgumentValidationError") != 1 {
		t.Errorf("the error reported again is not reopened, once:\n%s", log)
	}
}

// The same file missing to another command in a later exchange is the failure the day
// already has: one bullet, in its latest state.
func TestSameMissingFileIsOneFailure(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Problèmes rencontrés\n" +
		"- Échec de `python -` : FileNotFoundError: [Errno 2] No such file or directory: 'exported-session.jsonl'\n" +
		"- Échec de `cat config.toml` : cat: config.toml: No such file or directory\n"})
	e := Extraction{Problems: []string{"Échec de `head -n 15 exported-session.jsonl` : head: exported-session.jsonl: No such file or directory"}}
	if _, err := p.Merge(e, Change{Writer: "hook", Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	n := 0
	for l := range strings.Lines(log) {
		if strings.Contains(l, "exported-session.jsonl") {
			n++
		}
	}
	if n != 1 || !strings.Contains(log, "config.toml") {
		t.Errorf("the same missing file is not one failure:\n%s", log)
	}
}
