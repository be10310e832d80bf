package memstore

import (
	"errors"
	"strings"
	"testing"
)

// TestDedupNeverDropsAFact: only the same text once normalised is folded, across the
// sections of a day; a near-duplicate is written and reported as similar; "a" counts and
// word order matters.
func TestDedupNeverDropsAFact(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Connaissances acquises\n- Le transcript JSONL contient des lignes vides.\n\n## Décisions\n- Call vendor A about the invoice.\n- Plan A is cheaper than plan B.\n"})
	res, err := p.Merge(Extraction{
		Work:      []string{"le transcript jsonl contient des lignes vides"},  // same fact, other section: folded
		Knowledge: []string{"Le transcript JSONL contient les lignes vides."}, // near: written, reported
		Decisions: []string{"Call vendor B about the invoice.", "Plan B is cheaper than plan A."},
	}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	if res.Duplicates != 1 || len(res.Added) != 3 {
		t.Fatalf("added %v, %d duplicates", res.Added, res.Duplicates)
	}
	// the same words in another order are written, and reported as similar for a person to judge
	if len(res.Similar) != 2 || res.Similar[0].Text != "Le transcript JSONL contient les lignes vides." || res.Similar[1].Text != "Plan B is cheaper than plan A." {
		t.Errorf("similar = %v", res.Similar)
	}
	got := readRel(t, p, p.LogPath("2026-03-22"))
	for _, want := range []string{"- Call vendor B about the invoice.", "- Plan B is cheaper than plan A.", "- Le transcript JSONL contient les lignes vides."} {
		if !strings.Contains(got, want) {
			t.Errorf("%q not written:\n%s", want, got)
		}
	}
	if strings.Count(got, "des lignes vides") != 1 {
		t.Errorf("the same fact written twice:\n%s", got)
	}
}

// TestDoneAmbiguousAllWords: done is ambiguous whenever more than one open item holds all the
// query's words, even when one of them is nearer.
func TestDoneAmbiguousAllWords(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## À suivre\n- Relancer fournisseur A\n- Relancer fournisseur B\n"})
	_, _, err := p.Done("relancer fournisseur", false, Change{Now: day("2026-03-22")})
	var amb *AmbiguousError
	if !errors.As(err, &amb) || len(amb.Candidates) != 2 {
		t.Fatalf("Done = %v, want ambiguous between both", err)
	}
	items, _, err := p.Done("relancer fournisseur A", false, Change{Now: day("2026-03-22")})
	if err != nil || len(items) != 1 || !strings.HasSuffix(items[0].Text, "fournisseur A") {
		t.Fatalf("Done(A) = %v, %v", items, err)
	}
}
