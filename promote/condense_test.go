package promote

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"carnet/memstore"
)

func TestCondenseUnderLimitUnchanged(t *testing.T) {
	t.Parallel()
	in := []byte(genLongMemory("p", 120, 1))
	out, info, err := condense(in, 300, "fr", nil)
	must(t, err)
	if !bytes.Equal(in, out) || info.merges != nil || info.folded != nil {
		t.Fatalf("a long memory under its limit was changed")
	}
}

func TestCondenseIdempotent(t *testing.T) {
	t.Parallel()
	for _, lines := range []int{301, 450, 900, 2000} {
		in := []byte(genLongMemory("p", lines, 1) + fmt.Sprintf("\n## %s\n- %s\n", day(1), reworded(7)))
		once, info, err := condense(in, 300, "fr", nil)
		must(t, err)
		twice, _, err := condense(once, 300, "fr", nil)
		must(t, err)
		if !bytes.Equal(once, twice) {
			t.Errorf("%d lines: condensing twice differs", lines)
		}
		if lost := lostFacts(in, once); len(lost) > 0 {
			t.Errorf("%d lines: lost %q", lines, lost)
		}
		n := memstore.CountLines(once)
		if (n > 300) != (info.over > 0) || info.over > 0 && n-300 != info.over {
			t.Errorf("%d lines → %d, over %d", lines, n, info.over)
		}
		t.Logf("%d → %d lines, %d merged, %d folded, %d joined", lines, n, len(info.merges), len(info.folded), info.joined)
	}
}

// handwritten is a long memory with what a person adds by hand: free text, an unknown
// section, nested bullets and a code block.
const handwritten = `# Mémoire long terme — p

Notes prises à la main, à garder telles quelles.

## Règles métier
- Une facture validée ne se modifie plus.
  - sauf par un avoir
- Le code ci-dessous est la référence :
  ` + "```" + `
  go test ./...
  ` + "```" + `

`

func TestCondenseKeepsHandwritten(t *testing.T) {
	t.Parallel()
	lm := handwritten + strings.TrimPrefix(genLongMemory("p", 60, 1), "# Mémoire long terme — p\n\n")
	// a one-line duplicate of the nested bullet, later: it goes, the nested one stays as it is
	lm += fmt.Sprintf("\n## %s\n- une facture validée ne se modifie plus\n- %s\n", day(2), fact(500))
	for _, variant := range []struct {
		name string
		conv func(string) string
	}{
		{"LF", func(s string) string { return s }},
		{"CRLF", func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }},
		{"BOM, no final newline", func(s string) string { return "\uFEFF" + strings.TrimSuffix(s, "\n") }},
	} {
		t.Run(variant.name, func(t *testing.T) {
			in := variant.conv(lm)
			out, info, err := condense([]byte(in), 40, "fr", nil)
			must(t, err)
			got := string(out)
			keep := variant.conv(strings.TrimSuffix(handwritten, "\n\n"))
			if variant.name == "BOM, no final newline" {
				keep = strings.TrimSuffix(keep, "\n")
			}
			if !strings.HasPrefix(got, keep) {
				t.Errorf("hand-written part changed:\n%q", got[:min(len(got), len(keep)+40)])
			}
			if len(info.merges) != 1 || info.merges[0].Kept != "Une facture validée ne se modifie plus." {
				t.Errorf("merges %+v", info.merges)
			}
			if strings.Contains(got, "- une facture validée") {
				t.Errorf("the duplicate stayed")
			}
			if variant.name == "CRLF" && strings.Count(got, "\n") != strings.Count(got, "\r\n") {
				t.Errorf("line endings mixed")
			}
			end := map[string]string{"LF": "\n", "CRLF": "\r\n"}[variant.name]
			if !strings.HasSuffix(got, fact(500)+end) || strings.HasSuffix(got, "\n\n") || strings.HasSuffix(got, "\r\n\r\n") {
				t.Errorf("end of file: %q", got[len(got)-30:])
			}
			if strings.HasPrefix(variant.name, "BOM") != strings.HasPrefix(got, "\uFEFF") {
				t.Errorf("BOM lost or added")
			}
			if memstore.CountLines(out) > 40 {
				t.Errorf("%d lines", memstore.CountLines(out))
			}
			if lost := lostFacts([]byte(in), out); len(lost) > 0 {
				t.Errorf("lost %q", lost)
			}
		})
	}
}

