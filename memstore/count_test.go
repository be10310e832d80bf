package memstore

import (
	"os"
	"path/filepath"
	"testing"
)

// countEdgeCases are daily logs whose open items the fast count must see as the parser does.
var countEdgeCases = map[string]string{
	"logs/2026-03-01.md":          "# 2026-03-01\n\n## À suivre\n- first open\n- ✅ ticked\n  - nested, not an item\n    more text\n\n## Finalisé\n- ✅ done\n",
	"logs/2026-03-02.md":          "\ufeff## Next steps\r\n- crlf open\r\n* star open\r\n+ plus open\r\n-\tTab open\r\n- \r\n-no space\r\n## Done\r\n- not next\r\n",
	"logs/2026-03-03.md":          "## À suivre\n```\n## Contexte\n- in a fence\n```\n- after the fence\n~~~~\n- tilde fence\n~~~\n- still in the fence\n~~~~\n- out\n",
	"logs/2026-03-04.md":          "## Contexte\n- context\n## a suivre\n- alias open\n# Title ends it\n- outside any section\n## TODO\n- todo open\n##\n- empty heading\n## To do \n- trailing space heading\n- ✅done glued",
	"logs/2026-03-05.md":          "## Next steps\n - indented, not top-level\n  ```\n- fenced by an indented fence\n  ```\n- ✅ x\n- last without newline\r",
	"logs/2026-03-06.md":          "",
	"logs/2026-03-07.md":          "## À suivre\n```go\nunclosed fence\n## Next steps\n- never seen\n",
	"logs/2026-03-08.md":          "#\n## À suivre\n-   \n-\u00a0nbsp only\u00a0\n- ✅\n- real\n### sub heading\n- still in it\n",
	"logs/archives/2026-01-10.md": "## À suivre\n- archived open\n",
	"logs/2026-13-45.md":          "## À suivre\n- not a log date\n",
}

func TestCountOpenMatchesOverview(t *testing.T) {
	t.Parallel()
	w, p := newTestWorkspace(t, countEdgeCases)
	o, err := p.Overview(WithLogs)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range o.Logs {
		if got, want := CountOpenIn(l.Data), len(l.Open); got != want {
			t.Errorf("%s: CountOpenIn = %d, the parser finds %d (%q)", l.Path, got, want, l.Open)
		}
	}
	counts, err := CountOpen(w.Projects)
	if err != nil {
		t.Fatal(err)
	}
	if want := len(o.OpenItems()); counts[0] != want || want != 13 { // 13: counted by hand from countEdgeCases
		t.Errorf("CountOpen = %v, Overview(WithLogs).OpenItems() has %d", counts, want)
	}
}

// A log written since the last count is counted as it is now: nothing is cached.
func TestCountOpenAfterWrite(t *testing.T) {
	t.Parallel()
	w, p := newTestWorkspace(t, map[string]string{"logs/2026-03-01.md": "## À suivre\n- abc\n"})
	before, err := CountOpen(w.Projects)
	if err != nil || before[0] != 1 {
		t.Fatalf("before: %v, %v", before, err)
	}
	// Same size, same second: a cache keyed by size and mtime would miss this change.
	if err := os.WriteFile(filepath.Join(w.Root, MemoryDir, "logs", "2026-03-01.md"), []byte("## À suivre\n- ✅\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := p.Write(Change{Writer: "test", What: "tick"}, func(tx *Tx) error {
		return tx.Put(p.LogPath("2026-03-02"), []byte("## À suivre\n- two\n- three\n"))
	}); err != nil {
		t.Fatal(err)
	}
	after, err := CountOpen(w.Projects)
	if err != nil || after[0] != 2 {
		t.Fatalf("after: %v, %v; want 2", after, err)
	}
}

