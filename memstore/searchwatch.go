package memstore

import (
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"
)

// A process that searches again and again (the MCP server, Query.Watch) would list every
// project's files on every search, one stat per file: with 20 projects of a year of logs,
// 2,020 stats, the most of what a search costs. Instead, one inotify instance for the whole
// process watches every folder a project's listing depends on — each folder from the
// workspace root down to the memory folder, the memory folder, logs/, logs/archives/ and
// notes/ — and a project's listing (each file with the key its lstat gave, and the project's
// search index) is used again without a stat while no event came since it was taken.
//
// Why that is never a wrong answer (the stat validation it replaces was built for that):
//
//   - A project's folders are watched before its files are listed, so any change made after
//     the listing gives an event. Any event at all but the sentinel's (below) drops every
//     listing kept (a generation number moves), whatever folder it names: a folder moved,
//     linked or watched under two names cannot make an event count for the wrong project.
//   - An event still in the kernel's queue when a search starts would be read too late. So
//     before it uses a listing, a search creates a file in a private folder the same instance
//     watches and waits for that file's event: inotify delivers one instance's events in the
//     order the changes were made, so once the sentinel's event is read, the event of every
//     change made before the search started (a write that returned just before, by any
//     process) has been read. The errors channel is unbuffered and fsnotify sends an overflow
//     on it before the events that follow, so an overflow is read before them too.
//   - Above the memory folder: a folder on the way down from the root that is renamed, removed
//     or replaced by a link gives an event in its parent, which is watched; the workspace root
//     itself is checked by one lstat per search (the device and inode it had when watched).
//     A folder that is a link is not watched (the listing refuses it anyway); one that is
//     created later gives an event in its parent.
//   - A lost event (the queue overflowed) counts as an event: every project is listed again.
//     Any other error of the watcher closes it: every search then lists with a stat per file,
//     as without it. A sentinel that does not come back within sentinelWait leaves that search
//     to the stats. A project that cannot be watched whole (the watch limit, a file system
//     whose changes inotify may not see: network, FUSE — only local ones are trusted) or that
//     holds a file with several hard links (a write through another link gives no event
//     here) is listed on every search.
//   - The listing kept is what the listing gave: links are still refused, keys still compared
//     with the index's and the read cache's, racy entries still not trusted.
//
// What inotify does not report at all is out of reach: a write through a shared memory map.

// sentinelWait is how long a search waits for its sentinel's event before it lists with
// stats instead.
const sentinelWait = 2 * time.Second

// searchWatcher is the process's watch over the folders of the projects it searched.
type searchWatcher struct {
	fw   *fsnotify.Watcher
	dir  string // the private folder of the sentinels
	next atomic.Uint64

	mu       sync.Mutex
	gen      uint64 // moves on every event but a sentinel's
	seen     uint64 // the newest sentinel whose event was read
	wake     chan struct{}
	broken   bool
	roots    map[string]fileID // each watched root's identity when it was watched
	projects map[string]*watchedProject
}

// watchedProject is a project's listing as a search took it.
type watchedProject struct {
	gen   uint64
	files []listedFile
	index *searchIndex
}

// fileID is a file's device and inode.
type fileID struct{ dev, ino uint64 }

// processWatch is the process's watcher: made by the second search with Query.Watch (a
// process that searches once has no use for it), nil when it cannot be (then every search
// lists with stats).
var processWatch struct {
	sync.Mutex
	w        *searchWatcher
	searches int
}

// watcherFor is the watcher a search uses and the generation its listings must have (nil
// when the query does not ask for it or it cannot vouch for anything now), and whether the
// process searches again and again (its second search on): then every file read is worth
// keeping in the cache, not only those with hits.
func (q Query) watcherFor(root string) (w *searchWatcher, gen uint64, again bool) {
	if !q.Watch {
		return nil, 0, false
	}
	processWatch.Lock()
	if processWatch.searches++; processWatch.searches == 2 {
		processWatch.w, _ = newSearchWatcher(nil)
	}
	w, again = processWatch.w, processWatch.searches >= 2
	processWatch.Unlock()
	if w == nil {
		return nil, 0, again
	}
	gen, ok := w.sync(root)
	if !ok {
		return nil, 0, again
	}
	return w, gen, again
}

// StopSearchWatch closes the process's search watcher, if it has one, and removes its
// sentinel folder; later searches list with stats. A long-running process calls it on its
// way out.
func StopSearchWatch() {
	processWatch.Lock()
	w := processWatch.w
	processWatch.w = nil
	processWatch.Unlock()
	if w != nil {
		w.close()
	}
}

// tapFunc lets a test stand between fsnotify and the watcher's loop.
type tapFunc func(<-chan fsnotify.Event, <-chan error) (<-chan fsnotify.Event, <-chan error)

// newSearchWatcher starts a watcher: its inotify instance, its sentinel folder, and the loop
// that reads its events. tap is nil but in tests.
func newSearchWatcher(tap tapFunc) (*searchWatcher, error) {
	if !watchable {
		return nil, errors.ErrUnsupported
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	sweepWatchDirs(os.TempDir(), running)
	dir, err := os.MkdirTemp("", watchDirPattern())
	if err == nil {
		err = fw.Add(dir)
	}
	if err != nil {
		fw.Close()
		if dir != "" {
			os.RemoveAll(dir)
		}
		return nil, err
	}
	w := &searchWatcher{fw: fw, dir: dir, wake: make(chan struct{}), roots: map[string]fileID{},
		projects: map[string]*watchedProject{}}
	events, errs := (<-chan fsnotify.Event)(fw.Events), (<-chan error)(fw.Errors)
	if tap != nil {
		events, errs = tap(events, errs)
	}
	go w.loop(events, errs)
	return w, nil
}

// loop reads the events in the order inotify gives them.
func (w *searchWatcher) loop(events <-chan fsnotify.Event, errs <-chan error) {
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				w.close()
				return
			}
			w.event(ev)
		case err, ok := <-errs:
			switch {
			case ok && errors.Is(err, fsnotify.ErrEventOverflow):
				w.bump() // events were lost: every listing is taken again
			default:
				w.close()
				return
			}
		}
	}
}

