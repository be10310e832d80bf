package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/promote"
)

// The review shows a fact without evidence unticked, marked unproven; ticking its hunk
// promotes it.
func TestReviewUnprovenUnticked(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	const fact = "Le cache Redis se vide à chaque déploiement. <!-- model:haiku -->"
	log := filepath.Join(root, "projects/cmms_doc/memory_sessions/logs/2026-01-15.md")
	if err := os.WriteFile(log, []byte("# Log session — 2026-01-15\n\n## Connaissances acquises\n- "+fact+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root, true)
	h.press("p")
	s := topIs[*review](h, "p opened")
	if s.plan == nil {
		t.Fatalf("no plan: %v", s.err)
	}
	var lm *promote.Change
	for i, ch := range s.plan.Changes {
		if strings.HasSuffix(ch.Path, "long_memory.md") {
			s.list.cursor, lm = i, ch
		}
	}
	if lm == nil {
		t.Fatal("no long-memory change")
	}
	hunk := -1
	for i, hk := range lm.Hunks {
		if len(hk.Unproven) > 0 {
			hunk = i
		}
	}
	if hunk < 0 || lm.Hunks[hunk].Accepted {
		t.Fatalf("the unproven fact has no unticked hunk of its own (%d)", hunk)
	}
	h.press("enter")
	for range hunk {
		h.press("j")
	}
	h.contains("unproven (no evidence)")
	h.press("space")
	if !lm.Hunks[hunk].Accepted {
		t.Fatal("space did not tick the unproven hunk")
	}
	h.press("esc", "w")
	h.contains("Promoted, committed")
	if got := readFile(t, filepath.Join(root, lm.Path)); !strings.Contains(got, fact) {
		t.Fatal("the ticked fact is not in long memory")
	}
}