// A link or a folder bearing a log's name is left out, as Logs leaves it out.
func TestCountOpenLinkedLogLeftOut(t *testing.T) {
	t.Parallel()
	w, _ := newTestWorkspace(t, map[string]string{"logs/2026-03-01.md": "## À suivre\n- one\n"})
	outside := filepath.Join(t.TempDir(), "secret.md")
	if err := os.WriteFile(outside, []byte("## À suivre\n- outside\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(w.Root, MemoryDir, "logs", "2026-03-02.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(w.Root, MemoryDir, "logs", "2026-03-03.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	counts, err := CountOpen(w.Projects)
	if err != nil || counts[0] != 1 {
		t.Fatalf("counts %v, %v; want [1]: a link is not followed, a folder not read", counts, err)
	}
}

// Overview(Dates) lists what Overview(Listing) lists, without the sizes.
func TestOverviewDatesIsListingWithoutSizes(t *testing.T) {
	t.Parallel()
	w, p := newTestWorkspace(t, map[string]string{
		"long_memory.md":              "# Memory\n\n## 2026-01-02\n- a fact\n",
		"logs/2026-03-01.md":          "## À suivre\n- one\n",
		"logs/2026-03-02.md":          "## À suivre\n- two\n",
		"logs/notes.md":               "not a log\n",
		"logs/archives/2026-01-10.md": "## À suivre\n- archived\n",
	})
	logs := filepath.Join(w.Root, MemoryDir, "logs")
	if err := os.Symlink(filepath.Join(logs, "2026-03-01.md"), filepath.Join(logs, "2026-03-04.md")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(logs, "2026-03-05.md"), 0o755); err != nil {
		t.Fatal(err)
	}
	full, err := p.Overview(Listing)
	if err != nil {
		t.Fatal(err)
	}
	dates, err := p.Overview(Dates)
	if err != nil {
		t.Fatal(err)
	}
	if len(full.Logs) != 2 || len(full.Archives) != 1 {
		t.Fatalf("Listing: %d logs, %d archives; want 2 and 1", len(full.Logs), len(full.Archives))
	}
	for _, l := range [][2][]LogSummary{{full.Logs, dates.Logs}, {full.Archives, dates.Archives}} {
		if len(l[0]) != len(l[1]) {
			t.Fatalf("Listing %v, Dates %v", l[0], l[1])
		}
		for i := range l[0] {
			want := l[0][i].LogFile
			if want.Size == 0 {
				t.Fatalf("Listing gave no size for %s", want.Path)
			}
			want.Size = 0
			if l[1][i].LogFile != want {
				t.Errorf("Dates %+v, want %+v", l[1][i].LogFile, want)
			}
		}
	}
	if dates.LongLines != full.LongLines || dates.Newest() != "2026-03-02" {
		t.Errorf("Dates: %d long lines, newest %q", dates.LongLines, dates.Newest())
	}
	// Glance counts and dates the same logs, with the same long memory, on its own.
	g, err := p.Glance()
	if err != nil {
		t.Fatal(err)
	}
	if want := (Glance{Logs: len(dates.Logs), Newest: dates.Newest(), LongLines: dates.LongLines}); g != want {
		t.Errorf("Glance %+v, want %+v", g, want)
	}
}

// A project whose memory folder is missing, or whose logs/ is a symbolic link, glances as
// empty, without an error, as its listings read.
func TestGlanceMissingOrLinked(t *testing.T) {
	t.Parallel()
	w, p := newTestWorkspace(t, map[string]string{"long_memory.md": "a\nb\n"})
	elsewhere := t.TempDir()
	if err := os.WriteFile(filepath.Join(elsewhere, "2026-03-01.md"), []byte("- x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	logs := filepath.Join(w.Root, MemoryDir, "logs")
	if err := os.RemoveAll(logs); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, logs); err != nil {
		t.Fatal(err)
	}
	if g, err := p.Glance(); err != nil || g != (Glance{LongLines: 2}) {
		t.Errorf("logs/ linked: Glance %+v, %v; want only the long memory's 2 lines", g, err)
	}
	if err := os.RemoveAll(filepath.Join(w.Root, MemoryDir)); err != nil {
		t.Fatal(err)
	}
	if g, err := p.Glance(); err != nil || g != (Glance{}) {
		t.Errorf("no memory folder: Glance %+v, %v; want an empty row", g, err)
	}
}
