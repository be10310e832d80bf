package tui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"
)

// prompt is the question a screen asks at its bottom: a text to edit, or a yes/no. A text is
// edited in a multi-line field that wraps, so a bullet of any length is seen and edited whole
// (a bullet is one line: enter saves, it never breaks it). While it is open it has the keyboard.
type prompt struct {
	c      *common
	open   bool
	yesNo  bool
	label  string
	input  textarea.Model
	onText func(string) tea.Cmd
	onYes  func() tea.Cmd
	onNo   func() tea.Cmd // after a no, when set (confirmOr)
	dark   bool           // the background the input's styles were made for
	width  int
	// refused is why the text's last save was refused (a secret): the field is open again
	// with the text as typed, until it is saved or cancelled.
	refused string
}

// promptMaxRows bounds the rows the edit field takes; a longer text scrolls inside it.
const promptMaxRows = 8

func newPrompt(c *common) *prompt {
	ta := textarea.New()
	ta.Prompt = ""
	ta.ShowLineNumbers = false
	ta.CharLimit = 0 // an edit of a long bullet keeps every word
	ta.MaxWidth = 0
	ta.DynamicHeight = true
	ta.MinHeight = 1
	ta.MaxHeight = promptMaxRows
	ta.KeyMap.InsertNewline.SetEnabled(false) // enter saves
	p := &prompt{c: c, input: ta, dark: c.styles.Dark}
	p.setStyles()
	return p
}

func (p *prompt) setStyles() {
	st := textarea.DefaultStyles(p.c.styles.Dark)
	st.Cursor.Blink = !p.c.static
	st.Focused.CursorLine = st.Focused.Text
	p.input.SetStyles(st)
}

// edit opens a text field holding value; done gets the new text on enter.
func (p *prompt) edit(label, value string, done func(string) tea.Cmd) tea.Cmd {
	p.open, p.yesNo, p.label, p.onText, p.refused = true, false, label, done, ""
	p.input.SetValue(value)
	p.input.MoveToEnd()
	return p.input.Focus()
}

// confirm asks a yes/no question; yes runs done.
func (p *prompt) confirm(question string, done func() tea.Cmd) {
	p.open, p.yesNo, p.label, p.onYes, p.onNo = true, true, question, done, nil
}

// confirmOr asks a yes/no question whose no does something too.
func (p *prompt) confirmOr(question string, yes, no func() tea.Cmd) {
	p.confirm(question, yes)
	p.onNo = no
}

// update handles a key while the prompt is open.
func (p *prompt) update(msg tea.Msg) tea.Cmd {
	k := p.c.keys
	kp, isKey := msg.(tea.KeyPressMsg)
	if p.yesNo {
		if !isKey {
			return nil
		}
		switch {
		case key.Matches(kp, k.Yes):
			p.open = false
			return p.onYes()
		case key.Matches(kp, k.No):
			p.open = false
			if p.onNo != nil {
				return p.onNo()
			}
		}
		return nil
	}
	if isKey {
		switch {
		case key.Matches(kp, k.Cancel):
			p.open, p.refused = false, ""
			p.input.Blur()
			return nil
		case key.Matches(kp, k.Confirm):
			p.open, p.refused = false, ""
			p.input.Blur()
			return p.saving(p.input.Value(), p.onText(p.input.Value()))
		}
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return cmd
}

// saving marks the write a saved text started as this prompt's, so that a refusal opens the
// field again with the text (see reopen) instead of losing what was typed.
func (p *prompt) saving(text string, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		msg := cmd()
		if w, ok := msg.(wroteMsg); ok {
			w.from, w.text = p, text
			return w
		}
		return msg
	}
}

// reopen opens the field again on a text whose save failed, saying why.
func (p *prompt) reopen(text, why string) tea.Cmd {
	p.open, p.yesNo, p.refused = true, false, why
	p.input.SetValue(text)
	p.input.MoveToEnd()
	return p.input.Focus()
}

// rows is how many lines the prompt takes at the bottom of its screen.
func (p *prompt) rows(width int) int {
	if !p.open || p.yesNo {
		return 1
	}
	p.resize(width)
	n := 1 + p.input.Height()
	if p.refused != "" {
		n++
	}
	return n
}

func (p *prompt) resize(width int) {
	if width != p.width {
		p.width = width
		p.input.SetWidth(max(width-3, 10))
	}
}

// view is the prompt, width cells wide: a question line, or a label line and the edit field.
func (p *prompt) view(width int) string {
	s := p.c.styles
	if p.yesNo {
		return padRight(" "+s.Warn.Render(p.label)+"  "+s.Key.Render("y")+s.Subtle.Render(" "+p.c.tr("yes")+"  ")+
			s.Key.Render("n")+s.Subtle.Render(" "+p.c.tr("no")), width)
	}
	if p.dark != s.Dark {
		p.dark = s.Dark
		p.setStyles()
	}
	p.resize(width)
	n := len([]rune(p.input.Value()))
	head := " " + s.Title.Render(p.label) + s.Subtle.Render("  "+p.c.trf("%d characters · enter saves · esc cancels", n))
	why := ""
	if p.refused != "" {
		why = padRight(" "+s.Err.Render(trunc(p.c.trf("%s — change the text, or esc", p.refused), width-2)), width) + "\n"
	}
	return why + padRight(head, width) + "\n" + indent(p.input.View(), "  ")
}

// help is the footer while the prompt is open.
func (p *prompt) help() []key.Binding {
	k := p.c.keys
	if p.yesNo {
		return []key.Binding{k.Yes, k.No}
	}
	return []key.Binding{k.Confirm, k.Cancel}
}
