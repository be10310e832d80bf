package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
)

// copier is a screen with something to copy under its cursor: a bullet, a path, a commit hash.
type copier interface {
	// copyText returns what y copies and what the status line calls it; "" when nothing.
	copyText() (text, what string)
}

// copySelected puts the selected thing in the terminal's clipboard (OSC 52, which works over
// ssh and in tmux with set-clipboard on) and says so: y.
func copySelected(s screen) tea.Cmd {
	c, ok := s.(copier)
	if !ok {
		return notice("nothing to copy here")
	}
	text, what := c.copyText()
	if text == "" {
		return notice("nothing to copy here: select a %s", what)
	}
	return tea.Batch(tea.SetClipboard(text), status("Copied %s to the clipboard (OSC 52)", describe(text, what)))
}

// describe names a copied text in the status line: short ones quoted, long ones counted.
func describe(text, what string) string {
	if r := []rune(text); len(r) > 80 {
		return fmt.Sprintf("the %s (%d characters)", what, len(r))
	}
	return fmt.Sprintf("the %s “%s”", what, text)
}

func (s *curate) copyText() (string, string) {
	if i, ok := s.list.selected(); ok {
		return s.rows[i].ref.text, "bullet"
	}
	return "", "bullet"
}

func (s *items) copyText() (string, string) {
	if i, ok := s.list.selected(); ok {
		return s.rows[i].item.Text, "item"
	}
	return "", "item"
}

func (s *memory) copyText() (string, string) {
	if path := s.path(s.selected()); path != "" {
		return s.c.ws.Rel(path), "path"
	}
	return "", "file"
}

func (s *pager) copyText() (string, string) { return s.c.ws.Rel(s.path), "path" }

func (s *timeline) copyText() (string, string) {
	if i, ok := s.list.selected(); ok && s.rowKey(i) != pendingRow {
		return s.commit(i).Hash, "commit hash"
	}
	return "", "commit"
}

func (s *search) copyText() (string, string) {
	if i, ok := s.list.selected(); ok {
		return s.hits[i].Text, "line"
	}
	return "", "hit"
}
