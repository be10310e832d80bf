// Package tui is carnet's terminal UI: browse a workspace's memory, tick open items, curate
// bullets, review a promotion and read the memory's git history. Screens sit on a stack under
// one root Model; only the root returns a tea.View.
package tui

import (
	"cmp"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"carnet/memstore"
	"carnet/promote"
	_ "carnet/tui/warmup" // the width table, built while the program initialises
)

// Options configures the UI.
type Options struct {
	Root    string           // workspace root (already resolved)
	Project string           // open this project's memory first
	Now     func() time.Time // the clock (tests fix it)
	Log     io.Writer        // where the UI logs; never the terminal
	NoColor bool             // NO_COLOR
	Dark    *bool            // force a background instead of asking the terminal (tests)
	Editor  string           // $EDITOR (default "vi")
	Watch   bool             // refresh when memory changes on disk
	Lang    string           // the UI's language, fr or en; "" is the workspace's (carnet.toml)

	// ExitAfterFirstFrame quits as soon as the project list is drawn (benchmarks);
	// ExitAfterCounts once its open-item counts are in too.
	ExitAfterFirstFrame bool
	ExitAfterCounts     bool

	// Import, with Project, opens on the review of the import plan it computes for that
	// project (carnet import --review), over the project's memory.
	Import func(p *memstore.Project, now time.Time) (*promote.Plan, error)
}

// Model is the root of the UI: header, the active screen, the status line and the help footer.
type Model struct {
	c        *common
	opts     Options
	stack    []screen
	help     help.Model
	showHelp bool
	status   string
	isErr    bool
	isInfo   bool
	statusID int
	watch    *watcher
	width    int
	height   int
	fatal    error
	stale    map[screen]bool                                      // screens under the active one that missed a reload
	tick     func(time.Duration, func(time.Time) tea.Msg) tea.Cmd // tea.Tick; tests stop the clock
	early    <-chan tea.Msg                                       // the workspace, opened by Run while the terminal is set up
	watching bool                                                 // the watcher is being set up (startWatch)
	loading  bool                                                 // the workspace is not read yet: nothing drawn until loadingMsg
	started  func()                                               // run once the first counts are in (Run's GC setting)
}

// loadingDelay is how long the screen stays blank before saying the workspace is being read.
const loadingDelay = 200 * time.Millisecond

// statusTTL is how long a status line stays.
const statusTTL = 4 * time.Second

// New builds the UI for a workspace. Nothing is read before Init's commands run.
func New(opts Options) *Model {
	if opts.Editor == "" {
		opts.Editor = "vi"
	}
	c := newCommon(opts)
	m := &Model{c: c, opts: opts, help: help.New(), tick: tea.Tick, stale: map[screen]bool{}}
	m.help.Styles = c.styles.Help
	m.stack = []screen{newLoading(c)}
	m.loading = true
	return m
}

