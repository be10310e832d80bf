package tui

import (
	"testing"
)

func TestProjectsList(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.contains("cmms_doc", "competitors", "mobile_app", "LONG MEMORY", "/300", "Long-term memory · cmms_doc", "Mémoire long terme")
	s := h.top().(*projects)
	if sel := s.selected(); sel == nil || sel.p.Name != "cmms_doc" {
		t.Fatalf("first project not selected: %+v", sel)
	}
	if s.sums[0].open < 0 {
		t.Fatal("open items never counted")
	}
	h.press("j")
	if got := s.selected().p.Name; got != "competitors" {
		t.Fatalf("j: selected %s", got)
	}
	h.contains("Long-term memory · competitors")
	h.press("k", "k")
	if got := s.selected().p.Name; got != "cmms_doc" {
		t.Fatalf("k past the top: selected %s", got)
	}
	h.press("G")
	if got := s.selected().p.Name; got != "mobile_app" {
		t.Fatalf("G: selected %s", got)
	}
	h.press("enter")
	topIs[*memory](h, "enter opened")
	h.contains("carnet", "mobile_app", "Daily logs")
	h.press("q")
	topIs[*projects](h, "q went to")
	h.press("q")
	if !h.quit {
		t.Fatal("q on the first screen does not quit")
	}
}

func TestProjectsFilter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("/")
	if !h.top().Capturing() {
		t.Fatal("/ does not open the filter")
	}
	h.typeText("mob")
	h.contains("mobile_app")
	h.lacks("competitors")
	h.press("q") // typed into the filter, not obeyed
	if h.quit {
		t.Fatal("q in the filter quit")
	}
	h.press("backspace", "enter")
	h.contains("/ mob", "mobile_app")
	h.press("esc")
	h.contains("competitors", "cmms_doc")
}

func TestProjectsShortcuts(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("o")
	topIs[*items](h, "o opened")
	h.contains("cmms_doc › open items")
	h.press("q")
	topIs[*memory](h, "back from open items lands on")
}

func TestProjectsGolden(t *testing.T) {
	t.Parallel()
	goldens(t, shared(t))
}

// While the filter or a prompt is typed, the footer says how to end it and does not offer
// keys that would be typed instead (? among them).
func TestFooterWhileTyping(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.contains("? help", "o open items")
	h.press("/")
	h.contains("keep filter", "esc clear filter")
	h.lacks("? help", "o open items")
	h.press("esc")
	h.contains("? help")
	h.press("enter", "c", "r")
	h.contains("enter save", "esc cancel")
	h.lacks("? help")
	h.press("esc")
	h.contains("? help")
}
