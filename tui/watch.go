package tui

import (
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/fsnotify/fsnotify"

	"carnet/memstore"
)

// watcher follows the memory folders of a workspace so that what an agent's hook writes in
// another terminal shows up on its own. Events are gathered until the folders have been quiet
// for debounce, then delivered as one fsEventMsg.
type watcher struct {
	fw     *fsnotify.Watcher
	log    *log.Logger
	events chan []string
	busy   atomic.Int32 // writes of this UI under way: their events wait for them
	mu     sync.Mutex
	own    map[string]stamp // files as this UI last wrote them
}

// stamp is a file's size and modification time, to tell this UI's write of it from another's.
type stamp struct {
	size int64
	mod  time.Time
}

// watchMsg brings the watcher startWatch set up.
type watchMsg struct {
	w   *watcher
	ws  *memstore.Workspace // the workspace it watches
	err error
}

// startWatch sets the watcher up in a command: its inotify watches (four folders a project)
// are not needed to draw the first frame.
func startWatch(ws *memstore.Workspace, lg *log.Logger) tea.Cmd {
	return func() tea.Msg {
		w, err := newWatcher(ws, lg)
		return watchMsg{w, ws, err}
	}
}

// fsEventMsg lists the memory files that changed on disk.
type fsEventMsg struct{ paths []string }

// debounce is how long the folders must stay quiet before the UI refreshes: a hook writes a
// file through a temporary one and a rename, sometimes several files in a row.
const debounce = 120 * time.Millisecond

func newWatcher(ws *memstore.Workspace, lg *log.Logger) (*watcher, error) {
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &watcher{fw: fw, log: lg, events: make(chan []string), own: map[string]stamp{}}
	w.rewatch(ws)
	go w.loop()
	return w, nil
}

// rewatch watches the workspace root (a new memory folder appears there), each project's
// memory folder, its logs and its archives.
func (w *watcher) rewatch(ws *memstore.Workspace) {
	dirs := []string{ws.Root}
	for _, p := range ws.Projects {
		for _, d := range []string{p.Home(), p.RelDir, p.LogsDir(), p.ArchivesDir()} {
			dirs = append(dirs, ws.Abs(d))
		}
	}
	for _, d := range dirs {
		if err := w.fw.Add(d); err != nil && !os.IsNotExist(err) {
			w.log.Printf("watch %s: %v", d, err)
		}
	}
}

// loop gathers events and hands them on once quiet.
func (w *watcher) loop() {
	var pending map[string]bool
	var timer <-chan time.Time
	for {
		select {
		case ev, ok := <-w.fw.Events:
			if !ok {
				return
			}
			if !relevant(ev) {
				continue
			}
			if ev.Has(fsnotify.Create) {
				if st, err := os.Stat(ev.Name); err == nil && st.IsDir() {
					_ = w.fw.Add(ev.Name) // logs/ or archives/ made after we started
				}
			}
			if pending == nil {
				pending = map[string]bool{}
			}
			pending[ev.Name] = true
			timer = time.After(debounce)
		case err, ok := <-w.fw.Errors:
			if !ok {
				return
			}
			w.log.Printf("watch: %v", err)
		case <-timer:
			if w.busy.Load() > 0 { // this UI is writing: wait until it has said what it wrote
				timer = time.After(debounce)
				continue
			}
			paths := w.others(pending)
			pending, timer = nil, nil
			if len(paths) > 0 {
				w.events <- paths
			}
		}
	}
}

// others lists the changed paths, less those that are as this UI wrote them.
func (w *watcher) others(changed map[string]bool) []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	paths := make([]string, 0, len(changed))
	for p := range changed {
		if s, ok := w.own[p]; ok {
			if fi, err := os.Stat(p); err == nil && fi.Size() == s.size && fi.ModTime().Equal(s.mod) {
				continue
			}
		}
		paths = append(paths, p)
	}
	sort.Strings(paths)
	return paths
}

// writing says that this UI starts writing; done(paths) says it has, and which files. Either
// is a no-op without a watcher. Both run in the write's tea.Cmd.
func (w *watcher) writing() {
	if w != nil {
		w.busy.Add(1)
	}
}

func (w *watcher) done(paths []string) {
	if w == nil {
		return
	}
	defer w.busy.Add(-1)
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, p := range paths {
		if fi, err := os.Stat(p); err == nil {
			w.own[p] = stamp{size: fi.Size(), mod: fi.ModTime()}
		}
	}
}

// relevant keeps Markdown files and memory folders; temporary files, locks and the .debug
// folder (whose writes would otherwise refresh the UI on every lock) are left out.
func relevant(ev fsnotify.Event) bool {
	base := filepath.Base(ev.Name)
	if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") || ev.Op == fsnotify.Chmod {
		return false
	}
	return strings.HasSuffix(base, ".md") || base == memstore.MemoryDir || base == "logs" || base == "archives" || base == "carnet.toml"
}

// next is the command that waits for the next batch of changes.
func (w *watcher) next() tea.Cmd {
	if w == nil {
		return nil
	}
	return func() tea.Msg { return fsEventMsg{paths: <-w.events} }
}

// Close stops watching.
func (w *watcher) Close() error { return w.fw.Close() }
