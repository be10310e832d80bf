package memstore

import (
	"fmt"
	"strings"
	"testing"
)

// TestDayFilesOneBulletPerKind: a day's turns that each create and change files leave one
// "created" and one "changed" bullet, names in first-seen order, a file created then changed
// listed as created only; the other work bullets stay as they were written.
func TestDayFilesOneBulletPerKind(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	p.WS.Config.Language = "en"
	many := make([]string, 14)
	for i := range many {
		many[i] = fmt.Sprintf("assets/pieces/piece%02d.svg", i)
	}
	for _, work := range [][]string{
		{"Files created: index.html, app.js", "Files changed: README.md", "`app.js`: pieces are now draggable"},
		FileBullets("Files created: ", many), // one turn's list in two bullets
		{"Files created: rules.js, app.js", "Files changed: app.js, ui.js, README.md", "`app.js`: pieces are now draggable"},
		{"Files changed: rules.js"},
	} {
		if _, err := p.Merge(Extraction{Work: work}, Change{Writer: "hook", Now: day("2026-03-24")}); err != nil {
			t.Fatal(err)
		}
	}
	got := read(t, p.WS.Abs(p.LogPath("2026-03-24")))
	want := "## Work done\n- Files created: index.html, app.js, " + strings.Join(many, ", ") + ", rules.js\n" +
		"- Files changed: README.md, ui.js\n- `app.js`: pieces are now draggable\n"
	if !strings.HasSuffix(got, want) {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

// TestDayFilesCountHiddenExactly: past the day's bounds a list says how many more files it
// changed, counting the ones earlier turns already hid, never a name twice.
func TestDayFilesCountHiddenExactly(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	var all []string
	for turn := range 8 {
		var files []string
		for i := range 10 {
			files = append(files, fmt.Sprintf("internal/module%d/file_%02d.go", turn, i))
		}
		all = append(all, files...)
		work := append(FileBullets("Fichiers modifiés : ", files), "Fichiers modifiés : "+files[0]+" (+2 more)")
		if _, err := p.Merge(Extraction{Work: work}, Change{Writer: "hook", Now: day("2026-03-25")}); err != nil {
			t.Fatal(err)
		}
	}
	got := read(t, p.WS.Abs(p.LogPath("2026-03-25")))
	if n := strings.Count(got, "- Fichiers modifiés : "); n != 1 {
		t.Fatalf("%d bullets:\n%s", n, got)
	}
	_, list, _ := strings.Cut(got, "- Fichiers modifiés : ")
	list = strings.TrimSpace(list)
	if len(list) > MaxBulletChars {
		t.Errorf("%d-byte bullet", len(list))
	}
	shown, hidden := parseFileList(list)
	if want := len(all) + 8*2; len(shown)+hidden != want || hidden == 0 {
		t.Errorf("%d shown + %d hidden, want %d in all: %s", len(shown), hidden, want, list)
	}
	for i, f := range shown {
		if f != all[i] {
			t.Fatalf("name %d is %s, want %s", i, f, all[i])
		}
	}
}
