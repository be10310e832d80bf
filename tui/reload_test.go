package tui

import (
	"io"
	"log"
	"path/filepath"
	"strings"
	"testing"

	"carnet/memstore"
)

// A tick reads again only what the open items screen shows: the project's logs, not every
// project's (the project list and the project screen under it read theirs when they are back
// on top). Before: 138 files a tick on this workspace; now 25.
// (Not parallel: it counts the memory files the whole process opens.)
func TestTickReadsOnlyWhatItShows(t *testing.T) {
	root := fixture(t)
	p := project(t, root, "cmms_doc")
	o, err := p.Overview(memstore.WithArchives)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root, true)
	h.press("enter")
	h.contains("Open items                              12")
	h.press("o", "space")
	before := memstore.FilesRead()
	h.press("enter")
	h.contains("Ticked 1 item")
	tick := memstore.FilesRead() - before
	t.Logf("a tick opened %d memory files (%d logs in the project)", tick, len(o.Logs))
	if tick > int64(len(o.Logs)+2) {
		t.Fatalf("a tick opened %d memory files: more than the project's %d logs", tick, len(o.Logs))
	}
	h.press("esc")
	topIs[*memory](h, "esc")
	h.contains("Open items                              11")
}

// The watcher hands on what others write, not what this UI wrote.
func TestWatcherIgnoresOwnWrites(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	ws, err := memstore.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	w, err := newWatcher(ws, log.New(io.Discard, "", 0))
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	p := project(t, root, "cmms_doc")
	mine, theirs := filepath.Join(root, p.LogPath("2026-03-22")), filepath.Join(root, p.LogPath("2026-03-21"))
	w.writing()
	appendTo(t, mine, "- Écrit par l'interface.")
	w.done([]string{mine})
	appendTo(t, theirs, "- Écrit par un agent.")
	got := <-w.events
	if len(got) != 1 || got[0] != theirs {
		t.Fatalf("the watcher handed on %s, want only %s", strings.Join(got, ", "), filepath.Base(theirs))
	}
}
