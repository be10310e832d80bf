package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// textScreen is a screen that only says something: loading, an empty workspace, a failure.
type textScreen struct {
	c      *common
	title  string
	body   func() string
	reopen bool // a reload opens the workspace again (the empty state waits for carnet init)
	w, h   int
}

func newLoading(c *common) *textScreen {
	return &textScreen{c: c, body: func() string { return c.styles.Subtle.Render(c.tr("Reading the workspace…")) }}
}

// newEmpty is the helpful empty state: what to run to get memory.
func newEmpty(c *common) *textScreen {
	m := &textScreen{c: c, reopen: true}
	m.body = func() string {
		s := c.styles
		cmd := func(name, what string) string {
			return "  " + s.Key.Render(padRight(name, 22)) + s.Subtle.Render(c.tr(what))
		}
		lines := []string{
			s.Title.Render(c.tr("No memory here yet")),
			"",
			c.trf("carnet keeps what your coding agents learn as Markdown in %s,", s.Code.Render("memory_sessions/")),
			c.tr("inside this repository, one folder per project. To start:"),
			"",
			cmd("carnet init", "create memory_sessions/ and a commented carnet.toml"),
			cmd("carnet install", "register the hook and MCP server (Claude Code; --agent codex, gemini, opencode or kimi)"),
			cmd("carnet demo", "or try everything on a sample workspace first"),
			"",
			s.Subtle.Render(c.trf("Workspace: %s", shortPath(c.root))),
			s.Faint.Render(c.tr("This screen refreshes by itself once memory appears.")),
		}
		return strings.Join(lines, "\n")
	}
	return m
}

// newFailure is the full-screen message when the workspace cannot be read.
func newFailure(c *common, err error) *textScreen {
	return &textScreen{c: c, title: "error", body: func() string {
		s := c.styles
		return s.Err.Render(c.tr("carnet cannot open this workspace")) + "\n\n" + err.Error() + "\n\n" +
			s.Subtle.Render(c.tr("Press q to quit."))
	}}
}

func (m *textScreen) Init() tea.Cmd { return nil }

func (m *textScreen) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case reloadMsg:
		if m.reopen {
			return openWorkspace(m.c.root)
		}
	case tea.KeyPressMsg:
		if key.Matches(msg, m.c.keys.Back) {
			return m.c.back()
		}
	}
	return nil
}

func (m *textScreen) View() string {
	st := lipgloss.NewStyle().Padding(1, 2)
	if m.w > 8 {
		st = st.Width(min(m.w, 100)) // wrap a long error instead of cutting it
	}
	box := st.Render(m.body())
	return lipgloss.Place(m.w, m.h, lipgloss.Center, lipgloss.Center, box)
}

func (m *textScreen) SetSize(w, h int) tea.Cmd  { m.w, m.h = w, h; return nil }
func (m *textScreen) Title() string             { return m.title }
func (m *textScreen) ShortHelp() []key.Binding  { return []key.Binding{m.c.keys.Back} }
func (m *textScreen) FullHelp() [][]key.Binding { return nil }
func (m *textScreen) Capturing() bool           { return false }
