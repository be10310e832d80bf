package tui

import (
	"strings"
	"testing"
)

func TestMemoryBrowse(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("enter")
	s := h.top().(*memory)
	h.contains("Long-term memory", "Open items", "Daily logs (23)", "▸ Archives (3)", "long_memory.md", "Mémoire long terme")
	if e := s.selected(); e == nil || e.kind != entryLong {
		t.Fatalf("first entry not long memory: %+v", e)
	}
	h.press("j")
	h.contains("still open across the logs")
	h.press("j") // over the "Daily logs" heading, onto today's log
	e := s.selected()
	if e == nil || e.kind != entryLog || e.log.Date != "2026-03-22" {
		t.Fatalf("j j: %+v", e)
	}
	h.contains("2026-03-22.md", "Log session — 2026-03-22", "2026-03-22 Sun")
	// archives are collapsed, a shows them
	h.lacks("archives/")
	h.press("a")
	h.press("G")
	if e := s.selected(); e == nil || !e.log.Archived {
		t.Fatalf("G after a: %+v", e)
	}
	h.contains("▾ Archives (3)", "archives/")
	h.press("a")
	h.lacks("archives/20")
	// enter opens the pager, esc comes back
	h.press("g", "enter")
	topIs[*pager](h, "enter on long memory opened")
	h.press("esc")
	if h.top() != screen(s) {
		t.Fatalf("esc from the pager went to %T", h.top())
	}
}

func TestMemoryPreviewFocusAndWheel(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("enter")
	s := h.top().(*memory)
	h.press("tab")
	if !s.focusPV {
		t.Fatal("tab does not focus the preview")
	}
	h.press("j", "j", "j")
	if s.pv.vp.YOffset() != 3 {
		t.Fatalf("j in the preview scrolled to %d", s.pv.vp.YOffset())
	}
	if e := s.selected(); e.kind != entryLong {
		t.Fatal("j in the preview moved the list")
	}
	h.press("esc")
	if s.focusPV {
		t.Fatal("esc does not leave the preview")
	}
	h.send(wheel(10, 10, false))
	if e := s.selected(); e.kind != entryOpen {
		t.Fatalf("wheel over the list: %+v", e)
	}
}

func TestMemoryGolden(t *testing.T) {
	t.Parallel()
	goldens(t, shared(t), "enter", "j", "j")
}

func TestResizeAnyTime(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("enter")
	for _, sz := range [][2]int{{80, 24}, {200, 60}, {60, 15}, {120, 40}} {
		h.send(windowSize(sz[0], sz[1]))
		out := h.view()
		if w := maxWidth(out); w > sz[0] {
			t.Fatalf("at %dx%d a line is %d wide", sz[0], sz[1], w)
		}
		if n := strings.Count(out, "\n") + 1; n != sz[1] {
			t.Fatalf("at %dx%d the screen has %d lines", sz[0], sz[1], n)
		}
	}
}

// A sentence shown in place of a file wraps inside the pane instead of being cut.
func TestPreviewNoteWraps(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("enter", "G")
	h.contains("▸ Archives (3)", "moved here by promotion", "to show them.")
	h.lacks("Press enter o…")
	h.press("g", "j")
	h.contains("still open across the logs.", "review and tick them.")
}
