//go:build linux

package memstore

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/fsnotify/fsnotify"
)

// The watcher's tests are not parallel: they put their own watcher in the process's place
// and count the projects listed.

// useWatcher makes a new watcher the process's one for the test; tap, when not nil, stands
// between fsnotify and the watcher's loop.
func useWatcher(t *testing.T, tap tapFunc) *searchWatcher {
	t.Helper()
	w, err := newSearchWatcher(tap)
	if err != nil {
		t.Fatalf("no inotify watcher: %v", err)
	}
	processWatch.Lock()
	oldW, oldN := processWatch.w, processWatch.searches
	processWatch.w, processWatch.searches = w, 2
	processWatch.Unlock()
	t.Cleanup(func() {
		w.close()
		processWatch.Lock()
		processWatch.w, processWatch.searches = oldW, oldN
		processWatch.Unlock()
	})
	return w
}

// watchedFind searches with the watcher and returns the answer and how many projects the
// search listed.
func watchedFind(t *testing.T, w *Workspace, q Query) (Results, int64) {
	t.Helper()
	q.Watch = true
	before := projectsListed.Load()
	r, err := w.Find(q)
	if err != nil {
		t.Fatal(err)
	}
	return r, projectsListed.Load() - before
}

// settleWatch searches until a search lists no project: the folders the first searches
// created (logs/.debug/) have given their events.
func settleWatch(t *testing.T, w *Workspace) {
	t.Helper()
	for range 5 {
		if _, listed := watchedFind(t, w, Query{Text: "absentword"}); listed == 0 {
			return
		}
	}
	t.Fatal("every search lists the projects again: the watcher vouches for nothing")
}

// hits is the number of hits of text, with the watcher, after checking that the answer is
// the one the stats give.
func hits(t *testing.T, w *Workspace, text string) int {
	t.Helper()
	got, _ := watchedFind(t, w, Query{Text: text})
	want, err := w.Find(Query{Text: text})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%q: the watcher's answer is not the stats':\n got %+v\nwant %+v", text, got, want)
	}
	return got.Total
}

// TestSearchWatchSameAnswers: on a generated workspace, every query gives with the watcher
// the answer reading every file gives, before and after the listings are kept.
func TestSearchWatchSameAnswers(t *testing.T) {
	useWatcher(t, nil)
	w := writeIndexWorkspace(t)
	check := func(when string) {
		t.Helper()
		for _, q := range indexQueries {
			got, _ := watchedFind(t, w, q)
			plain := q
			plain.Skip = func([]byte) bool { return false }
			want, err := w.Find(plain)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %+v:\n got %+v\nwant %+v", when, q, got, want)
			}
		}
	}
	check("first searches")
	settleWatch(t, w)
	check("listings kept")
	if _, listed := watchedFind(t, w, Query{Text: "config port"}); listed != 0 {
		t.Errorf("nothing changed, yet the search listed %d projects", listed)
	}
}

