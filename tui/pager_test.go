package tui

import "testing"

func TestPagerScroll(t *testing.T) {
	h := newHarness(t, shared(t), true)
	h.press("enter", "enter") // long memory, full screen
	s, ok := h.top().(*pager)
	if !ok {
		t.Fatalf("enter opened %T", h.top())
	}
	h.contains("long_memory.md", "Mémoire long terme", "0%")
	h.press("j", "j")
	if got := s.pv.vp.YOffset(); got != 2 {
		t.Fatalf("j j: offset %d", got)
	}
	h.press("pgdown")
	if got := s.pv.vp.YOffset(); got <= 2 {
		t.Fatalf("pgdown: offset %d", got)
	}
	h.send(wheel(50, 10, true))
	h.press("G")
	h.contains("100%")
	h.press("g")
	if s.pv.vp.YOffset() != 0 {
		t.Fatal("g does not go to the top")
	}
	h.press("c")
	if _, ok := h.top().(*curate); !ok {
		t.Fatalf("c in the pager opened %T", h.top())
	}
}

func TestPagerGolden(t *testing.T) { goldens(t, shared(t), "enter", "j", "j", "enter", "j") }
