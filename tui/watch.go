package tui

import (
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
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
	w := &watcher{fw: fw, log: lg, events: make(chan []string)}
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
			paths := make([]string, 0, len(pending))
			for p := range pending {
				paths = append(paths, p)
			}
			sort.Strings(paths)
			pending, timer = nil, nil
			w.events <- paths
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