// event moves the generation, or, for a sentinel, wakes the searches waiting for it.
func (w *searchWatcher) event(ev fsnotify.Event) {
	if filepath.Dir(ev.Name) != w.dir {
		w.bump()
		return
	}
	n, err := strconv.ParseUint(filepath.Base(ev.Name), 10, 64)
	if err != nil || !ev.Has(fsnotify.Create) {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if n > w.seen {
		w.seen = n
		close(w.wake)
		w.wake = make(chan struct{})
	}
}

func (w *searchWatcher) bump() {
	w.mu.Lock()
	w.gen++
	w.mu.Unlock()
}

// close stops the watcher for good: searches list with stats from now on.
func (w *searchWatcher) close() {
	w.mu.Lock()
	if w.broken {
		w.mu.Unlock()
		return
	}
	w.broken = true
	w.projects = nil
	close(w.wake)
	w.mu.Unlock()
	w.fw.Close()
	os.RemoveAll(w.dir)
}

// sync waits until every change made before it was called has been read (see the sentinel
// above) and checks that root is the folder it watched; it returns the generation listings
// must have to be used, false when the watcher cannot vouch for anything.
func (w *searchWatcher) sync(root string) (uint64, bool) {
	n := w.next.Add(1)
	name := filepath.Join(w.dir, strconv.FormatUint(n, 10))
	f, err := os.OpenFile(name, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return 0, false
	}
	f.Close()
	defer os.Remove(name)
	timeout := time.NewTimer(sentinelWait)
	defer timeout.Stop()
	w.mu.Lock()
	for w.seen < n && !w.broken {
		wake := w.wake
		w.mu.Unlock()
		select {
		case <-wake:
		case <-timeout.C:
			return 0, false
		}
		w.mu.Lock()
	}
	broken := w.broken
	w.mu.Unlock()
	if broken {
		return 0, false
	}
	id, ok := dirID(root)
	if !ok {
		return 0, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if was, ok := w.roots[root]; ok && was != id {
		w.gen++ // another folder stands where the root was: nothing kept holds
		delete(w.roots, root)
	}
	return w.gen, !w.broken
}

// listing is the project's listing and index kept at generation gen; false when there is
// none (w nil, another generation, never taken, not watched whole).
func (w *searchWatcher) listing(p *Project, gen uint64) ([]listedFile, *searchIndex, bool) {
	if w == nil {
		return nil, nil, false
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	wp := w.projects[watchKey(p)]
	if wp == nil || wp.gen != gen {
		return nil, nil, false
	}
	return wp.files, wp.index, true
}

// keep records the listing a search took at generation gen, after watch said the project is
// watched whole; files with several links are never kept.
func (w *searchWatcher) keep(p *Project, gen uint64, files []listedFile, x *searchIndex) {
	for _, f := range files {
		if links(f.info) != 1 {
			return
		}
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.projects != nil {
		w.projects[watchKey(p)] = &watchedProject{gen: gen, files: files, index: x}
	}
}

// keepIndex records the index a search built for the project: it holds whatever listing
// it goes with, since its entries are checked against the listing's keys.
func (w *searchWatcher) keepIndex(p *Project, x *searchIndex) {
	if w == nil || x == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if wp := w.projects[watchKey(p)]; wp != nil {
		wp.index = x
	}
}

func watchKey(p *Project) string { return p.WS.Root + "\x00" + p.RelDir }

// watch adds a watch on each folder the project's listing depends on, from the workspace
// root down, before the listing is taken; it reports whether they all are watched (a folder
// missing, or a link, is not: its parent's event tells when it appears).
func (w *searchWatcher) watch(p *Project) bool {
	if w == nil {
		return false
	}
	root := p.WS.Root
	dirs := []string{"."}
	if p.RelDir != "." {
		parts := strings.Split(p.RelDir, "/")
		for i := range parts {
			dirs = append(dirs, path.Join(parts[:i+1]...))
		}
	}
	dirs = append(dirs, p.LogsDir(), p.ArchivesDir(), p.NotesDir())
	missing := map[string]bool{}
	for _, d := range dirs {
		if missing[path.Dir(d)] && d != "." {
			missing[d] = true
			continue
		}
		abs := filepath.Join(root, filepath.FromSlash(d))
		fi, err := os.Lstat(abs)
		switch {
		case errors.Is(err, fs.ErrNotExist) || err == nil && !fi.IsDir():
			missing[d] = true
			continue
		case err != nil || !localFS(abs):
			return false
		}
		if err := w.fw.Add(abs); err != nil {
			return false
		}
		if d == "." {
			id, ok := idOf(fi)
			if !ok {
				return false
			}
			w.mu.Lock()
			w.roots[root] = id
			w.mu.Unlock()
		}
	}
	return !missing["."]
}

// dirID is the identity of the folder at abs, by lstat.
func dirID(abs string) (fileID, bool) {
	fi, err := os.Lstat(abs)
	if err != nil {
		return fileID{}, false
	}
	return idOf(fi)
}
