package memstore

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func hitTexts(hits []Hit) []string {
	var out []string
	for _, h := range hits {
		out = append(out, h.Text)
	}
	return out
}

// TestFindWords: a query word matches the start of a word, so shorter forms find longer ones
// but a word inside another does not match; case, accents, œ and ß are folded.
func TestFindWords(t *testing.T) {
	t.Parallel()
	w, _ := newTestWorkspace(t, map[string]string{
		"logs/2026-03-20.md": "# Log\n\n## Travail produit\n- La configuration du proxy est relue.\n- Le support de l'import est fini.\n- Le port 8080 est ouvert.\n- Ack reçu du serveur ; le stack est back.\n- Une Œuvre de Straße.\n",
	})
	for q, want := range map[string][]string{
		"config":        {"- La configuration du proxy est relue."},
		"port":          {"- Le port 8080 est ouvert."},
		"ack":           {"- Ack reçu du serveur ; le stack est back."},
		"oeuvre":        {"- Une Œuvre de Straße."},
		"STRASSE œuvre": {"- Une Œuvre de Straße."},
		"recu serveur":  {"- Ack reçu du serveur ; le stack est back."},
		"travail":       nil, // headings are not hits
		"config port":   nil, // every word must be on the line
	} {
		hits, err := w.Search(q, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := hitTexts(hits); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("Search(%q) = %q, want %q", q, got, want)
		}
	}
}

// TestFindRanks: a line where the rare word appears ranks above lines holding only common
// words; among equal lines the newer log comes first; filters and offset apply.
func TestFindRanks(t *testing.T) {
	t.Parallel()
	files := map[string]string{"long_memory.md": "# Mémoire\n\n## 2026-01-05\n- Le déploiement passe par Helm sur le cluster de recette.\n"}
	for d := 1; d <= 20; d++ {
		date := fmt.Sprintf("2026-02-%02d", d)
		var b strings.Builder
		fmt.Fprintf(&b, "# Log %s\n\n## Travail produit\n", date)
		for i := range 5 {
			fmt.Fprintf(&b, "- Déploiement %d du service web, sans incident.\n", i)
		}
		b.WriteString("\n## Décisions\n- Le déploiement reste manuel le vendredi.\n")
		files["logs/"+date+".md"] = b.String()
	}
	w, _ := newTestWorkspace(t, files)
	r, err := w.Find(Query{Text: "deploiement helm", Limit: 5})
	if err != nil {
		t.Fatal(err)
	}
	if r.Total != 1 || r.Hits[0].Path != "memory_sessions/long_memory.md" || r.Hits[0].Date != "2026-01-05" || r.Hits[0].Section != "2026-01-05" {
		t.Errorf("helm: %+v", r)
	}
	r, _ = w.Find(Query{Text: "déploiement vendredi"})
	if r.Total != 20 || r.Hits[0].Date != "2026-02-20" || r.Hits[19].Date != "2026-02-01" {
		t.Errorf("recency: total %d, first %+v", r.Total, r.Hits[0])
	}
	r, _ = w.Find(Query{Text: "deploiement", Section: "decisions", From: "2026-02-10", To: "2026-02-12"})
	if r.Total != 3 {
		t.Errorf("section and dates: %+v", r)
	}
	for _, h := range r.Hits {
		if h.Section != "Décisions" || h.Date < "2026-02-10" || h.Date > "2026-02-12" {
			t.Errorf("filtered hit %+v", h)
		}
	}
	all, _ := w.Find(Query{Text: "deploiement"})
	page, _ := w.Find(Query{Text: "deploiement", Offset: 10, Limit: 10})
	if all.Total != 121 || page.Total != 121 || len(page.Hits) != 10 || page.Hits[0] != all.Hits[10] {
		t.Errorf("paging: %d/%d hits, %+v vs %+v", all.Total, page.Total, page.Hits[0], all.Hits[10])
	}
	skip, _ := w.Find(Query{Text: "helm", Skip: func(d []byte) bool { return strings.Contains(string(d), "Helm") }})
	if skip.Total != 0 {
		t.Errorf("skipped file still found: %+v", skip)
	}
}

// writeBenchWorkspace writes projects × days logs of 2–20 KB into root, as the issue's
// measure has it, with one planted fact.
func writeBenchWorkspace(b testing.TB, root string, projects, days int) {
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	var toml strings.Builder
	toml.WriteString("[projects]\n")
	for p := range projects {
		dir := fmt.Sprintf("p%02d/memory_sessions", p)
		fmt.Fprintf(&toml, "p%02d = %q\n", p, dir)
		logs := filepath.Join(root, filepath.FromSlash(dir), "logs")
		if err := os.MkdirAll(logs, 0o755); err != nil {
			b.Fatal(err)
		}
		for d := range days {
			size := 2<<10 + (p*days+d)*7919%(18<<10)
			data := genLog(size)
			if d == days/2 && p == projects/2 {
				data += "\n## Connaissances acquises\n- Le fournisseur Zéphyrin facture la configuration en œuvre.\n"
			}
			if err := os.WriteFile(filepath.Join(logs, start.AddDate(0, 0, d).Format("2006-01-02")+".md"), []byte(data), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := os.WriteFile(filepath.Join(root, ConfigFile), []byte(toml.String()), 0o644); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkSearch20x365 searches 20 projects × 365 logs of 2–20 KB (scripts/bench-search.sh
// compares it with rg -ni on the same files), with the search index one search wrote.
func BenchmarkSearch20x365(b *testing.B) {
	benchSearch20x365(b, nil)
}

// BenchmarkSearch20x365NoIndex is the same search reading every file, as a Skip makes it.
func BenchmarkSearch20x365NoIndex(b *testing.B) {
	benchSearch20x365(b, func([]byte) bool { return false })
}

func benchSearch20x365(b *testing.B, skip func([]byte) bool) {
	root := b.TempDir()
	writeBenchWorkspace(b, root, 20, 365)
	w, err := Open(root)
	if err != nil {
		b.Fatal(err)
	}
	settle()
	if _, err := w.Find(Query{Text: "warm up"}); err != nil { // writes the indexes
		b.Fatal(err)
	}
	for b.Loop() {
		r, err := w.Find(Query{Text: "zephyrin oeuvre", Limit: 30, Skip: skip})
		if err != nil || r.Total != 1 {
			b.Fatalf("%+v, %v", r, err)
		}
	}
}

// TestWriteBenchWorkspace writes the benchmark workspace into $CARNET_BENCH_DIR, for
// scripts/bench-search.sh; without it the test is skipped.
func TestWriteBenchWorkspace(t *testing.T) {
	dir := os.Getenv("CARNET_BENCH_DIR")
	if dir == "" {
		t.Skip("CARNET_BENCH_DIR not set")
	}
	writeBenchWorkspace(t, dir, 20, 365)
}