// Init asks the terminal for its background and opens the workspace.
func (m *Model) Init() tea.Cmd {
	open := openWorkspace(m.c.root)
	if m.early != nil {
		early := m.early
		open = func() tea.Msg { return <-early }
	}
	// The list usually comes within this delay: drawing "Reading the workspace…" first would
	// cost a full-screen frame, drawn and written while the list is read, which the list's
	// frame then waits for.
	cmds := []tea.Cmd{open, m.tick(loadingDelay, func(time.Time) tea.Msg { return loadingMsg{} })}
	if m.opts.Dark == nil {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	return tea.Batch(cmds...)
}

// openWorkspace reads the workspace, finds the git work tree holding it and reads the
// project summaries.
func openWorkspace(root string) tea.Cmd {
	return func() tea.Msg {
		ws, err := memstore.Open(root)
		if err != nil {
			return workspaceMsg{err: err}
		}
		repo, _ := ws.Repo()
		msg := workspaceMsg{ws: ws, repo: repo}
		if len(ws.Projects) > 0 {
			first := loadProjects(ws)().(projectsMsg)
			msg.first = &first
		}
		return msg
	}
}

func (m *Model) top() screen { return m.stack[len(m.stack)-1] }

// Update routes messages: keys and the mouse to the active screen, results to every screen.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		return m, m.resize()
	case tea.BackgroundColorMsg:
		if m.opts.Dark == nil && msg.IsDark() != m.c.styles.Dark {
			m.c.styles = NewStyles(msg.IsDark(), m.opts.NoColor)
			m.help.Styles = m.c.styles.Help
			return m, m.broadcast(stylesMsg{})
		}
		return m, nil
	case tea.ColorProfileMsg:
		return m, nil
	case loadingMsg:
		m.loading = false
		return m, nil
	case watchMsg:
		if msg.err != nil {
			m.c.log.Printf("watch: %v", msg.err)
			return m, nil
		}
		m.watch, m.c.watch = msg.w, msg.w
		if msg.ws != m.c.ws { // opened again while the watcher was set up
			msg.w.rewatch(m.c.ws)
		}
		return m, msg.w.next()
	case workspaceMsg:
		return m, m.onWorkspace(msg)
	case pushMsg:
		m.c.navPush = append(m.c.navPush, msg.s...)
		return m, m.nav(nil)
	case statusMsg:
		m.statusID++
		m.status, m.isErr, m.isInfo = firstLine(m.c.say(msg.text)), msg.err, msg.info
		if msg.err {
			m.c.log.Printf("error: %s", msg.text)
		}
		id := m.statusID
		return m, m.tick(statusTTL, func(time.Time) tea.Msg { return clearStatusMsg{id} })
	case clearStatusMsg:
		if msg.id == m.statusID {
			m.status = ""
		}
		return m, nil
	case fsEventMsg:
		m.c.log.Printf("watch: %d paths changed", len(msg.paths))
		return m, tea.Batch(m.reload(), m.watch.next())
	case reloadMsg:
		return m, m.reload()
	case wroteMsg:
		return m, m.c.onWrote(msg)
	case undoMsg:
		return m, m.c.onUndo(msg)
	case editorDoneMsg:
		cmds := []tea.Cmd{m.reload()}
		if msg.err != nil {
			cmds = append(cmds, statusErr(msg.err))
		}
		return m, tea.Batch(cmds...)
	case projectsMsg:
		cmd := m.broadcast(msg)
		if m.opts.ExitAfterFirstFrame && msg.err == nil {
			return m, tea.Quit
		}
		return m, cmd
	case openCountsMsg:
		m.startedUp()
		cmd := tea.Batch(m.broadcast(msg), m.watchNow())
		if m.opts.ExitAfterCounts {
			return m, tea.Sequence(cmd, tea.Quit) // the count caches are written first
		}
		return m, cmd
	case tea.KeyPressMsg:
		return m, m.nav(m.onKey(msg))
	case tea.MouseMsg:
		if m.showHelp {
			return m, nil
		}
		return m, m.nav(m.top().Update(mouseInBody(msg)))
	}
	return m, m.nav(m.broadcast(msg))
}

// reload reads again what the active screen shows; the screens under it are not drawn, so
// they read theirs when they are back on top (see back).
func (m *Model) reload() tea.Cmd {
	for _, s := range m.stack[:len(m.stack)-1] {
		m.stale[s] = true
	}
	return m.top().Update(reloadMsg{})
}

// nav carries out what screens asked of the stack during this Update (see common.open and
// common.back), then cmd.
func (m *Model) nav(cmd tea.Cmd) tea.Cmd {
	cmds := []tea.Cmd{cmd}
	if m.c.navBack {
		m.c.navBack = false
		cmds = append(cmds, m.back())
	}
	if len(m.c.navPush) > 0 {
		s := m.c.navPush
		m.c.navPush = nil
		m.stack = append(m.stack, s...)
		cmds = append(cmds, m.resize())
		for _, sc := range s {
			cmds = append(cmds, sc.Init())
		}
	}
	return tea.Batch(cmds...)
}

// broadcast hands a result to every screen of the stack; each one keeps what is its own.
func (m *Model) broadcast(msg tea.Msg) tea.Cmd {
	var cmds []tea.Cmd
	for _, s := range m.stack {
		cmds = append(cmds, s.Update(msg))
	}
	return tea.Batch(cmds...)
}

