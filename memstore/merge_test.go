package memstore

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// newTestWorkspace makes a workspace with one project at the root and returns it.
func newTestWorkspace(t testing.TB, files map[string]string) (*Workspace, *Project) {
	t.Helper()
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, MemoryDir, "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		p := filepath.Join(root, MemoryDir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	p, err := w.Project("root")
	if err != nil {
		t.Fatal(err)
	}
	return w, p
}

func day(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04", s+" 10:00")
	if err != nil {
		panic(err)
	}
	return t
}

func read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// readRel reads rel (workspace-relative) of p's workspace from the disk.
func readRel(t testing.TB, p *Project, rel string) string {
	t.Helper()
	return read(t, p.WS.Abs(rel))
}

func TestMergeNewLog(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	e := Extraction{
		Context:   []string{"Refonte de la mémoire"},
		Next:      []string{"Valider la découverte des skills", "  "},
		Decisions: []string{"- Appeler l'extracteur depuis un dossier temporaire"},
		LongTerm:  []string{"Le hook lit le transcript depuis la fin."},
	}
	res, err := p.Merge(e, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	want := `# Log session — 2026-03-22

## Contexte
- Refonte de la mémoire

## Décisions prises
- Appeler l'extracteur depuis un dossier temporaire

## À suivre
- Valider la découverte des skills
`
	if got := readRel(t, p, p.LogPath("2026-03-22")); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
	wantLong := "# Mémoire long terme — root\n\n## 2026-03-22\n- Le hook lit le transcript depuis la fin.\n"
	if got := readRel(t, p, p.LongMemoryPath()); got != wantLong {
		t.Errorf("long memory:\n%q\nwant:\n%q", got, wantLong)
	}
	if len(res.Added) != 4 || len(res.Changed) != 2 {
		t.Errorf("added %d changed %v", len(res.Added), res.Changed)
	}
}

func TestMergeDedup(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Connaissances acquises\n- Le transcript JSONL contient des lignes vides.\n\n## À suivre\n- Écrire les tests de charge\n"})
	dups := []string{
		"le transcript jsonl contient des lignes vides",     // case, punctuation
		"Le   transcript JSONL contient des lignes vides !", // spacing, trailing punctuation
		"✅ Le transcript JSONL contient des lignes vides.",  // leading tick
		"Le transcript JSONL contient des lignes vides",     // decomposed accents would match too
	}
	before := readRel(t, p, p.LogPath("2026-03-22"))
	st, _ := os.Stat(p.WS.Abs(p.LogPath("2026-03-22")))
	res, err := p.Merge(Extraction{Knowledge: dups, Next: []string{"écrire les tests de charge."}}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Added) != 0 || res.Duplicates != len(dups)+1 || len(res.Changed) != 0 {
		t.Fatalf("added %v dups %d changed %v", res.Added, res.Duplicates, res.Changed)
	}
	if after := readRel(t, p, p.LogPath("2026-03-22")); after != before {
		t.Fatalf("file changed:\n%s", after)
	}
	st2, _ := os.Stat(p.WS.Abs(p.LogPath("2026-03-22")))
	if !st2.ModTime().Equal(st.ModTime()) {
		t.Fatal("a merge that adds nothing rewrote the file")
	}
	// different numbers or paths are different facts
	res, _ = p.Merge(Extraction{Knowledge: []string{"Le transcript JSONL v2 contient des lignes vides."}}, Change{Now: day("2026-03-22")})
	if len(res.Added) != 1 {
		t.Fatalf("near-duplicate with a different version was dropped: %+v", res)
	}
}

func TestNormalizeAndSimilar(t *testing.T) {
	t.Parallel()
	same := [][2]string{
		{"Valider le format JSON.", "valider le format json"},
		{"Valider  le format JSON", "✅ Valider le format JSON!"},
		{"Décision prise", "De\u0301cision prise"}, // NFC vs NFD
		{"Run the tests before committing", "Run tests before committing."},
		{"Validate the JSON format of the hook output", "Validate JSON format for hook output"},
		{"Stocker les images des demandes d'intervention sur S3", "Stocker les images des demandes d'intervention sur S3 directement"},
	}
	for _, c := range same {
		if !Similar(c[0], c[1]) {
			t.Errorf("Similar(%q, %q) = false", c[0], c[1])
		}
	}
	diff := [][2]string{
		{"Use port 8080 for the API", "Use port 8081 for the API"},
		{"Edit cmd/main.go", "Edit cmd/root.go"},
		{"Valider le format JSON", "Valider le format YAML"},
		{"Tests passent", "Tests échouent"},
		{"Stocker les images des demandes d'intervention dans le bucket partagé du client", "Stocker les images des webhooks d'intervention dans le bucket partagé du client"},
		{"Fix bug", "Fix bug parser"},
	}
	for _, c := range diff {
		if Similar(c[0], c[1]) {
			t.Errorf("Similar(%q, %q) = true", c[0], c[1])
		}
	}
}

func TestMergeTicksAcrossDays(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{
		"logs/2026-03-20.md": "# Log session — 2026-03-20\n\n## À suivre\n- Valider la découverte des skills\n- Relire le README\n",
		"logs/2026-03-21.md": "# Log session — 2026-03-21\n\n## Contexte\n- Suite.\n\n## À suivre\n- Écrire le benchmark\n",
	})
	res, err := p.Merge(Extraction{NextDone: []string{"valider la découverte des skills.", "Écrire le benchmark", "inconnu"}, Work: []string{"Patch appliqué"}}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Ticked) != 2 || len(res.Unmatched) != 1 {
		t.Fatalf("ticked %v unmatched %v", res.Ticked, res.Unmatched)
	}
	want20 := "# Log session — 2026-03-20\n\n## À suivre\n- Relire le README\n\n## Finalisé\n- ✅ Valider la découverte des skills\n"
	if got := readRel(t, p, p.LogPath("2026-03-20")); got != want20 {
		t.Errorf("2026-03-20:\n%q\nwant\n%q", got, want20)
	}
	want21 := "# Log session — 2026-03-21\n\n## Contexte\n- Suite.\n\n## Finalisé\n- ✅ Écrire le benchmark\n"
	if got := readRel(t, p, p.LogPath("2026-03-21")); got != want21 {
		t.Errorf("2026-03-21:\n%q\nwant\n%q", got, want21)
	}
	items, _ := p.OpenItems()
	if len(items) != 1 || items[0].Text != "Relire le README" || items[0].Date != "2026-03-20" {
		t.Errorf("open items %+v", items)
	}
}

