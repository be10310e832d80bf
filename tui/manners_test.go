package tui

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// TERM=dumb gets one clear line, not a full screen of escape sequences.
func TestDumbTerminal(t *testing.T) {
	t.Setenv("TERM", "dumb")
	err := Run(Options{Root: shared(t)})
	if !errors.Is(err, ErrDumbTerminal) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("TERM=dumb: %v", err)
	}
}

// After carnet -p mobile_app, back lands on the projects with mobile_app selected; the
// curate breadcrumb names the file once; the timeline's counts keep off the pane's border;
// ? lays out whole at 80×24.
func TestSmallManners(t *testing.T) {
	t.Parallel()
	dark := true
	m := New(Options{Root: shared(t), Project: "mobile_app", Now: func() time.Time { return testNow }, Dark: &dark, Editor: "true", Lang: "en"})
	m.c.static = true
	h := &harness{t: t, m: m}
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	h.run(m.Init())
	h.send(windowSize(120, 40))
	topIs[*memory](h, "-p mobile_app")
	h.press("esc")
	h.contains("› mobile_app")

	h.press("g", "enter", "j", "j", "enter", "c")
	topIs[*curate](h, "c in the pager")
	if head, _, _ := strings.Cut(h.plain(), "\n"); strings.Count(head, ".md") != 1 {
		t.Fatalf("the breadcrumb names the file twice: %q", head)
	}
	h.press("esc", "esc", "t")
	topIs[*timeline](h, "t")
	for l := range strings.Lines(h.plain()) {
		if left, _, ok := strings.Cut(l, "│"); ok && strings.Contains(left, "−") && !strings.HasSuffix(left, " ") {
			t.Fatalf("the counts touch the border: %q", l)
		}
	}
	h.send(windowSize(80, 24))
	h.press("?")
	for _, k := range []string{"esc", "back", "q", "quit", "undo", "search all", "copy", "help", "ctrl+c"} {
		h.contains(k)
	}
}

// With language = "en" the UI speaks of the English headings.
func TestEnglishTexts(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	if err := os.WriteFile(filepath.Join(root, "carnet.toml"), []byte("language = \"en\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root, true)
	h.press("enter", "o", "space")
	h.contains("enter moves them to Done")
	h.lacks("Finalisé", "À suivre")
}

// ? on the project screen at 80×24 shows every group of keys, the global ones included.
func TestHelpFitsAt80x24(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.send(windowSize(80, 24))
	h.press("enter", "?")
	h.contains("open items", "timeline", "promote", "undo last change", "search all", "copy", "ctrl+c")
	h.lacks("…")
}
