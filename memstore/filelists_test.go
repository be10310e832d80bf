package memstore

import (
	"strings"
	"testing"
)

// TestFileListsMergeAcrossTurns: the files of each turn fold into one bullet per kind for the
// day; a file created that day is not listed again as changed; a count of hidden files stays.
func TestFileListsMergeAcrossTurns(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	for _, work := range [][]string{
		{"Fichiers créés : a.go, b.go", "Fichiers modifiés : main.go"},
		{"Fichiers modifiés : a.go, main.go, c.go", "Commit 1a2b3c4 : add c"},
		{"Fichiers modifiés : d.go (+3 more)"},
		{"Fichiers modifiés : c.go"},
	} {
		if _, err := p.Merge(Extraction{Work: work}, Change{Now: day("2026-03-22")}); err != nil {
			t.Fatal(err)
		}
	}
	got := read(t, p.WS.Abs(p.LogPath("2026-03-22")))
	want := "## Travail produit\n- Fichiers créés : a.go, b.go\n- Fichiers modifiés : main.go, c.go, d.go (+3 more)\n- Commit 1a2b3c4 : add c\n"
	if !strings.Contains(got, want) {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
	var many []string
	for _, c := range "abcdefghijklmnop" {
		many = append(many, "internal/package/"+string(c)+".go")
	}
	files, hidden := parseFileList(ListFiles(many))
	if len(files)+hidden != len(many) {
		t.Errorf("%d names + %d hidden, want %d", len(files), hidden, len(many))
	}
	// A day that changes more files than a turn's bullet holds keeps them in its one bullet: no
	// name hidden, no second "Fichiers modifiés" bullet.
	for i := 0; i < len(many); i += 4 {
		if _, err := p.Merge(Extraction{Work: []string{"Fichiers modifiés : " + strings.Join(many[i:i+4], ", ")}}, Change{Now: day("2026-03-23")}); err != nil {
			t.Fatal(err)
		}
	}
	got = read(t, p.WS.Abs(p.LogPath("2026-03-23")))
	if strings.Contains(got, "more)") || strings.Count(got, "- Fichiers modifiés : ") != 1 {
		t.Errorf("log:\n%s", got)
	}
	for _, f := range many {
		if !strings.Contains(got, f) {
			t.Errorf("%s is missing:\n%s", f, got)
		}
	}
}

func TestFileBulletsHideNoName(t *testing.T) {
	t.Parallel()
	var files []string
	for i := range 30 {
		files = append(files, "src/components/widget_"+strings.Repeat("x", i%7)+string(rune('a'+i%26))+".tsx")
	}
	got := FileBullets("Files created: ", files)
	if len(got) < 2 || len(got) > maxFileBullets || strings.Contains(strings.Join(got, "\n"), "more)") {
		t.Fatalf("%d bullets:\n%s", len(got), strings.Join(got, "\n"))
	}
	for _, f := range files {
		if !strings.Contains(strings.Join(got, "\n"), f) {
			t.Errorf("%s is missing", f)
		}
	}
	for _, b := range got {
		if len(b) > 300 {
			t.Errorf("%d-byte bullet: %s", len(b), b)
		}
	}
	for len(files) < 200 {
		files = append(files, files...)
	}
	if got := FileBullets("Files created: ", files); len(got) != maxFileBullets || !strings.HasSuffix(got[len(got)-1], "more)") {
		t.Errorf("very many files: %q", got)
	}
}
