package tui

import (
	"errors"
	"fmt"
	"io"
	"log"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// common is what every screen shares: the workspace, styles, keys, size, clock and logger.
// Screens keep a pointer to it, so a new background colour or size reaches all of them.
type common struct {
	root    string // workspace root
	ws      *memstore.Workspace
	styles  Styles
	keys    KeyMap
	width   int // size of the body, between header and footer
	height  int
	now     func() time.Time
	log     *log.Logger
	md      *mdRenderer
	editor  string
	repo    *gitrepo.Repo // the git repository holding the workspace, or nil
	static  bool          // text inputs do not blink (tests)
	navBack bool          // a screen asked to go back (see back)
	navPush []screen      // screens asked to open (see open)
	undos   []*change     // the changes this UI made, last last (see undo)
	made    int           // how many changes this session made (undos keeps those not undone)
	undone  int           // how many of them u undid
	watch   *watcher      // the file watcher, nil when off: told of this UI's own writes
	lang    string        // the UI's language (see uiLanguage)
}

// inputStyles are the styles of a text input on this background.
func (c *common) inputStyles() textinput.Styles {
	st := textinput.DefaultStyles(c.styles.Dark)
	st.Cursor.Blink = !c.static
	return st
}

func newCommon(opts Options) *common {
	now := opts.Now
	if now == nil {
		now = time.Now
	}
	w := opts.Log
	if w == nil {
		w = io.Discard
	}
	dark := true
	if opts.Dark != nil {
		dark = *opts.Dark
	}
	return &common{
		lang:   uiLanguage(opts, nil),
		root:   opts.Root,
		styles: NewStyles(dark, opts.NoColor),
		keys:   DefaultKeyMap(),
		now:    now,
		log:    log.New(w, "", log.LstdFlags|log.Lmicroseconds),
		md:     newMDRenderer(),
		editor: opts.Editor,
	}
}

// screen is one page of the UI. Only the root model returns a tea.View; screens return strings
// sized to what SetSize gave them.
type screen interface {
	Init() tea.Cmd
	Update(msg tea.Msg) tea.Cmd
	View() string
	SetSize(width, height int) tea.Cmd // returns the re-rendering a new width needs
	Title() string                     // its breadcrumb
	ShortHelp() []key.Binding          // the footer
	FullHelp() [][]key.Binding         // the ? page
	Capturing() bool                   // a text input or a question has the keyboard: q and ? are typed, not obeyed
}

// Messages that move between screens and the root.
type (
	// pushMsg opens screens on top of the current one, the last one active.
	pushMsg struct{ s []screen }
	// statusMsg shows a line in the status bar that clears itself.
	statusMsg struct {
		text uiText
		err  bool
		info bool // nothing was done (unavailable, refused): no ✓
	}
	// clearStatusMsg clears the status line if it still shows message id.
	clearStatusMsg struct{ id int }
	// reloadMsg asks every open screen to read its data again (memory changed on disk).
	reloadMsg struct{}
	// workspaceMsg carries a freshly opened workspace and, when it has projects, their
	// summaries: the project list's content, read with it so that the list needs no other
	// message.
	workspaceMsg struct {
		ws    *memstore.Workspace
		repo  *gitrepo.Repo
		err   error
		first *projectsMsg
	}
	// editorDoneMsg comes back when $EDITOR exits.
	editorDoneMsg struct {
		path string
		err  error
	}
)

func push(s ...screen) tea.Cmd { return func() tea.Msg { return pushMsg{s} } }

// open puts screens on top of the stack as soon as the current Update returns, before the next
// key is read: a key typed right after enter goes to the new screen.
func (c *common) open(s ...screen) tea.Cmd {
	c.navPush = append(c.navPush, s...)
	return nil
}

// back leaves the active screen as soon as the current Update returns (never the first).
func (c *common) back() tea.Cmd {
	c.navBack = true
	return nil
}

// status returns a command that shows text in the status line; the format is English, the
// root writes it in the UI's language.
func status(format string, a ...any) tea.Cmd {
	t := uiText{format, a}
	return func() tea.Msg { return statusMsg{text: t} }
}

// notice says in the status line why nothing was done; unlike status it claims no success.
func notice(format string, a ...any) tea.Cmd {
	t := uiText{format, a}
	return func() tea.Msg { return statusMsg{text: t, info: true} }
}

// statusErr shows an error in the status line: an error this UI made (a uiText) in the UI's
// language, any other as it says itself.
func statusErr(err error) tea.Cmd {
	t, ok := errors.AsType[uiText](err)
	if !ok {
		t = uiText{"%s", []any{err.Error()}}
	}
	return func() tea.Msg { return statusMsg{text: t, err: true} }
}

// changed tells every screen that memory was written by this UI.
func changed() tea.Cmd { return func() tea.Msg { return reloadMsg{} } }

// firstLine is s up to its first newline.
func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

// trunc cuts s (which may hold ANSI styles) to width cells, with an ellipsis.
func trunc(s string, width int) string {
	if width <= 0 {
		return ""
	}
	return ansi.Truncate(s, width, "…")
}

// padRight pads or cuts s to exactly width cells.
func padRight(s string, width int) string {
	w := ansi.StringWidth(s)
	if w > width {
		s = trunc(s, width)
		w = ansi.StringWidth(s)
	}
	if w < width {
		s += strings.Repeat(" ", width-w)
	}
	return s
}

// padLeft right-aligns s in width cells.
func padLeft(s string, width int) string {
	s = trunc(s, width)
	if w := lipgloss.Width(s); w < width {
		s = strings.Repeat(" ", width-w) + s
	}
	return s
}

// fit makes a block exactly width × height: lines cut or padded, missing lines blank.
func fit(s string, width, height int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = padRight(l, width)
	}
	for len(lines) < height {
		lines = append(lines, strings.Repeat(" ", width))
	}
	return strings.Join(lines, "\n")
}

