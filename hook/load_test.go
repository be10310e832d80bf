package hook

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"carnet/memstore"
)

// TestComposeLoadKeepsTheLastDayBeforeOldFacts: when the budget is short, the log of the last
// day worked stays, and the oldest long-memory sections are what goes.
func TestComposeLoadKeepsTheLastDayBeforeOldFacts(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	w, _ := memstore.Open(ws)
	p := w.Projects[0]
	var sb strings.Builder
	sb.WriteString("# Mémoire long terme — root\n")
	for d := 1; d <= 28; d++ {
		fmt.Fprintf(&sb, "\n## 2026-02-%02d\n", d)
		for j := range 3 {
			fmt.Fprintf(&sb, "- Fait durable %d-%d : une règle du projet écrite en une phrase ordinaire.\n", d, j)
		}
	}
	os.WriteFile(p.WS.Abs(p.LongMemoryPath()), []byte(sb.String()), 0o644)
	os.WriteFile(p.WS.Abs(p.LogPath("2026-03-20")), []byte("# Log session — 2026-03-20\n\n## Décisions prises\n- Garder le lecteur de transcript en lecture arrière.\n"), 0o644)
	os.WriteFile(p.WS.Abs(p.LogPath("2026-03-22")), []byte("# Log session — 2026-03-22\n\n## Objectif\n- Finir le benchmark.\n"), 0o644)

	l, err := ComposeLoad(p, fixedNow(), 600, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Finir le benchmark", "Garder le lecteur de transcript", "Fait durable 28-0"} {
		if !strings.Contains(l.Text, want) {
			t.Errorf("load lacks %q:\n%s", want, l.Text)
		}
	}
	if strings.Contains(l.Text, "Fait durable 1-0 ") {
		t.Errorf("the oldest long-memory section was kept before the last day's log:\n%s", l.Text)
	}
}

// TestComposeLoadOrderAndTrim: open items first, then where work stopped, then decisions;
// a long section loses its oldest bullets, never all of them.
func TestComposeLoadOrderAndTrim(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	w, _ := memstore.Open(ws)
	p := w.Projects[0]
	var sb strings.Builder
	sb.WriteString("# Log session — 2026-03-22\n\n## Objectif\n")
	for i := range 60 {
		fmt.Fprintf(&sb, "- Objectif numéro %d, une demande ordinaire de la session.\n", i)
	}
	sb.WriteString("\n## Travail produit\n- Commit abc1234 : parser: accept tabs\n- Commit def5678 : lexer: keep tabs\n- Fichiers modifiés : a.go\n- Fichiers créés : b.go\n")
	sb.WriteString("\n## Décisions prises\n- Garder le lecteur arrière, parce qu'il lit peu.\n")
	sb.WriteString("\n## À suivre\n- Porter les remboursements\n")
	os.WriteFile(p.WS.Abs(p.LogPath("2026-03-22")), []byte(sb.String()), 0o644)
	l, err := ComposeLoad(p, fixedNow(), 600, 0)
	if err != nil {
		t.Fatal(err)
	}
	order := []string{"carnet add -s decisions", "Porter les remboursements", "Objectif numéro 59,", "Commit abc1234", "Garder le lecteur arrière", "Objectif numéro 58,"}
	last := -1
	for _, s := range order {
		i := strings.Index(l.Text, s)
		if i < 0 || i < last {
			t.Fatalf("%q missing or out of order:\n%s", s, l.Text)
		}
		last = i
	}
	if strings.Contains(l.Text, "Objectif numéro 0,") {
		t.Errorf("the oldest goal was kept under a short budget:\n%s", l.Text)
	}
	if !strings.Contains(l.Explain(), "how to record decisions, lessons, what is left") {
		t.Errorf("explain does not measure the how-to lines:\n%s", l.Explain())
	}
}

// The SessionStart's instruction on recording (the gate's request, in two lines) stays
// within 60 tokens, as load --explain counts them, in both languages.
func TestLoadHowToIsShort(t *testing.T) {
	t.Parallel()
	for l, w := range loadWording {
		if n := Tokens(w.howto); n > 60 || strings.Count(w.howto, "\n") != 2 || !strings.Contains(w.howto, "carnet done") {
			t.Errorf("%s: %d tokens: %q", l, n, w.howto)
		}
	}
}

// An item a promotion carried into an older log is listed with the day it was first written.
func TestComposeLoadCarriedItemKeepsItsFirstDay(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	w, _ := memstore.Open(ws)
	p := w.Projects[0]
	os.WriteFile(p.WS.Abs(p.LogPath("2026-03-20")), []byte("# Log session — 2026-03-20\n\n## À suivre\n- Relancer le fournisseur (ouvert depuis le 2026-02-10) !6\n"), 0o644)
	l, err := ComposeLoad(p, fixedNow(), 2500, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(l.Text, "- Relancer le fournisseur !6 (2026-02-10)\n") {
		t.Errorf("the carried item is not dated by its first day:\n%s", l.Text)
	}
}