func (m *Model) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.keys
	if key.Matches(msg, k.Quit) && (msg.String() == "ctrl+c" || m.showHelp || !m.top().Capturing()) {
		return m.quit() // q from anywhere but a text field; ctrl+c even there
	}
	if m.showHelp {
		if key.Matches(msg, k.Help, k.Back) {
			m.showHelp = false
		}
		return nil
	}
	top := m.top()
	if !top.Capturing() {
		switch {
		case key.Matches(msg, k.Help):
			m.showHelp = true
			return nil
		case key.Matches(msg, k.Undo):
			return m.c.undo()
		case key.Matches(msg, k.Copy):
			return copySelected(top)
		case key.Matches(msg, k.Search) && m.c.ws != nil && len(m.c.ws.Projects) > 0:
			if _, ok := top.(*search); !ok {
				return m.c.open(newSearch(m.c))
			}
		}
	}
	return top.Update(msg)
}

// quit leaves the UI (q, ctrl+c); with ticks not applied it asks first, and a second q or
// ctrl+c quits.
func (m *Model) quit() tea.Cmd {
	it, ok := m.top().(*items)
	if !ok || len(it.checked) == 0 || it.prompt.open && it.prompt.yesNo && it.prompt.label == quitQuestion(m.c, len(it.checked)) {
		return tea.Quit
	}
	it.prompt.confirm(quitQuestion(m.c, len(it.checked)), func() tea.Cmd { return tea.Quit })
	return nil
}

func quitQuestion(c *common, ticks int) string {
	return c.trf("Quit without applying %s? y quits · n stays (then enter applies them)", c.count(ticks, "tick|ticks"))
}

// back leaves the active screen; it never quits: on the first screen it says that q does.
func (m *Model) back() tea.Cmd {
	if len(m.stack) <= 1 {
		return notice("this is the first screen: q quits")
	}
	delete(m.stale, m.top())
	m.stack = m.stack[:len(m.stack)-1]
	cmds := []tea.Cmd{m.resize(), m.top().Update(focusMsg{})}
	if m.stale[m.top()] {
		delete(m.stale, m.top())
		cmds = append(cmds, m.top().Update(reloadMsg{}))
	}
	return tea.Batch(cmds...)
}

// watchNow sets the watcher up, once.
func (m *Model) watchNow() tea.Cmd {
	if m.watch != nil || m.watching || !m.opts.Watch || m.c.ws == nil {
		return nil
	}
	m.watching = true
	return startWatch(m.c.ws, m.c.log)
}

// startedUp runs what waits for the end of start-up (m.started), once.
func (m *Model) startedUp() {
	if m.started != nil {
		m.started()
		m.started = nil
	}
}

func (m *Model) onWorkspace(msg workspaceMsg) tea.Cmd {
	m.loading = false
	if msg.err != nil || len(msg.ws.Projects) == 0 { // no counts to wait for
		m.startedUp()
	}
	if msg.err != nil {
		m.fatal = msg.err
		m.stack = []screen{newFailure(m.c, msg.err)}
		return nil
	}
	m.c.ws, m.c.repo = msg.ws, msg.repo
	m.c.lang = uiLanguage(m.opts, msg.ws)
	var cmds []tea.Cmd
	if m.watch != nil {
		m.watch.rewatch(msg.ws)
	} else if len(msg.ws.Projects) == 0 { // else once the first counts are in (watchNow): its
		cmds = append(cmds, m.watchNow()) // inotify watches would compete with the list and them
	}
	var first screen
	if len(msg.ws.Projects) == 0 {
		first = newEmpty(m.c)
	} else {
		first = newProjects(m.c)
	}
	m.stack = []screen{first}
	clear(m.stale)
	cmds = append(cmds, m.resize())
	var open tea.Cmd
	if m.opts.Project != "" {
		p, err := msg.ws.Project(m.opts.Project)
		if err != nil {
			open = statusErr(err)
		} else {
			if ps, ok := first.(*projects); ok {
				ps.want = p.Name // back from it lands on it
			}
			open = push(newMemory(m.c, p))
			if m.opts.Import != nil {
				open = push(newMemory(m.c, p), newImportReview(m.c, p, m.opts.Import))
			}
		}
		m.opts.Project = ""
	}
	if _, ok := first.(*projects); ok && msg.first != nil {
		// read with the workspace: the list is in the frame drawn after this message
		_, load := m.Update(*msg.first)
		cmds = append(cmds, load)
	} else {
		cmds = append(cmds, first.Init())
	}
	return tea.Batch(append(cmds, open)...)
}