// TestSearchWatchSeesChanges: a file written by another process just before a search (no
// wait between them), deleted, added, renamed, a folder removed and made again, and a
// project added are all seen by the very next search.
func TestSearchWatchSeesChanges(t *testing.T) {
	useWatcher(t, nil)
	w := writeIndexWorkspace(t)
	p := w.Projects[0]
	settleWatch(t, w)
	edited := w.Abs(p.LogPath("2026-02-03"))
	old, err := os.ReadFile(edited)
	if err != nil {
		t.Fatal(err)
	}
	line := "- quetzalcoatl\n"
	if err := os.WriteFile(edited, append(old[:len(old)-len(line):len(old)-len(line)], line...), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := hits(t, w, "quetzalcoatl"); n != 1 {
		t.Errorf("file written just before: %d hits, want 1", n)
	}
	if err := os.Rename(edited, w.Abs(p.LogPath("2026-03-29"))); err != nil {
		t.Fatal(err)
	}
	r, _ := watchedFind(t, w, Query{Text: "quetzalcoatl"})
	if len(r.Hits) != 1 || r.Hits[0].Path != p.LogPath("2026-03-29") {
		t.Errorf("renamed file: %+v, want its hit under its new name", r.Hits)
	}
	if err := os.Remove(w.Abs(p.LogPath("2026-03-29"))); err != nil {
		t.Fatal(err)
	}
	if n := hits(t, w, "quetzalcoatl"); n != 0 {
		t.Errorf("deleted file: %d hits, want 0", n)
	}
	writeOld(t, w.Abs(p.NotePath("tlaloc")), "# Tlaloc\n\n- Le tlaloc config est relu.\n")
	if n := hits(t, w, "tlaloc"); n != 1 {
		t.Errorf("added note: %d hits, want 1", n)
	}
	// the logs folder removed and made again: the new folder is watched, not the old one
	logs := w.Abs(p.LogsDir())
	if err := os.RemoveAll(logs); err != nil {
		t.Fatal(err)
	}
	if n := hits(t, w, "config"); n == 0 {
		t.Error("no hit left for config: the long memory and notes hold it")
	}
	if err := os.MkdirAll(logs, 0o755); err != nil {
		t.Fatal(err)
	}
	hits(t, w, "absentword")
	if err := os.WriteFile(filepath.Join(logs, "2026-04-01.md"), []byte("# Log\n\n## Décisions\n- Le xochipilli part.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := hits(t, w, "xochipilli"); n != 1 {
		t.Errorf("file in a folder made again: %d hits, want 1", n)
	}
	// a project added to carnet.toml, its folder made after the workspace was first searched
	toml := "[projects]\na = \"a/memory_sessions\"\nb = \"b/memory_sessions\"\nc = \"c/memory_sessions\"\n"
	if err := os.WriteFile(filepath.Join(w.Root, ConfigFile), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	w2, err := Open(w.Root)
	if err != nil {
		t.Fatal(err)
	}
	if n := hits(t, w2, "itzamna"); n != 0 {
		t.Errorf("project without a folder: %d hits", n)
	}
	if err := os.MkdirAll(filepath.Join(w.Root, "c", "memory_sessions", "logs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.Root, "c", "memory_sessions", "long_memory.md"), []byte("# Mémoire\n\n- Itzamna écrit.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := hits(t, w2, "itzamna"); n != 1 {
		t.Errorf("added project: %d hits, want 1", n)
	}
}

// TestSearchWatchOverflow: events lost in an overflow are not a stale answer: the overflow
// makes the next search list every project again.
func TestSearchWatchOverflow(t *testing.T) {
	var lose atomic.Bool
	errs := make(chan error)
	useWatcher(t, func(evIn <-chan fsnotify.Event, errIn <-chan error) (<-chan fsnotify.Event, <-chan error) {
		evOut := make(chan fsnotify.Event)
		go func() {
			defer close(evOut)
			for ev := range evIn {
				if !lose.Load() || strings.HasPrefix(filepath.Base(filepath.Dir(ev.Name)), "carnet-search-watch-") {
					evOut <- ev
				}
			}
		}()
		go func() {
			for err := range errIn {
				errs <- err
			}
		}()
		return evOut, errs
	})
	w := writeIndexWorkspace(t)
	p := w.Projects[1]
	settleWatch(t, w)
	lose.Store(true) // the kernel's queue overflows: the next events are lost
	writeOld(t, w.Abs(p.LogPath("2026-04-02")), "# Log\n\n## Décisions\n- Le mictlan dort.\n")
	if _, listed := watchedFind(t, w, Query{Text: "absentword"}); listed != 0 {
		t.Fatalf("the event was not lost (%d projects listed): the test proves nothing", listed)
	}
	lose.Store(false)
	errs <- fsnotify.ErrEventOverflow
	if n := hits(t, w, "mictlan"); n != 1 {
		t.Errorf("after an overflow: %d hits, want 1", n)
	}
}

// TestSearchWatchClosed: once the watcher is closed (an error, its events channel closed),
// every search lists the projects with a stat per file.
func TestSearchWatchClosed(t *testing.T) {
	sw := useWatcher(t, nil)
	w := writeIndexWorkspace(t)
	p := w.Projects[0]
	settleWatch(t, w)
	sw.fw.Close() // the loop sees its channels closed and closes the watcher
	writeOld(t, w.Abs(p.LogPath("2026-04-03")), "# Log\n\n## Décisions\n- Le tezcatlipoca veille.\n")
	r, listed := watchedFind(t, w, Query{Text: "tezcatlipoca"})
	if r.Total != 1 || listed != int64(len(w.Projects)) {
		t.Errorf("closed watcher: %d hits, %d projects listed; want 1 and %d", r.Total, listed, len(w.Projects))
	}
}

// TestStopSearchWatch: stopping the process's watcher removes its sentinel folder, and the
// searches after it list with stats.
func TestStopSearchWatch(t *testing.T) {
	sw := useWatcher(t, nil)
	w := writeIndexWorkspace(t)
	settleWatch(t, w)
	StopSearchWatch()
	if _, err := os.Stat(sw.dir); !os.IsNotExist(err) {
		t.Errorf("the sentinel folder is still there: %v", err)
	}
	if _, listed := watchedFind(t, w, Query{Text: "config"}); listed != int64(len(w.Projects)) {
		t.Errorf("after the stop, a search listed %d projects, want %d", listed, len(w.Projects))
	}
}
