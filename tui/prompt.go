package tui

import (
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
)

// prompt is the one-line question a screen asks at its bottom: a text to edit, or a yes/no.
// While it is open it has the keyboard.
type prompt struct {
	c      *common
	open   bool
	yesNo  bool
	label  string
	input  textinput.Model
	onText func(string) tea.Cmd
	onYes  func() tea.Cmd
	dark   bool // the background the input's styles were made for
}

func newPrompt(c *common) *prompt {
	ti := textinput.New()
	ti.Prompt = ""
	ti.CharLimit = 0 // an edit of a long bullet keeps every word
	ti.SetStyles(c.inputStyles())
	return &prompt{c: c, input: ti, dark: c.styles.Dark}
}

// edit opens a text input holding value; done gets the new text on enter.
func (p *prompt) edit(label, value string, done func(string) tea.Cmd) tea.Cmd {
	p.open, p.yesNo, p.label, p.onText = true, false, label, done
	p.input.SetValue(value)
	p.input.CursorEnd()
	return p.input.Focus()
}

// confirm asks a yes/no question; yes runs done.
func (p *prompt) confirm(question string, done func() tea.Cmd) {
	p.open, p.yesNo, p.label, p.onYes = true, true, question, done
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
		}
		return nil
	}
	if isKey {
		switch {
		case key.Matches(kp, k.Cancel):
			p.open = false
			p.input.Blur()
			return nil
		case key.Matches(kp, k.Confirm):
			p.open = false
			p.input.Blur()
			return p.onText(p.input.Value())
		}
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return cmd
}

// view is the prompt line, width cells wide.
func (p *prompt) view(width int) string {
	s := p.c.styles
	if p.yesNo {
		return padRight(" "+s.Warn.Render(p.label)+"  "+s.Key.Render("y")+s.Subtle.Render(" yes  ")+
			s.Key.Render("n")+s.Subtle.Render(" no"), width)
	}
	if p.dark != s.Dark {
		p.dark = s.Dark
		p.input.SetStyles(p.c.inputStyles())
	}
	label := " " + s.Title.Render(p.label) + " "
	p.input.SetWidth(max(width-len([]rune(p.label))-4, 10))
	return padRight(label+p.input.View(), width)
}

// help is the footer while the prompt is open.
func (p *prompt) help() []key.Binding {
	k := p.c.keys
	if p.yesNo {
		return []key.Binding{k.Yes, k.No}
	}
	return []key.Binding{k.Confirm, k.Cancel}
}
