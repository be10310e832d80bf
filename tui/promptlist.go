package tui

import (
	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
)

// promptList is the part the curate and open-items screens share: a project's rows as a
// full-width list under a head line, and the prompt at the bottom that edits them. Each
// screen keeps its rows, its keys and its texts.
type promptList struct {
	c          *common
	p          *memstore.Project
	list       *list
	prompt     *prompt
	loaded     bool
	err        error
	w, h       int
	reload     func() tea.Cmd                // reads the rows again
	screenKeys func(tea.KeyPressMsg) tea.Cmd // the screen's own keys: those the list leaves
}

func newPromptList(c *common, p *memstore.Project) promptList {
	pl := promptList{c: c, p: p, list: newList(c), prompt: newPrompt(c)}
	pl.list.top = 2 // under the head line and a blank one
	return pl
}

// update handles reloads, the wheel and the list's keys; while the prompt is open it gets
// the keys and whatever else comes (its cursor blinks).
func (pl *promptList) update(msg tea.Msg) tea.Cmd {
	defer pl.layout()
	switch msg := msg.(type) {
	case reloadMsg:
		return pl.reload()
	case tea.MouseWheelMsg, tea.MouseClickMsg:
		if !pl.prompt.open {
			pl.list.update(msg)
		}
	case tea.KeyPressMsg:
		if pl.prompt.open {
			return pl.prompt.update(msg)
		}
		if used, _, cmd := pl.list.update(msg); used {
			return cmd
		}
		return pl.screenKeys(msg)
	default:
		if pl.prompt.open {
			return pl.prompt.update(msg)
		}
	}
	return nil
}

// head is the line above the rows, then a blank one: text, or the filter while there is one.
func (pl *promptList) head(text string) string {
	if f := pl.list.filterView(pl.w); f != "" {
		text = " " + f
	}
	return pl.c.styles.Subtle.Render(text) + "\n\n"
}

// view fits body above the prompt, a blank line while the prompt is closed.
func (pl *promptList) view(body string) string {
	body = fit(body, pl.w, max(pl.h-pl.prompt.rows(pl.w), 1))
	if pl.prompt.open {
		return body + "\n" + pl.prompt.view(pl.w)
	}
	return body + "\n"
}

// SetSize leaves the head, its blank line and the prompt out of the list's rows.
func (pl *promptList) SetSize(w, h int) tea.Cmd {
	pl.w, pl.h = w, h
	pl.layout()
	return nil
}

// layout gives the list the rows the head and the prompt (which grows with its text) leave.
func (pl *promptList) layout() {
	pl.list.setHeight(pl.h - 2 - pl.prompt.rows(pl.w))
}

// Capturing reports whether the prompt or the filter has the keyboard.
func (pl *promptList) Capturing() bool { return pl.prompt.open || pl.list.editing }
