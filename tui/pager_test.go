package tui

import "testing"

func TestPagerScroll(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("enter", "enter") // long memory, full screen
	s := topIs[*pager](h, "enter opened")
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
	topIs[*curate](h, "c in the pager opened")
}

func TestPagerGolden(t *testing.T) {
	t.Parallel()
	goldens(t, shared(t), "enter", "j", "j", "enter", "j")
}
