package tui

import (
	"errors"
	"fmt"
	"image/color"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

func TestSearchWorkspace(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("s")
	s := topIs[*search](h, "s opened")
	h.typeText("sqlite")
	if len(s.hits) == 0 {
		t.Fatal("no hit for sqlite")
	}
	h.contains("lines match", "mobile_app")
	h.press("enter") // leave the query for the results
	if s.Capturing() {
		t.Fatal("enter does not move to the results")
	}
	h.press("enter")
	pg := topIs[*pager](h, "enter on a hit opened")
	if pg.line == 0 {
		t.Fatal("the pager does not know the line")
	}
	h.press("esc", "esc")
	topIs[*projects](h, "esc esc went to")
}

func TestSearchNothing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("s")
	h.typeText("zzzzqqq")
	h.contains("No line holds all these words.")
	h.press("esc")
	topIs[*projects](h, "esc went to")
}

func TestHelpAndQuit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("enter", "?")
	h.contains("Keys · cmms_doc", "curate bullets", "page down", "ctrl+c")
	h.press("j") // help is modal
	h.press("?")
	h.lacks("Keys ·")
	h.press("ctrl+c")
	if !h.quit {
		t.Fatal("ctrl+c does not quit")
	}
}

func TestHelpGolden(t *testing.T) {
	t.Parallel()
	goldens(t, shared(t), "o", "?")
}

func TestEmptyWorkspace(t *testing.T) {
	t.Parallel()
	h := newHarness(t, t.TempDir(), true)
	h.contains("No memory here yet", "carnet init", "carnet install", "carnet demo")
	h.press("s") // nothing to search: ignored
	topIs[*textScreen](h, "s on the empty state opened")
	h.press("q")
	if !h.quit {
		t.Fatal("q does not quit the empty state")
	}
}

func TestBackgroundFollowsTerminal(t *testing.T) {
	t.Parallel()
	m := New(Options{Root: shared(t), Now: func() time.Time { return testNow }, Lang: "en"})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	h := &harness{t: t, m: m}
	h.run(m.Init())
	h.send(windowSize(120, 40))
	if !m.c.styles.Dark || m.c.styles.glamourStyle() != "dark" {
		t.Fatal("dark is not the default before the terminal answers")
	}
	h.send(tea.BackgroundColorMsg{Color: color.White})
	if m.c.styles.Dark || m.c.styles.glamourStyle() != "light" {
		t.Fatal("a white background did not switch to light styles")
	}
	h.contains("Mémoire long terme") // the preview rendered again, in the light style
}

func TestNoColor(t *testing.T) {
	t.Parallel()
	m := New(Options{Root: shared(t), Now: func() time.Time { return testNow }, NoColor: true, Lang: "en"})
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	h := &harness{t: t, m: m}
	h.run(m.Init())
	h.send(windowSize(120, 40))
	h.press("enter", "j", "j")
	out := h.view()
	if strings.Contains(out, "38;2;") || strings.Contains(out, "48;2;") || strings.Contains(out, "38;5;") {
		t.Fatal("NO_COLOR view has colours")
	}
	if !strings.Contains(out, "\x1b[7m") {
		t.Fatal("NO_COLOR view does not show the cursor row in reverse video")
	}
}

func TestFailureWrapsLongErrors(t *testing.T) {
	t.Parallel()
	c := newCommon(Options{Lang: "en"})
	long := "carnet.toml:3: unknown key \"hook.extractr\": did you mean extractor? Fix the line, then run carnet again from the workspace root"
	m := newFailure(c, errors.New(long))
	m.SetSize(60, 20)
	v := ansi.Strip(m.View())
	for l := range strings.SplitSeq(v, "\n") {
		if w := ansi.StringWidth(l); w > 60 {
			t.Fatalf("line of width %d: %q", w, l)
		}
	}
	if strings.Contains(v, "…") || !strings.Contains(strings.Join(strings.Fields(v), " "), "then run carnet again from the workspace root") {
		t.Fatalf("error cut:\n%s", v)
	}
}

// Opening a hit marks its line; n and N walk the hits, across files; a hit in an archived log
// says so.
func TestSearchMarksTheHitAndWalksThem(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("s")
	s := topIs[*search](h, "s")
	h.typeText("rondes d'inspection")
	if len(s.hits) < 3 {
		t.Fatalf("%d hits", len(s.hits))
	}
	h.contains("archived") // in the UI's language (English here)
	h.press("enter", "enter")
	pg := topIs[*pager](h, "enter on a hit")
	marked := func() string {
		t.Helper()
		for l := range strings.Lines(h.plain()) {
			if strings.Contains(l, "▶") {
				return l
			}
		}
		t.Fatalf("no line is marked:\n%s", h.plain())
		return ""
	}
	if l := marked(); !strings.Contains(strings.ToLower(l), "rondes") {
		t.Fatalf("the marked line lacks the hit: %q", l)
	}
	first := pg.path
	h.press("n")
	h.contains("hit 2 of ")
	if l := marked(); !strings.Contains(strings.ToLower(l), "rondes") {
		t.Fatalf("n: the marked line lacks the hit: %q", l)
	}
	h.press("N")
	h.contains("hit 1 of ")
	if pg.path != first {
		t.Fatalf("N did not come back to %s", first)
	}
	h.press("N")
	h.contains(fmt.Sprintf("hit %d of %d", len(s.hits), len(s.hits)))
}
