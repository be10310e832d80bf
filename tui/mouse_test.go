package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// lineOf is the screen line that holds text, for a click on it.
func lineOf(t *testing.T, h *harness, text string) int {
	t.Helper()
	for i, l := range strings.Split(h.plain(), "\n") {
		if strings.Contains(l, text) {
			return i
		}
	}
	t.Fatalf("no line holds %q:\n%s", text, h.plain())
	return -1
}

func click(x, y int) tea.MouseClickMsg { return tea.MouseClickMsg{X: x, Y: y, Button: tea.MouseLeft} }

// A click selects the row under it and focuses the pane it lands in; the wheel scrolls.
func TestMouseClicksSelectAndFocus(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.send(click(4, lineOf(t, h, "mobile_app")))
	h.contains("› mobile_app", "Long-term memory · mobile_app")
	p := topIs[*projects](h, "a click")
	h.send(click(100, 10))
	if !p.focusPV {
		t.Fatal("a click on the preview does not focus it")
	}
	h.send(click(4, lineOf(t, h, "competitors")))
	if p.focusPV {
		t.Fatal("a click on the list does not focus it")
	}
	h.contains("› competitors")
	h.press("enter")
	h.send(click(4, lineOf(t, h, "Open items")))
	h.contains("› Open items")
	h.press("o")
	s := topIs[*items](h, "o")
	y := lineOf(t, h, "Préparer trois arguments face à l'offre freemium")
	h.send(click(10, y))
	i, _ := s.list.selected()
	if !strings.HasPrefix(s.rows[i].item.Text, "Préparer trois arguments face à l'offre freemium") {
		t.Fatalf("the click selected %q", s.rows[i].item.Text)
	}
	h.send(wheel(10, y, false))
	if j, _ := s.list.selected(); j == i {
		t.Fatal("the wheel does not move")
	}
}
