package tui

import (
	tea "charm.land/bubbletea/v2"
)

// copier is a screen with something to copy under its cursor: a bullet, a path, a commit hash.
type copier interface {
	// copyText returns what y copies (text "" when nothing) and what the status line calls it.
	copyText() clip
}

// clip is a text to copy and what it is ("bullet", "path"…).
type clip struct{ text, what string }

// copySelected puts the selected thing in the terminal's clipboard (OSC 52, which works over
// ssh and in tmux with set-clipboard on) and says so: y.
func copySelected(s screen) tea.Cmd {
	c, ok := s.(copier)
	if !ok {
		return notice("nothing to copy here")
	}
	cl := c.copyText()
	text, what := cl.text, cl.what
	if text == "" {
		return notice("nothing to copy here: select a %s", uiText{what, nil})
	}
	return tea.Batch(tea.SetClipboard(text), status("Copied %s to the clipboard (OSC 52)", describe(text, what)))
}

// describe names a copied text in the status line: short ones quoted, long ones counted.
func describe(text, what string) uiText {
	if r := []rune(text); len(r) > 80 {
		return uiText{"the %s (%d characters)", []any{uiText{what, nil}, len(r)}}
	}
	return uiText{"the %s “%s”", []any{uiText{what, nil}, text}}
}

func (s *curate) copyText() clip {
	if i, ok := s.list.selected(); ok {
		return clip{s.rows[i].ref.text, "bullet"}
	}
	return clip{"", "bullet"}
}

func (s *items) copyText() clip {
	if i, ok := s.list.selected(); ok {
		return clip{s.rows[i].item.Text, "item"}
	}
	return clip{"", "item"}
}

func (s *memory) copyText() clip {
	if path := s.path(s.selected()); path != "" {
		return clip{path, "path"}
	}
	return clip{"", "file"}
}

func (s *pager) copyText() clip { return clip{s.path, "path"} }

func (s *timeline) copyText() clip {
	if i, ok := s.list.selected(); ok && s.rowKey(i) != pendingRow {
		return clip{s.commit(i).Hash, "commit hash"}
	}
	return clip{"", "commit"}
}

func (s *search) copyText() clip {
	if i, ok := s.list.selected(); ok {
		return clip{s.hits[i].Text, "line"}
	}
	return clip{"", "hit"}
}