func TestCondenseMergeKeepsLongestWording(t *testing.T) {
	t.Parallel()
	lm := "# M\n\n## 2025-01-01\n- le hook tourne dans le dossier temporaire !\n- Autre fait 1.\n\n## 2025-01-02\n- Le hook tourne dans un dossier temporaire\n- Autre fait 2.\n"
	out, info, err := condense([]byte(lm), 8, "fr", nil)
	must(t, err)
	if len(info.merges) != 1 || info.merges[0].Kept != "le hook tourne dans le dossier temporaire !" ||
		len(info.merges[0].Dropped) != 1 || info.merges[0].Dropped[0] != "Le hook tourne dans un dossier temporaire" {
		t.Fatalf("merges %+v", info.merges)
	}
	want := "# M\n\n## 2025-01-01\n- Autre fait 1.\n\n## 2025-01-02\n- le hook tourne dans le dossier temporaire !\n- Autre fait 2.\n"
	if string(out) != want {
		t.Errorf("the longer wording should stand where the fact was last said:\n%s", out)
	}
	// near-duplicates for Similar, but each says something the other does not: both stay
	lm = "# M\n\n## 2025-01-01\n- Piège connu : le build MkDocs dépassait 4 minutes à cause des images non compressées des demandes d'intervention.\n\n## 2025-01-02\n- Piège connu : le build MkDocs dépassait 4 minutes à cause des images non compressées des webhooks d'intervention.\n"
	if !memstore.Similar("Piège connu : le build MkDocs dépassait 4 minutes à cause des images non compressées des demandes d'intervention.", "Piège connu : le build MkDocs dépassait 4 minutes à cause des images non compressées des webhooks d'intervention.") {
		t.Log("memstore.Similar no longer pairs these; the case below is then trivially true")
	}
	out, info, err = condense([]byte(lm), 5, "fr", nil)
	must(t, err)
	if len(info.merges) != 0 || strings.Count(string(out), "Piège connu") != 2 {
		t.Errorf("merged two different facts: %+v\n%s", info.merges, out)
	}
	// "X" and "X (confirmé)": the fuller wording stays, where it was said last
	lm = "# M\n\n## 2025-01-01\n- Les habilitations dépendent du site et non de l'équipement : le dire dès l'introduction.\n- Autre.\n\n## 2025-01-02\n- Les habilitations dépendent du site et non de l'équipement : le dire dès l'introduction (confirmé).\n"
	out, info, err = condense([]byte(lm), 7, "fr", nil)
	must(t, err)
	if len(info.merges) != 1 || !strings.HasSuffix(string(out), "## 2025-01-02\n- Les habilitations dépendent du site et non de l'équipement : le dire dès l'introduction (confirmé).\n") {
		t.Errorf("confirmed fact: %+v\n%s", info.merges, out)
	}
	// a section left empty goes
	lm = "# M\n\n## 2025-01-01\n- Fait un.\n\n## 2025-01-02\n- Fait deux.\n\n## 2025-01-03\n- fait un\n- Fait trois.\n"
	out, _, err = condense([]byte(lm), 10, "fr", nil)
	must(t, err)
	if want := "# M\n\n## 2025-01-02\n- Fait deux.\n\n## 2025-01-03\n- Fait un.\n- Fait trois.\n"; string(out) != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestCondenseExtendsCondensedSection(t *testing.T) {
	t.Parallel()
	lm := "# M\n\n## Condensé — 2024-01-01 → 2024-06-30\n- Fait a1.\n- Fait a2.\n\n## 2024-07-01\n- Fait b1.\n\n## 2024-08-01\n- Fait c1.\n\n## 2024-09-01\n- Fait d1.\n"
	out, info, err := condense([]byte(lm), 11, "fr", nil)
	must(t, err)
	want := "# M\n\n## Condensé — 2024-01-01 → 2024-08-01\n- Fait a1.\n- Fait a2.\n- Fait b1.\n- Fait c1.\n\n## 2024-09-01\n- Fait d1.\n"
	if string(out) != want || len(info.folded) != 2 {
		t.Errorf("got %v:\n%s\nwant:\n%s", info.folded, out, want)
	}
	// in English
	out, _, err = condense([]byte(strings.Replace(lm, "## Condensé — 2024-01-01 → 2024-06-30\n- Fait a1.\n- Fait a2.\n\n", "", 1)), 8, "en", nil)
	must(t, err)
	if !strings.Contains(string(out), "## Condensed — 2024-07-01 → 2024-08-01\n- Fait b1.\n- Fait c1.\n\n## 2024-09-01") {
		t.Errorf("english:\n%s", out)
	}
}

func TestCondenseJoinsOldestFirst(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("# M\n")
	for d := 1; d <= 4; d++ {
		fmt.Fprintf(&b, "\n## 2024-01-0%d\n", d)
		for i := range 3 {
			fmt.Fprintf(&b, "- Fait %d.%d.\n", d, i)
		}
	}
	out, info, err := condense([]byte(b.String()), 10, "fr", nil)
	must(t, err)
	if memstore.CountLines(out) > 10 || info.joined == 0 {
		t.Errorf("%d lines, %d joined:\n%s", memstore.CountLines(out), info.joined, out)
	}
	if !strings.Contains(string(out), "- Fait 1.0; Fait 1.1;") {
		t.Errorf("oldest facts not joined first:\n%s", out)
	}
	if lost := lostFacts([]byte(b.String()), out); len(lost) > 0 {
		t.Errorf("lost %q", lost)
	}
}

// halfCondenser keeps the first half of the facts: a careless model.
type halfCondenser struct{ calls int }

func (h *halfCondenser) Condense(facts []string, target int) ([]string, error) {
	h.calls++
	return facts[:len(facts)/2], nil
}

func TestGuardRefusesDestructivePlan(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.write(t, lmRel, genLongMemory("cmms_doc", 450, 1))
	cond := &halfCondenser{}
	pl, err := Compute(w.p, Options{Condenser: cond}, testNow)
	must(t, err)
	var ge *GuardError
	if cond.calls != 1 || pl.Refused == nil || !asGuard(pl.Refused, &ge) || ge.Total != 320 || len(ge.Lost) < 80 {
		t.Fatalf("calls %d, refused %v", cond.calls, pl.Refused)
	}
	if !strings.Contains(pl.Refused.Error(), "--force") {
		t.Errorf("the refusal does not say how to force it: %v", pl.Refused)
	}

	pl, err = Compute(w.p, Options{Condenser: &halfCondenser{}, Force: true}, testNow)
	must(t, err)
	if pl.Refused != nil || len(pl.Lost) < 80 {
		t.Fatalf("forced: refused %v, lost %d", pl.Refused, len(pl.Lost))
	}

	// the limit itself: a quarter passes
	if err := guard(make([]string, 80), 320, false); err != nil {
		t.Errorf("80 of 320 refused: %v", err)
	}
	if err := guard(make([]string, 81), 320, false); err == nil {
		t.Errorf("81 of 320 passed")
	}
}

func asGuard(err error, ge **GuardError) bool {
	g := &GuardError{}
	ok := errors.As(err, &g)
	*ge = g
	return ok
}

func TestLostFacts(t *testing.T) {
	t.Parallel()
	before := []byte("# M\n\n## 2024-01-01\n- Fait un.\n- Le hook tourne dans un dossier temporaire.\n- Fait trois.\n- Fait quatre.\n")
	after := []byte("# M\n\n## Condensé — 2024-01-01 → 2024-01-01\n- fait un; Fait trois\n- le hook tourne dans le dossier temporaire\n")
	lost := lostFacts(before, after)
	if len(lost) != 1 || lost[0] != "Fait quatre." {
		t.Errorf("lost %q", lost)
	}
	if n := len(memstore.ParseDoc(before).AllBullets()); n != 4 {
		t.Fatal(n)
	}
}

// A file opening on a section keeps its BOM when that section's heading is rewritten.
func TestCondenseKeepsBOMOnRewrittenHeading(t *testing.T) {
	t.Parallel()
	lm := "\uFEFF## 2025-01-01\n- un\n\n## 2025-01-02\n- deux\n\n## 2025-01-03\n- trois\n"
	out, info, err := condense([]byte(lm), 6, "fr", nil)
	must(t, err)
	if len(info.folded) == 0 || !strings.HasPrefix(string(out), "\uFEFF## Condensé — 2025-01-01 → ") {
		t.Errorf("folded %v:\n%q", info.folded, out)
	}
}
