package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// preview shows one Markdown file rendered with glamour, scrollable. Rendering runs in a
// tea.Cmd and is cached by content and width; until a new rendering arrives the previous one
// stays, so moving through a list never flickers.
type preview struct {
	c       *common
	path    string // the file asked for
	shown   string // the file whose rendering is on screen
	empty   string // what to say when there is no file
	vp      viewport.Model
	width   int
	height  int
	seq     int
	err     error
	missing bool
	raw     []byte
	out     string // the rendering as received
	frame   paneCache
	ver     int // bumped by every rendering received
}

// paneCache keeps the last framed pane: View runs on every message, and measuring a few
// thousand styled cells again for an unchanged pane is most of its cost.
type paneCache struct {
	key  paneKey
	text string
}

type paneKey struct {
	title, info, path, shown, empty string
	w, h, ver, offset               int
	focused, dark                   bool
	err                             error
}

// framed is the preview in its box, from the cache when nothing changed.
func (p *preview) framed(title, info string, w, h int, focused bool) string {
	k := paneKey{title: title, info: info, path: p.path, shown: p.shown, empty: p.empty, w: w, h: h, ver: p.ver,
		offset: p.vp.YOffset(), focused: focused, dark: p.c.styles.Dark, err: p.err}
	if p.frame.text != "" && p.frame.key == k {
		return p.frame.text
	}
	p.frame = paneCache{key: k, text: p.c.framed(title, info, p.view(), w, h, focused)}
	return p.frame.text
}

// previewMsg carries a rendering back to the preview that asked for it.
type previewMsg struct {
	to    *preview
	seq   int
	path  string
	raw   []byte
	out   string
	err   error
	width int
}

func newPreview(c *common) *preview {
	vp := viewport.New()
	vp.MouseWheelEnabled = false // the screen routes the wheel
	return &preview{c: c, vp: vp}
}

// setSize sets the size of the text area.
func (p *preview) setSize(w, h int) tea.Cmd {
	p.vp.SetHeight(max(h, 1))
	p.vp.SetWidth(max(w, 1))
	p.height = h
	if w == p.width {
		return nil
	}
	p.width = w
	return p.reload()
}

// show asks for path; "" clears the preview.
func (p *preview) show(path string) tea.Cmd {
	if path == p.path && (p.shown == path || path == "") {
		return nil
	}
	p.path = path
	return p.reload()
}

// reload renders the file again (it changed on disk, or the width or style did).
func (p *preview) reload() tea.Cmd {
	p.seq++
	if p.path == "" {
		p.shown, p.err, p.raw = "", nil, nil
		p.vp.SetContent("")
		return nil
	}
	if p.width <= 0 {
		return nil
	}
	req := previewMsg{to: p, seq: p.seq, path: p.path, width: p.width}
	style := p.c.styles.glamourStyle()
	md, ws := p.c.md, p.c.ws
	return func() tea.Msg {
		req.raw, req.err = ws.ReadFile(req.path)
		switch {
		case req.err != nil:
		case isBinary(req.raw):
			req.raw, req.err = nil, errBinary
		default:
			req.raw = []byte(drawable(string(req.raw)))
			req.out, req.err = md.render(req.raw, req.width, style)
		}
		return req
	}
}

// update takes this preview's renderings and scrolls on keys it is given.
func (p *preview) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case previewMsg:
		if msg.to != p || msg.seq != p.seq {
			return nil
		}
		same := p.shown == msg.path
		p.ver++
		p.shown, p.err, p.raw = msg.path, msg.err, msg.raw
		p.missing = errors.Is(msg.err, fs.ErrNotExist)
		if msg.err != nil {
			p.vp.SetContent("")
			return nil
		}
		off := p.vp.YOffset()
		p.out = msg.out
		p.vp.SetContent(msg.out)
		if same {
			p.vp.SetYOffset(off) // a reload keeps the place
		} else {
			p.vp.GotoTop()
		}
	case stylesMsg:
		return p.reload()
	case tea.KeyPressMsg:
		scrollKeys(&p.vp, p.c.keys, msg)
	case tea.MouseWheelMsg:
		scrollWheel(&p.vp, msg)
	}
	return nil
}

// view is the text area, exactly width × height.
func (p *preview) view() string {
	s := p.c.styles
	switch {
	case p.path == "":
		return p.note(s.Subtle.Render, p.empty)
	case p.missing && p.shown == p.path:
		return p.note(s.Subtle.Render, p.c.tr("This file does not exist yet."))
	case errors.Is(p.err, errBinary) && p.shown == p.path:
		return p.note(s.Subtle.Render, p.c.tr("A binary file: not shown."))
	case p.err != nil && p.shown == p.path:
		return p.note(nil, s.Err.Render(p.c.tr("Cannot show this file: "))+firstLine(p.err.Error()))
	case p.shown == "":
		return p.note(s.Faint.Render, p.c.tr("Rendering…"))
	}
	return fit(p.vp.View(), p.width, p.height)
}

// note is a sentence in place of the file, wrapped to the pane (a narrow pane would cut it).
func (p *preview) note(style func(...string) string, text string) string {
	text = ansi.Wrap(text, max(p.width-4, 8), "")
	if style != nil {
		lines := strings.Split(text, "\n")
		for i, l := range lines {
			lines[i] = style(l)
		}
		text = strings.Join(lines, "\n")
	}
	return fit("\n"+indent(text, "  "), p.width, p.height)
}

// scrollInfo is the reading position ("42%"), or "" when everything fits.
func (p *preview) scrollInfo() string {
	if p.vp.TotalLineCount() <= p.vp.Height() {
		return ""
	}
	return fmt.Sprintf("%d%%", int(p.vp.ScrollPercent()*100+0.5))
}