// resize gives every screen the body's size: the terminal less the header, a blank line and
// the two footer lines.
func (m *Model) resize() tea.Cmd {
	if m.width == 0 {
		return nil
	}
	m.c.width, m.c.height = m.width, max(m.height-4, 1)
	m.help.SetWidth(m.width)
	var cmds []tea.Cmd
	for _, s := range m.stack {
		cmds = append(cmds, s.SetSize(m.c.width, m.c.height))
	}
	return tea.Batch(cmds...)
}

// View draws header, body and footer; alt screen, mouse and window title are set here, once.
func (m *Model) View() tea.View {
	var v tea.View
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	v.WindowTitle = "carnet"
	if m.width == 0 || m.loading {
		v.SetContent("")
		return v
	}
	v.SetContent(m.render())
	return v
}

// render is the screen as a string (what View shows and golden tests compare).
// minWidth and minHeight are the smallest terminal the screens lay out in.
const minWidth, minHeight = 40, 10

func (m *Model) render() string {
	if m.width > 0 && (m.width < minWidth || m.height < minHeight) {
		msg := m.c.trf("terminal too small: %d×%d, carnet needs %d×%d", m.width, m.height, minWidth, minHeight)
		var lines []string
		for len(msg) > 0 && len(lines) < max(m.height, 1) {
			cut := min(len([]rune(msg)), max(m.width, 1))
			lines = append(lines, string([]rune(msg)[:cut]))
			msg = string([]rune(msg)[cut:])
		}
		return strings.Join(lines, "\n")
	}
	top := m.top()
	body := top.View()
	if m.showHelp {
		body = m.fullHelp(top)
	}
	body = fit(body, m.c.width, m.c.height)
	return strings.Join([]string{m.header(), "", body, m.statusLine(), m.footer(top)}, "\n")
}

func (m *Model) header() string {
	s := m.c.styles
	parts := []string{s.App.Render("carnet")}
	for _, sc := range m.stack {
		if t := sc.Title(); t != "" {
			parts = append(parts, s.Crumb.Render(m.c.tr(t)))
		}
	}
	left := strings.Join(parts, s.CrumbSep.Render(" › "))
	right := ""
	if m.c.ws != nil {
		right = s.HeaderInfo.Render(filepath.Base(m.c.ws.Root) + " · " + m.c.count(len(m.c.ws.Projects), "project"))
	}
	gap := m.width - lipgloss.Width(left) - lipgloss.Width(right) - 1
	if gap < 1 {
		return padRight(left, m.width)
	}
	return left + strings.Repeat(" ", gap) + right + " "
}

func (m *Model) statusLine() string {
	if m.status == "" {
		return ""
	}
	s := m.c.styles
	if m.isErr {
		return padRight(s.StatusErr.Render(" ✗ "+m.status), m.width)
	}
	if m.isInfo {
		return padRight(" "+s.Warn.Render("!")+" "+m.status, m.width)
	}
	return padRight(s.Status.Render(" ✓ "+m.status), m.width)
}

func (m *Model) footer(top screen) string {
	return trunc(m.footerKeys(top), m.width)
}

func (m *Model) footerKeys(top screen) string {
	if m.showHelp {
		return " " + m.help.ShortHelpView(m.c.helpKeys([]key.Binding{m.c.keys.Back, m.c.keys.Quit}))
	}
	if f, ok := top.(filterer); ok && f.filterList().editing {
		return " " + m.help.ShortHelpView(m.c.helpKeys(f.filterList().editHelp()))
	}
	bindings := top.ShortHelp()
	if top.Capturing() { // while typing, q and ? are characters: do not offer them
		return " " + m.help.ShortHelpView(m.c.helpKeys(bindings))
	}
	// esc back · q quit · ? help end every footer, whatever its width: the screen's own keys
	// are what gets cut.
	k := m.c.keys
	var own, tail []key.Binding
	for _, b := range bindings {
		if slices.Equal(b.Keys(), k.Back.Keys()) {
			tail = append(tail, b)
			continue
		}
		own = append(own, b)
	}
	tail = append(tail, k.Quit, k.Help)
	h := m.help
	h.SetWidth(0)
	end := h.ShortHelpView(m.c.helpKeys(tail))
	if len(own) == 0 {
		return " " + end
	}
	sep := h.Styles.ShortSeparator.Render(h.ShortSeparator)
	room := m.width - 1 - lipgloss.Width(end) - lipgloss.Width(sep)
	return " " + trunc(h.ShortHelpView(m.c.helpKeys(own)), room) + sep + end
}

