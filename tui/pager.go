package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
)

// pager shows one file full screen, rendered, scrollable.
type pager struct {
	c     *common
	p     *memstore.Project
	path  string
	title string
	pv    *preview
	line  int // scroll to this source line once rendered (search results), 0: top
	w, h  int
	found *found // the search whose hits n and N walk, nil when not opened from a search
}

func newPager(c *common, p *memstore.Project, path, title string) *pager {
	pg := &pager{c: c, p: p, path: path, title: title, pv: newPreview(c)}
	pg.pv.path = path
	return pg
}

func (s *pager) Init() tea.Cmd { return s.pv.reload() }

func (s *pager) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case previewMsg:
		first := s.pv.shown == ""
		cmd := s.pv.update(msg)
		switch {
		case msg.to != s.pv:
		case s.found != nil && msg.err == nil:
			s.markHit()
		case first && s.line > 0:
			s.scrollToLine()
		}
		return cmd
	case stylesMsg:
		return s.pv.update(msg)
	case reloadMsg:
		return s.pv.reload()
	case tea.MouseWheelMsg:
		return s.pv.update(msg)
	case tea.KeyPressMsg:
		k := s.c.keys
		switch {
		case key.Matches(msg, k.Back):
			return s.c.back()
		case key.Matches(msg, k.Editor):
			return openEditor(s.c, s.path, s.line)
		case key.Matches(msg, k.Curate):
			cu := newCurate(s.c, s.p, s.path, s.title)
			cu.crumb = "curate" // the pager's crumb already names the file
			return s.c.open(cu)
		case s.found != nil && key.Matches(msg, k.NextHit):
			return s.goHit(s.found.at + 1)
		case s.found != nil && key.Matches(msg, k.PrevHit):
			return s.goHit(s.found.at - 1)
		}
		return s.pv.update(msg)
	}
	return nil
}

// scrollToLine puts the rendered text near the source line asked for: the rendering keeps the
// order of lines, so the same fraction of the document is close enough to land on it.
func (s *pager) scrollToLine() {
	total := memstore.CountLines(s.pv.raw)
	if total == 0 {
		return
	}
	at := s.pv.vp.TotalLineCount() * (s.line - 1) / total
	s.pv.vp.SetYOffset(max(at-s.pv.vp.Height()/3, 0))
}

func (s *pager) SetSize(w, h int) tea.Cmd {
	s.w, s.h = w, h
	pw, ph := paneBody(w, h)
	return s.pv.setSize(pw, ph)
}

func (s *pager) View() string {
	info := s.pv.scrollInfo()
	if s.p != nil {
		info = s.path + "  " + info
	}
	return s.pv.framed(s.title, info, s.w, s.h, true)
}

func (s *pager) Title() string { return s.title }

func (s *pager) ShortHelp() []key.Binding {
	k := s.c.keys
	if s.found != nil {
		return []key.Binding{k.NextHit, k.PrevHit, k.Up, k.Down, k.PageDown, k.Curate, k.Editor, k.Back}
	}
	return []key.Binding{k.Up, k.Down, k.PageDown, k.PageUp, k.Top, k.Bottom, k.Curate, k.Editor, k.Back}
}

func (s *pager) FullHelp() [][]key.Binding {
	k := s.c.keys
	return [][]key.Binding{k.navKeys(), {k.Curate, k.Editor, k.NextHit, k.PrevHit}}
}

func (s *pager) Capturing() bool { return false }
