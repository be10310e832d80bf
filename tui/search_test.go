package tui

import "testing"

func TestSearchWorkspace(t *testing.T) {
	h := newHarness(t, shared(t), true)
	h.press("s")
	s, ok := h.top().(*search)
	if !ok {
		t.Fatalf("s opened %T", h.top())
	}
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
	pg, ok := h.top().(*pager)
	if !ok {
		t.Fatalf("enter on a hit opened %T", h.top())
	}
	if pg.line == 0 {
		t.Fatal("the pager does not know the line")
	}
	h.press("q", "q")
	if _, ok := h.top().(*projects); !ok {
		t.Fatalf("q q went to %T", h.top())
	}
}

func TestSearchNothing(t *testing.T) {
	h := newHarness(t, shared(t), true)
	h.press("s")
	h.typeText("zzzzqqq")
	h.contains("No line holds all these words.")
	h.press("esc")
	if _, ok := h.top().(*projects); !ok {
		t.Fatalf("esc went to %T", h.top())
	}
}

func TestHelpAndQuit(t *testing.T) {
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

func TestHelpGolden(t *testing.T) { goldens(t, shared(t), "o", "?") }

func TestEmptyWorkspace(t *testing.T) {
	h := newHarness(t, t.TempDir(), true)
	h.contains("No memory here yet", "carnet init", "carnet install", "carnet demo")
	h.press("s") // nothing to search: ignored
	if _, ok := h.top().(*message); !ok {
		t.Fatalf("s on the empty state opened %T", h.top())
	}
	h.press("q")
	if !h.quit {
		t.Fatal("q does not quit the empty state")
	}
}