// weekday is the short weekday of a YYYY-MM-DD date.
func weekday(date string) string {
	t, err := time.Parse("2006-01-02", date)
	if err != nil {
		return "   "
	}
	return t.Format("Mon")
}

// Ago says how long before now t was, in the words a person uses ("3 days ago").
func Ago(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < 0:
		return "just now"
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return memstore.Plural(int(d.Minutes()), "minute") + " ago"
	case d < 24*time.Hour:
		return memstore.Plural(int(d.Hours()), "hour") + " ago"
	case d < 48*time.Hour:
		return "yesterday"
	case d < 30*24*time.Hour:
		return memstore.Plural(int(d.Hours()/24), "day") + " ago"
	case d < 365*24*time.Hour:
		return memstore.Plural(int(d.Hours()/24/30), "month") + " ago"
	}
	return memstore.Plural(int(d.Hours()/24/365), "year") + " ago"
}

// daysAgo says how far a YYYY-MM-DD date is from today.
func daysAgo(now time.Time, date string) string {
	t, err := time.ParseInLocation("2006-01-02", date, now.Location())
	if err != nil {
		return ""
	}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	switch n := int(today.Sub(t).Hours() / 24); {
	case n <= 0:
		return "today"
	case n == 1:
		return "yesterday"
	case n < 60:
		return fmt.Sprintf("%d days ago", n)
	default:
		return Ago(now, t)
	}
}

// clamp keeps v within [lo, hi].
func clamp(v, lo, hi int) int {
	if v > hi {
		v = hi
	}
	if v < lo {
		v = lo
	}
	return v
}

// unready is what a screen shows in place of its rows while it reads them, or when it could
// not: "" once they are there.
func (c *common) unready(loaded bool, err error, reading, cannot string) string {
	switch {
	case !loaded:
		return c.styles.Subtle.Render(reading)
	case err != nil:
		return c.styles.Err.Render(cannot) + firstLine(err.Error())
	}
	return ""
}

// framed draws body in a rounded box of exactly width × height with a title line on top.
func (c *common) framed(title, info, body string, width, height int, focused bool) string {
	s := c.styles
	st := s.Pane
	if focused {
		st = s.PaneFocus
	}
	iw, ih := max(width-2, 1), max(height-2, 1)
	head := " " + s.Title.Render(title)
	if info != "" {
		gap := iw - lipgloss.Width(head) - lipgloss.Width(info) - 1
		if gap > 0 {
			head += strings.Repeat(" ", gap) + s.Subtle.Render(info)
		}
	}
	inner := padRight(head, iw) + "\n" + s.Faint.Render(strings.Repeat("─", iw)) + "\n" + fit(body, iw, max(ih-2, 0))
	return st.Render(fit(inner, iw, ih))
}

// paneBody is the size of the text area inside framed.
func paneBody(width, height int) (int, int) { return max(width-2, 1), max(height-4, 1) }

// keyOr returns the first of a binding's keys, for "press x" hints.
func keyOr(b key.Binding) string {
	if k := b.Help().Key; k != "" {
		return k
	}
	return strings.Join(b.Keys(), "/")
}

// indent puts prefix before every line of s.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}
