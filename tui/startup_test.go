package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// newStarting is the root model as Run starts it, the terminal's size known, the workspace
// not read yet.
func newStarting(t *testing.T, root string) *Model {
	t.Helper()
	dark := true
	m := New(Options{Root: root, Now: func() time.Time { return testNow }, Dark: &dark, Watch: true, Editor: "true", Lang: "en"})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return m
}

func screenOf(m *Model) string { return ansi.Strip(m.View().Content) }

// Nothing is drawn before the list: the first frame with content is the project list
// itself, not "Reading the workspace…" drawn and written just before it.
func TestFirstFrameIsTheList(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	m := newStarting(t, root)
	if s := screenOf(m); s != "" {
		t.Fatalf("a frame before the workspace was read:\n%s", s)
	}
	m.Update(openWorkspace(root)())
	s := screenOf(m)
	if !strings.Contains(s, "competitors") || strings.Contains(s, "Reading the workspace") {
		t.Fatalf("the first frame is not the list:\n%s", s)
	}
	m.Update(loadingMsg{}) // the delay passes after the list came: nothing changes
	if s2 := screenOf(m); s2 != s {
		t.Fatalf("the loading delay redrew the list:\n%s", s2)
	}
}

// A workspace slower than the delay says it is being read, then shows the list.
func TestSlowWorkspaceSaysReading(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	m := newStarting(t, root)
	m.Update(loadingMsg{})
	if s := screenOf(m); !strings.Contains(s, "Reading the workspace…") {
		t.Fatalf("no loading screen after the delay:\n%s", s)
	}
	m.Update(openWorkspace(root)())
	if s := screenOf(m); !strings.Contains(s, "competitors") {
		t.Fatalf("no list:\n%s", s)
	}
}

// A workspace that cannot be read says so at once, without waiting for the delay.
func TestUnreadableWorkspaceShownAtOnce(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "carnet.toml"), []byte("not = [valid toml"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := newStarting(t, root)
	m.Update(openWorkspace(root)())
	if s := screenOf(m); s == "" {
		t.Fatal("nothing drawn for a workspace that cannot be read")
	}
}

// The file watcher (an inotify watch per folder) is set up once the first counts are in,
// not while the list and the counts are read; with no project to count, at once.
func TestWatcherAfterTheCounts(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	m := newStarting(t, root)
	m.Update(openWorkspace(root)())
	if m.watching {
		t.Fatal("the watcher was set up before the counts")
	}
	m.Update(countOpen(m.c.ws)())
	if !m.watching {
		t.Fatal("the watcher was not set up once the counts were in")
	}

	empty := t.TempDir()
	m = newStarting(t, empty)
	m.Update(openWorkspace(empty)())
	if !m.watching {
		t.Fatal("an empty workspace's watcher was not set up at once")
	}
}
