package memstore

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// agedWorkspace is newTestWorkspace with every log modified an hour ago, so that the cache
// keeps them (see racyWindow).
func agedWorkspace(t *testing.T, files map[string]string) (*Workspace, *Project) {
	t.Helper()
	w, p := newTestWorkspace(t, files)
	for name := range files {
		age(t, filepath.Join(w.Root, MemoryDir, filepath.FromSlash(name)), time.Hour)
	}
	return w, p
}

// age sets a file's modification time to ago before now.
func age(t *testing.T, file string, ago time.Duration) {
	t.Helper()
	past := time.Now().Add(-ago)
	if err := os.Chtimes(file, past, past); err != nil {
		t.Fatal(err)
	}
}

// countCached runs CountOpenCached and saves its caches, as the UI does.
func countCached(t *testing.T, w *Workspace) []int {
	t.Helper()
	counts, save, err := CountOpenCached(w.Projects)
	if err != nil {
		t.Fatal(err)
	}
	save()
	return counts
}

func cacheFile(w *Workspace, p *Project) string {
	return w.Abs(p.DebugDir() + "/" + CountCacheFile)
}

// The cached count is CountOpen's, the first time (no cache) and from the cache; the cache
// holds one line per log and the second count reads no log. Not parallel: it counts the
// files this process reads.
func TestCountOpenCachedMatchesCountOpen(t *testing.T) {
	w, p := agedWorkspace(t, countEdgeCases)
	want, err := CountOpen(w.Projects)
	if err != nil {
		t.Fatal(err)
	}
	if got := countCached(t, w); got[0] != want[0] {
		t.Fatalf("first count %v, CountOpen %v", got, want)
	}
	data, err := os.ReadFile(cacheFile(w, p))
	if err != nil {
		t.Fatalf("no cache written: %v", err)
	}
	if lines := strings.Count(string(data), "\n"); lines != 1+8 { // header + the 8 logs of logs/
		t.Errorf("cache has %d lines, want 9:\n%s", lines, data)
	}
	before := FilesRead()
	if got := countCached(t, w); got[0] != want[0] {
		t.Fatalf("count from the cache %v, CountOpen %v", got, want)
	}
	if read := FilesRead() - before; read != 1 { // the cache itself
		t.Errorf("the second count read %d files, want only the cache", read)
	}
}

