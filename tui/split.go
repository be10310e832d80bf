package tui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// columns is how a list shares the screen's width with the pane beside it: num/den of the
// width, kept within [lo, hi]. Under 90 cells, or when the pane would get under 40, the list
// takes the whole width and the pane is not drawn.
type columns struct{ num, den, lo, hi int }

// list is the width of the list on a screen w cells wide.
func (c columns) list(w int) int {
	if w < 90 {
		return w
	}
	if lw := clamp(w*c.num/c.den, c.lo, c.hi); w-lw >= 40 {
		return lw
	}
	return w
}

// split is a list with the selected row's file rendered beside it, the part the projects and
// memory screens share: the preview's messages, the wheel by column, the keys while the
// preview has the keyboard, the sizes and the frame. Each screen keeps its rows, its keys
// (tab into the preview among them: when it may go there differs) and its texts.
type split struct {
	c          *common
	list       *list
	pv         *preview
	focusPV    bool // the preview has the keyboard
	w, h       int
	cols       columns
	spare      int                           // lines of the list column that are not rows
	pass       []key.Binding                 // the screen's keys that still work while the preview has the keyboard
	follow     func() tea.Cmd                // shows the selected row in the preview
	screenKeys func(tea.KeyPressMsg) tea.Cmd // the screen's own keys: those the preview and the list leave
}

// newSplit makes the two sides; the screen then sets pass, follow and screenKeys.
func newSplit(c *common, cols columns, spare int, empty string) split {
	sp := split{c: c, list: newList(c), pv: newPreview(c), cols: cols, spare: spare}
	sp.list.top = 1 // under the head line
	sp.pv.empty = empty
	return sp
}

func (sp *split) listWidth() int { return sp.cols.list(sp.w) }

// update handles the preview's renderings, the wheel over either side and the keys; those
// neither the preview nor the list takes go to the screen's.
func (sp *split) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case previewMsg, stylesMsg:
		return sp.pv.update(msg)
	case tea.MouseWheelMsg:
		if msg.X >= sp.listWidth() {
			return sp.pv.update(msg)
		}
		if _, moved, _ := sp.list.update(msg); moved {
			return sp.follow()
		}
	case tea.MouseClickMsg:
		return sp.click(msg)
	case tea.KeyPressMsg:
		return sp.key(msg)
	}
	return nil
}

// click focuses the side clicked; a click on a row selects it.
func (sp *split) click(msg tea.MouseClickMsg) tea.Cmd {
	if lw := sp.listWidth(); msg.X >= lw && lw < sp.w {
		sp.focusPV = sp.pv.path != ""
		return nil
	}
	sp.focusPV = false
	if _, moved, _ := sp.list.update(msg); moved {
		return sp.follow()
	}
	return nil
}

func (sp *split) key(msg tea.KeyPressMsg) tea.Cmd {
	k := sp.c.keys
	if sp.focusPV && !sp.list.editing {
		switch {
		case key.Matches(msg, k.Focus, k.Back):
			sp.focusPV = false
			return nil
		case !key.Matches(msg, sp.pass...):
			return sp.pv.update(msg)
		}
	}
	if used, moved, cmd := sp.list.update(msg); used {
		if moved {
			return tea.Batch(cmd, sp.follow())
		}
		return cmd
	}
	return sp.screenKeys(msg)
}

// SetSize gives the list its rows and the preview what is left beside it (the whole width
// when the list takes it: the preview is then shown alone).
func (sp *split) SetSize(w, h int) tea.Cmd {
	sp.w, sp.h = w, h
	sp.list.setHeight(h - sp.spare)
	pw, ph := paneBody(paneWidth(w, sp.listWidth()), h)
	return sp.pv.setSize(pw, ph)
}

// paneWidth is the width of the pane beside a list lw wide on a screen w wide; when the list
// takes the whole width the pane is shown alone, in its place, so it gets the whole width too.
func paneWidth(w, lw int) int {
	if lw == w {
		return w
	}
	return w - lw
}

// view puts the list column beside the framed preview, or alone when the screen is narrow.
func (sp *split) view(left, title, info string) string {
	lw := sp.listWidth()
	left = fit(left, lw, sp.h)
	if lw == sp.w {
		if sp.focusPV { // too narrow for both: the preview takes the screen until tab or esc
			return sp.pv.framed(title, info, sp.w, sp.h, true)
		}
		return left
	}
	right := sp.pv.framed(title, info, sp.w-lw, sp.h, sp.focusPV)
	return lipgloss.JoinHorizontal(lipgloss.Top, left, right)
}

// Capturing reports whether the filter has the keyboard.
func (sp *split) Capturing() bool { return sp.list.editing }

// scrollWheel scrolls a pane three lines a notch of the wheel.
func scrollWheel(vp *viewport.Model, msg tea.MouseWheelMsg) {
	switch msg.Button {
	case tea.MouseWheelUp:
		vp.ScrollUp(3)
	case tea.MouseWheelDown:
		vp.ScrollDown(3)
	}
}

// scrollKeys scrolls a pane that has the keyboard with the list's moving keys.
func scrollKeys(vp *viewport.Model, k KeyMap, msg tea.KeyPressMsg) {
	switch {
	case key.Matches(msg, k.Up):
		vp.ScrollUp(1)
	case key.Matches(msg, k.Down):
		vp.ScrollDown(1)
	case key.Matches(msg, k.PageUp):
		vp.PageUp()
	case key.Matches(msg, k.PageDown):
		vp.PageDown()
	case key.Matches(msg, k.Top):
		vp.GotoTop()
	case key.Matches(msg, k.Bottom):
		vp.GotoBottom()
	}
}
