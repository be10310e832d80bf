package demo

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"carnet/lang/langtest"
	"carnet/memstore"
)

// The demo is built in either language: its carnet.toml says which, and no file of its
// memory (logs, long memory, headings) holds a word of the other.
func TestBuildInEachLanguage(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 22, 15, 0, 0, 0, time.UTC)
	for _, l := range []string{"fr", "en"} {
		dir := filepath.Join(t.TempDir(), l)
		opts := Default(now)
		opts.Days, opts.Lang, opts.Git = 40, l, false
		if _, err := Build(dir, opts); err != nil {
			t.Fatal(err)
		}
		ws, err := memstore.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		if ws.Config.Language != l || !ws.Config.LanguageSet {
			t.Errorf("%s: carnet.toml says %q (set %v)", l, ws.Config.Language, ws.Config.LanguageSet)
		}
		files := 0
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
				return err
			}
			data, _ := os.ReadFile(path)
			files++
			for line := range strings.Lines(string(data)) {
				if w := langtest.Foreign(l, line); len(w) > 0 {
					rel, _ := filepath.Rel(dir, path)
					t.Errorf("%s: %s: %q in %q", l, rel, w, strings.TrimSpace(line))
					return filepath.SkipAll
				}
			}
			return nil
		})
		if files < 50 {
			t.Errorf("%s: %d files", l, files)
		}
		p, _ := ws.Project("cmms_doc")
		data, _ := os.ReadFile(ws.Abs(p.LogPath("2026-03-22")))
		if want := "## " + memstore.Heading(memstore.KeyNext, l) + "\n"; !strings.Contains(string(data), want) {
			t.Errorf("%s: today's log has no %q:\n%s", l, want, data)
		}
	}
}