func (m *Model) fullHelp(top screen) string {
	s := m.c.styles
	groups := append(top.FullHelp(), m.c.keys.globalKeys())
	for i, g := range groups {
		groups[i] = m.c.helpKeys(g)
	}
	title := s.Title.Render(m.c.tr("Keys") + " · " + cmp.Or(m.c.tr(top.Title()), "carnet"))
	return lipgloss.NewStyle().Padding(1, 2).Render(title + "\n\n" + m.helpColumns(groups, m.width-4))
}

// helpColumns lays the groups of keys out side by side while they fit in width, then goes on
// in a new row of columns below: on a narrow terminal no group is cut off.
func (m *Model) helpColumns(groups [][]key.Binding, width int) string {
	h := m.help
	h.ShowAll = true
	h.SetWidth(0)
	var rows []string
	for start := 0; start < len(groups); {
		end := start + 1
		for end < len(groups) && lipgloss.Width(h.FullHelpView(groups[start:end+1])) <= width {
			end++
		}
		rows = append(rows, h.FullHelpView(groups[start:end]))
		start = end
	}
	return strings.Join(rows, "\n\n")
}

// shortPath shows a path with the home folder as ~.
func shortPath(p string) string {
	if home, err := os.UserHomeDir(); err == nil && home != "/" && strings.HasPrefix(p, home) {
		return "~" + strings.TrimPrefix(p, home)
	}
	return p
}

// ErrDumbTerminal is Run's answer on a terminal that cannot draw (TERM=dumb): one clear line
// instead of a full screen of escape sequences.
var ErrDumbTerminal = errors.New("the terminal UI cannot draw on TERM=dumb: use the CLI (carnet load, search, timeline, promote), or run it in a terminal that can")

// startGCPercent is the GOGC of the UI's start-up (see Run).
const startGCPercent = 400

// Run opens the UI on the terminal and returns when the user quits.
func Run(opts Options) error {
	if os.Getenv("TERM") == "dumb" {
		return ErrDumbTerminal
	}
	m := New(opts)
	// Start-up allocates a few MB in many small steps (the listings of every project, then
	// the counts): with the default GOGC each MB costs a collection, whose pauses stall the
	// first frame on a busy machine. Collect less often until the counts are in, unless the
	// user set GOGC.
	if os.Getenv("GOGC") == "" {
		old := debug.SetGCPercent(startGCPercent)
		m.started = func() { debug.SetGCPercent(old) }
	}
	m.early = openEarly(opts.Root)
	// lipgloss detected the terminal's colour profile on standard output when it loaded;
	// Bubble Tea would detect it again the same way, which inside tmux runs `tmux info` a
	// second time before the first frame.
	_, err := tea.NewProgram(m, tea.WithColorProfile(lipgloss.Writer.Profile)).Run()
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return err
	}
	return m.fatal
}

// openEarly opens the workspace and reads the list's content in the background, for Init to
// take: Run starts it before bubbletea sets the terminal up. The open items are counted
// only once the list is on the model (projectsMsg): counted here, alongside, they took both
// cores while the list's frame was drawn, and the list came later (see BENCHMARKS.md).
func openEarly(root string) <-chan tea.Msg {
	early := make(chan tea.Msg, 1)
	go func() {
		early <- openWorkspace(root)()
	}()
	return early
}

// mouseInBody shifts a mouse event's row so that 0 is the first line of the body.
func mouseInBody(msg tea.MouseMsg) tea.Msg {
	switch e := msg.(type) {
	case tea.MouseWheelMsg:
		e.Y -= 2
		return e
	case tea.MouseClickMsg:
		e.Y -= 2
		return e
	}
	return msg
}

// Messages of the root.
type (
	// stylesMsg says the styles changed (the terminal's background was reported).
	stylesMsg struct{}
	// focusMsg says a screen became the active one again.
	focusMsg struct{}
	// loadingMsg says the workspace took longer than loadingDelay: say it is being read.
	loadingMsg struct{}
)