func TestMergeIdempotent(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	e := Extraction{Goal: []string{"Tester"}, Next: []string{"A", "B"}, NextDone: []string{"A"}, LongTerm: []string{"Fait durable."}}
	if _, err := p.Merge(e, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	log1, long1 := readRel(t, p, p.LogPath("2026-03-22")), readRel(t, p, p.LongMemoryPath())
	res, err := p.Merge(e, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	if log2, long2 := readRel(t, p, p.LogPath("2026-03-22")), readRel(t, p, p.LongMemoryPath()); log1 != log2 || long1 != long2 {
		t.Fatalf("second merge changed files:\n%s\n%s", log2, long2)
	}
	if len(res.Changed) != 0 {
		t.Fatalf("second merge wrote %v", res.Changed)
	}
	if !strings.Contains(log1, "- ✅ A") || strings.Contains(log1, "\n- A\n") {
		t.Fatalf("A not ticked:\n%s", log1)
	}
}

func TestLongMemoryDates(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"long_memory.md": "# Mémoire long terme — root\n\n## 2026-03-09\n- Fait ancien.\n"})
	if _, err := p.Merge(Extraction{LongTerm: []string{"Fait ancien", "Fait nouveau"}}, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Merge(Extraction{LongTerm: []string{"Deuxième fait du jour"}}, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Merge(Extraction{LongTerm: []string{"Fait du lendemain"}}, Change{Now: day("2026-03-23")}); err != nil {
		t.Fatal(err)
	}
	want := "# Mémoire long terme — root\n\n## 2026-03-09\n- Fait ancien.\n\n## 2026-03-22\n- Fait nouveau\n- Deuxième fait du jour\n\n## 2026-03-23\n- Fait du lendemain\n"
	if got := readRel(t, p, p.LongMemoryPath()); got != want {
		t.Fatalf("got\n%q\nwant\n%q", got, want)
	}
}

func TestMergeRelativePaths(t *testing.T) {
	t.Parallel()
	w, p := newTestWorkspace(t, nil)
	_, err := p.Merge(Extraction{Work: []string{"Edited " + filepath.Join(w.Root, "cmd", "main.go") + " and " + w.Root}}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	got := readRel(t, p, p.LogPath("2026-03-22"))
	if strings.Contains(got, w.Root) || !strings.Contains(got, "Edited cmd/main.go and .") {
		t.Fatalf("absolute path written:\n%s", got)
	}
}

func TestDoneAmbiguous(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-20.md": "# L\n\n## À suivre\n- Écrire les tests du hook\n- Écrire les tests du parser\n"})
	before := readRel(t, p, p.LogPath("2026-03-20"))
	_, _, err := p.Done("écrire les tests", false, Change{Now: day("2026-03-22")})
	amb := &AmbiguousError{}
	ok := errors.As(err, &amb)
	if !ok || len(amb.Candidates) != 2 {
		t.Fatalf("want ambiguity, got %v", err)
	}
	if readRel(t, p, p.LogPath("2026-03-20")) != before {
		t.Fatal("ambiguous done changed the file")
	}
	if _, _, err := p.Done("nothing like it", false, Change{Now: day("2026-03-22")}); err == nil {
		t.Fatal("want not found")
	}
	ticked, _, err := p.Done("tests du parser", false, Change{Now: day("2026-03-22")})
	if err != nil || len(ticked) != 1 {
		t.Fatalf("ticked %v err %v", ticked, err)
	}
}

func TestParseExtraction(t *testing.T) {
	t.Parallel()
	e, err := ParseExtraction([]byte("Here you go:\n```json\n{\"contexte\": \"seul\", \"a_suivre\": [\"a\", null, \"b\"], \"surprise\": 1, \"projets\": null}\n```"))
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Context) != 1 || len(e.Next) != 2 || len(e.Unknown) != 1 || e.Unknown[0] != "surprise" {
		t.Fatalf("%+v", e)
	}
	if _, err := ParseExtraction([]byte("not json")); err == nil {
		t.Fatal("want error")
	}
	if _, err := ParseExtraction([]byte(`{"contexte": {"a": 1}}`)); err == nil {
		t.Fatal("want error for an object value")
	}
}

func TestDoneKeepsNestedLines(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{
		"logs/2026-03-20.md": "# Log session — 2026-03-20\r\n\r\n## À suivre\r\n- Corriger le bug de CRLF\r\n  - cas du BOM\r\n  voir la note de Paul\r\n- Autre chose\r\n\r\n## Finalisé\r\n- ✅ Relire le README\r\n",
		"logs/2026-03-21.md": "# Log session — 2026-03-21\n\n## À suivre\n- Relire le guide\n  - section install\n\n## Finalisé\n- ✅ Relire le guide\n",
	})
	if _, _, err := p.Done("bug de CRLF", false, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	want := "# Log session — 2026-03-20\r\n\r\n## À suivre\r\n- Autre chose\r\n\r\n## Finalisé\r\n- ✅ Relire le README\r\n- ✅ Corriger le bug de CRLF\r\n  - cas du BOM\r\n  voir la note de Paul\r\n"
	if got := readRel(t, p, p.LogPath("2026-03-20")); got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	// an item already in Finalisé (written there by hand) keeps its nested lines too
	if _, _, err := p.Done("Relire le guide", false, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	if got, want := readRel(t, p, p.LogPath("2026-03-21")), "# Log session — 2026-03-21\n\n## Finalisé\n- ✅ Relire le guide\n  - section install\n"; got != want {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
}

// What a person or an agent writes on purpose is never folded into a bullet that says less:
// a restated choice from the CLI or MCP is written, and reported as similar.