// A log edited outside carnet is read again: a new size, or the same size with a new
// modification time, or (on Linux) the same size and modification time put back.
func TestCountOpenCachedSeesEdits(t *testing.T) {
	t.Parallel()
	w, _ := agedWorkspace(t, map[string]string{"logs/2026-03-01.md": "## À suivre\n- abc\n- def\n"})
	log := filepath.Join(w.Root, MemoryDir, "logs", "2026-03-01.md")
	if got := countCached(t, w); got[0] != 2 {
		t.Fatalf("count %v, want 2", got)
	}
	edit := func(content string, ago time.Duration, want int) {
		t.Helper()
		if err := os.WriteFile(log, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		age(t, log, ago)
		if got := countCached(t, w); got[0] != want {
			t.Fatalf("after writing %q: count %v, want %d", content, got, want)
		}
	}
	edit("## À suivre\n- abc\n", 50*time.Minute, 1)          // new size
	edit("## À suivre\n- ✅\n", 40*time.Minute, 0)            // same size, new time
	edit("## À suivre\n- abc\n- def\n- ghi\n", time.Hour, 3) // new size, time set back
	if runtime.GOOS != "linux" {
		return
	}
	fi, err := os.Stat(log)
	if err != nil {
		t.Fatal(err)
	}
	// Same size, modification time put back as it was: only the change time tells.
	if err := os.WriteFile(log, []byte("## À suivre\n- abc\n- ✅\n- ghi\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(log, fi.ModTime(), fi.ModTime()); err != nil {
		t.Fatal(err)
	}
	if got := countCached(t, w); got[0] != 2 {
		t.Fatalf("same size and mtime, new content: count %v, want 2", got)
	}
}

// A log modified in the last seconds is not cached: a second edit of the same size within
// the file system's clock tick could keep its modification time.
func TestCountOpenCachedSkipsRecentLogs(t *testing.T) {
	t.Parallel()
	w, p := agedWorkspace(t, map[string]string{"logs/2026-03-01.md": "## À suivre\n- old\n"})
	today := filepath.Join(w.Root, MemoryDir, "logs", "2026-03-02.md")
	if err := os.WriteFile(today, []byte("## À suivre\n- abc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := countCached(t, w); got[0] != 2 {
		t.Fatalf("count %v, want 2", got)
	}
	data, err := os.ReadFile(cacheFile(w, p))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "2026-03-01.md ") || strings.Contains(string(data), "2026-03-02.md") {
		t.Fatalf("the cache should hold the old log and not the one just written:\n%s", data)
	}
}

// A cache that is a link, damaged, of another version or of another folder is not
// trusted: its counts are not used and a link is not written through.
func TestCountOpenCachedDistrustsBadCaches(t *testing.T) {
	t.Parallel()
	w, p := agedWorkspace(t, map[string]string{"logs/2026-03-01.md": "## À suivre\n- abc\n"})
	fi, err := os.Stat(filepath.Join(w.Root, MemoryDir, "logs", "2026-03-01.md"))
	if err != nil {
		t.Fatal(err)
	}
	if got := countCached(t, w); got[0] != 1 { // a true cache, to forge from
		t.Fatalf("count %v, want 1", got)
	}
	good, err := os.ReadFile(cacheFile(w, p))
	if err != nil {
		t.Fatal(err)
	}
	header, _, _ := strings.Cut(string(good), "\n")
	forged := strings.Replace(string(good), " 1\n", " 7\n", 1) // the log's line, 7 open items
	if forged == string(good) || !strings.Contains(forged, fi.Name()) {
		t.Fatalf("cannot forge a count in:\n%s", good)
	}
	for name, content := range map[string]string{
		"damaged line":   forged + "2026-03-02.md 12 x 3 4\n",
		"cut line":       strings.TrimSuffix(forged, " 7\n") + "\n",
		"other folder":   strings.Replace(forged, header, countCacheHeader+" other/memory_sessions", 1),
		"other version":  strings.Replace(forged, header, "carnet open-counts 0 "+p.RelDir, 1),
		"binary garbage": "\x00\x01\x02" + forged,
	} {
		if err := os.WriteFile(cacheFile(w, p), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		if got := countCached(t, w); got[0] != 1 {
			t.Errorf("%s: count %v, want 1 (the cache's 7 is not to be trusted)", name, got)
		}
		if data, _ := os.ReadFile(cacheFile(w, p)); string(data) != string(good) {
			t.Errorf("%s: the cache was not rebuilt:\n%s", name, data)
		}
	}

	// A link planted in the debug folder: not read, not written through.
	outside := filepath.Join(t.TempDir(), "cache")
	if err := os.WriteFile(outside, []byte(forged), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(cacheFile(w, p)); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, cacheFile(w, p)); err != nil {
		t.Fatal(err)
	}
	if got := countCached(t, w); got[0] != 1 {
		t.Errorf("through a link: count %v, want 1", got)
	}
	if data, _ := os.ReadFile(outside); string(data) != forged {
		t.Errorf("the link's target was written:\n%s", data)
	}
	if st, err := os.Lstat(cacheFile(w, p)); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", st, err)
	}
}

// A cache line: times may be before 1970; a size or a count may not be negative.
func TestParseCountLine(t *testing.T) {
	t.Parallel()
	for line, ok := range map[string]bool{
		"2026-03-01.md 10 1796046272562050793 1796046272562050793 2": true,
		"2026-03-01.md 10 -5000 -7000 2":                             true,
		"2026-03-01.md -10 5 7 2":                                    false,
		"2026-03-01.md 10 5 7 -2":                                    false,
		"2026-03-01.md 10 5 7 2 9":                                   false,
		"2026-03-01.md 10 5 7":                                       false,
		" 10 5 7 2":                                                  false,
	} {
		if _, _, got := parseCountLine(line); got != ok {
			t.Errorf("parseCountLine(%q) ok = %v, want %v", line, got, ok)
		}
	}
}
