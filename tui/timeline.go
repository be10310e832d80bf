package tui

import (
	"fmt"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// timeline is a project's memory history from git: uncommitted changes on top, then commits
// newest first, the selected one's files and diff beside the list. C commits what is pending.
type timeline struct {
	c       *common
	p       *memstore.Project
	pending []gitrepo.FileChange
	commits []gitrepo.Commit
	list    *list
	diff    viewport.Model
	diffFor string // the row whose diff is shown
	seq     int
	focusD  bool
	loaded  bool
	err     error
	w, h    int
}

// Messages of the timeline.
type (
	historyMsg struct {
		to      *timeline
		pending []gitrepo.FileChange
		commits []gitrepo.Commit
		err     error
	}
	diffMsg struct {
		to   *timeline
		seq  int
		row  string
		text string
		err  error
	}
)

// historyDepth bounds the commits read.
const historyDepth = 500

// pendingRow is the list key of the uncommitted changes.
const pendingRow = "pending"

// openTimeline opens the timeline, or says why it cannot.
func openTimeline(c *common, p *memstore.Project) tea.Cmd {
	if c.repo == nil {
		return notice("no timeline: %s is not in a git repository (git init, then commit memory_sessions/)", shortPath(c.ws.Root))
	}
	return c.open(newTimeline(c, p))
}

func newTimeline(c *common, p *memstore.Project) *timeline {
	s := &timeline{c: c, p: p, list: newList(c), diff: viewport.New()}
	s.diff.MouseWheelEnabled = false
	s.list.top = 1
	s.list.key = s.rowKey
	s.list.text = func(i int) string {
		if s.hasPending() && i == 0 {
			return s.c.tr("uncommitted changes")
		}
		cm := s.commit(i)
		return cm.Hash + " " + cm.Author + " " + cm.Message
	}
	return s
}

func (s *timeline) hasPending() bool { return len(s.pending) > 0 }

func (s *timeline) commit(i int) gitrepo.Commit {
	if s.hasPending() {
		i--
	}
	return s.commits[i]
}

func (s *timeline) rowKey(i int) string {
	if s.hasPending() && i == 0 {
		return pendingRow
	}
	return s.commit(i).Hash
}

func (s *timeline) Init() tea.Cmd { return s.load() }

func (s *timeline) load() tea.Cmd {
	repo, dir := s.c.repo, s.p.RelDir
	return func() tea.Msg {
		pend, err := repo.Pending(dir)
		if err != nil {
			return historyMsg{to: s, err: err}
		}
		commits, err := repo.History(dir, historyDepth)
		return historyMsg{to: s, pending: pend, commits: commits, err: err}
	}
}

// loadDiff reads the diff of the selected row.
func (s *timeline) loadDiff() tea.Cmd {
	i, ok := s.list.selected()
	if !ok {
		s.diffFor = ""
		s.diff.SetContent("")
		return nil
	}
	row := s.rowKey(i)
	s.seq++
	seq, repo, dir := s.seq, s.c.repo, s.p.RelDir
	return func() tea.Msg {
		var text string
		var err error
		if row == pendingRow {
			text, err = repo.PendingDiff(dir)
		} else {
			text, err = repo.CommitDiff(row, dir)
		}
		return diffMsg{to: s, seq: seq, row: row, text: text, err: err}
	}
}

func (s *timeline) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case historyMsg:
		if msg.to != s {
			return nil
		}
		keep := s.list.selectedKey()
		s.loaded, s.err, s.pending, s.commits = true, msg.err, msg.pending, msg.commits
		s.list.reset(len(s.commits)+len(s.pendingRows()), keep)
		return s.loadDiff()
	case diffMsg:
		if msg.to == s && msg.seq == s.seq {
			same := s.diffFor == msg.row
			s.diffFor = msg.row
			off := s.diff.YOffset()
			if msg.err != nil {
				s.diff.SetContent(s.c.styles.Err.Render(s.c.tr("Cannot read this diff: ")) + firstLine(msg.err.Error()))
			} else {
				s.diff.SetContent(indent(s.detail(msg.row)+renderDiff(s.c.styles, msg.text, s.diff.Width()-1), " "))
			}
			if same {
				s.diff.SetYOffset(off)
			} else {
				s.diff.GotoTop()
			}
		}
	case reloadMsg:
		return s.load()
	case stylesMsg:
		return s.loadDiff()
	case commitMsg:
		if msg.to != s {
			return nil
		}
		switch {
		case msg.err != nil:
			return statusErr(msg.err)
		case msg.res.Hash == "":
			return notice("nothing committed: %s", uiText{msg.res.Skipped, nil})
		}
		return tea.Batch(status("Committed %s · %s", msg.res.Hash[:7], msg.message), s.load())
	case tea.MouseWheelMsg:
		if msg.X >= s.listWidth() {
			scrollWheel(&s.diff, msg)
			return nil
		}
		if _, moved, _ := s.list.update(msg); moved {
			return s.loadDiff()
		}
	case tea.MouseClickMsg:
		s.focusD = msg.X >= s.listWidth() && s.listWidth() < s.w
		if !s.focusD && s.list.click(msg) {
			return s.loadDiff()
		}
	case tea.KeyPressMsg:
		return s.onKey(msg)
	}
	return nil
}

func (s *timeline) pendingRows() []int {
	if s.hasPending() {
		return []int{0}
	}
	return nil
}

func (s *timeline) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.keys
	if s.focusD && !s.list.editing {
		if key.Matches(msg, k.Focus, k.Back) {
			s.focusD = false
		} else {
			scrollKeys(&s.diff, k, msg)
		}
		return nil
	}
	if used, moved, cmd := s.list.update(msg); used {
		if moved {
			return tea.Batch(cmd, s.loadDiff())
		}
		return cmd
	}
	switch {
	case key.Matches(msg, k.Back):
		return s.c.back()
	case key.Matches(msg, k.Focus), key.Matches(msg, k.Open):
		s.focusD = true
	case key.Matches(msg, k.Commit):
		if !s.hasPending() {
			return notice("nothing to commit: the memory of %s is clean", s.p.Name)
		}
		return s.commitPending()
	}
	return nil
}

// commitMsg says how committing the pending changes went.
type commitMsg struct {
	to      *timeline
	res     gitrepo.CommitResult
	message string
	err     error
}

func (s *timeline) commitPending() tea.Cmd {
	change := pendingChange(s.pending)
	p := s.p
	return func() tea.Msg {
		res, err := p.CommitPending(change)
		return commitMsg{to: s, res: res, message: firstLine(memstore.CommitMessage(p.Name, change)), err: err}
	}
}

// pendingChange says what committing the uncommitted memory changes does.
func pendingChange(files []gitrepo.FileChange) memstore.Change {
	var names []string
	for _, f := range files {
		names = append(names, path.Base(f.Path))
	}
	sort.Strings(names)
	what := "update " + strings.Join(names, ", ")
	if len(names) > 3 {
		what = fmt.Sprintf("update %s and %d more", strings.Join(names[:3], ", "), len(names)-3)
	}
	var body []string
	for _, f := range files {
		body = append(body, fmt.Sprintf("%s %s (+%d -%d)", f.Kind, f.Path, f.Added, f.Deleted))
	}
	return memstore.Change{Writer: "ui", What: what, Body: body, Commit: memstore.CommitAlways}
}

// detail is the head of the right pane: the commit, its author and files.
func (s *timeline) detail(row string) string {
	st := s.c.styles
	var b strings.Builder
	var files []gitrepo.FileChange
	if row == pendingRow {
		b.WriteString(st.Warn.Render(s.c.tr("Uncommitted changes")) + st.Subtle.Render(" · "+s.c.trf("%s commits them (the hook, MCP and the CLI commit only with autocommit = true)", keyOr(s.c.keys.Commit))) + "\n")
		files = s.pending
	} else {
		for _, cm := range s.commits {
			if cm.Hash != row {
				continue
			}
			b.WriteString(st.Hash.Render(cm.Hash[:10]) + "  " + st.Subtle.Render(cm.Author+" · "+s.c.when(cm.When)+" · "+s.c.relative(Ago(s.c.now(), cm.When))) + "\n")
			b.WriteString(st.FileHead.Render(cm.Message) + "\n")
			files = cm.Files
		}
	}
	b.WriteString("\n")
	short := s.inMemory()
	for _, f := range files {
		name := short(f.Path)
		if f.From != "" {
			name = short(f.From) + " → " + name
		}
		fmt.Fprintf(&b, " %s %s %s\n", kindMark(st, f.Kind), padRight(trunc(name, s.diff.Width()-16), s.diff.Width()-16), diffStat(st, f.Added, f.Deleted))
	}
	return b.String() + "\n"
}

// inMemory shows a path of the repository relative to the project's memory folder, as
// carnet timeline prints it.
func (s *timeline) inMemory() func(string) string {
	dir, err := filepath.Rel(s.c.repo.Root(), s.c.ws.Abs(s.p.RelDir))
	if err != nil {
		return func(p string) string { return p }
	}
	dir = filepath.ToSlash(dir) + "/"
	return func(p string) string { return strings.TrimPrefix(p, dir) }
}

func kindMark(st Styles, kind string) string {
	switch kind {
	case "A":
		return st.Added.Render("A")
	case "D":
		return st.Deleted.Render("D")
	case "R":
		return st.HunkHead.Render("R")
	}
	return st.Warn.Render(kind)
}

func (s *timeline) listWidth() int { return columns{1, 2, 56, 70}.list(s.w) }

func (s *timeline) SetSize(w, h int) tea.Cmd {
	s.w, s.h = w, h
	s.list.setHeight(h - 1)
	pw, ph := paneBody(paneWidth(w, s.listWidth()), h)
	s.diff.SetWidth(pw)
	s.diff.SetHeight(ph)
	return s.loadDiff()
}

func (s *timeline) View() string {
	st := s.c.styles
	lw := s.listWidth()
	var b strings.Builder
	switch why := s.c.unready(s.loaded, s.err, s.c.tr("Reading the history…"), s.c.tr("Cannot read the history: ")); {
	case why != "":
		b.WriteString("\n  " + why)
	default:
		head := st.Faint.Render(trunc(fmt.Sprintf("  %s · %s", s.p.RelDir, s.c.count(len(s.commits), "commit")), lw))
		if f := s.list.filterView(lw); f != "" {
			head = " " + f
		}
		b.WriteString(head + "\n")
		rows, cur := s.list.visible()
		for j, i := range rows {
			b.WriteString(s.list.row(s.rowText(i, lw-3), lw, j == cur) + "\n") // a cell between the counts and the pane's border
		}
		if len(s.commits) == 0 && !s.hasPending() {
			b.WriteString("  " + st.Subtle.Render(s.c.tr("No commit touches this memory yet.")))
		}
	}
	left := fit(b.String(), lw, s.h)
	if lw == s.w && !s.focusD {
		return left
	}
	body := fit(s.diff.View(), s.diff.Width(), s.diff.Height())
	info := ""
	if s.diff.TotalLineCount() > s.diff.Height() {
		info = fmt.Sprintf("%d%%", int(s.diff.ScrollPercent()*100+0.5))
	}
	if lw == s.w { // too narrow for both: the diff takes the screen until tab or esc
		return s.c.framed("Diff", info, body, s.w, s.h, true)
	}
	right := s.c.framed("Diff", info, body, s.w-lw, s.h, s.focusD)
	return lipgloss.JoinHorizontal(lipgloss.Top, left, right)
}

func (s *timeline) rowText(i, width int) string {
	st := s.c.styles
	if s.hasPending() && i == 0 {
		a, d := 0, 0
		for _, f := range s.pending {
			a += f.Added
			d += f.Deleted
		}
		return st.Warn.Render("● "+s.c.tr("uncommitted")) + "  " + st.Subtle.Render(s.c.count(len(s.pending), "file")) + "  " + diffStat(st, a, d)
	}
	cm := s.commit(i)
	a, d := 0, 0
	for _, f := range cm.Files {
		a += f.Added
		d += f.Deleted
	}
	stat := diffStat(st, a, d)
	author, _, _ := strings.Cut(cm.Author, " ")
	head := st.Hash.Render(cm.Hash[:7]) + " " + st.Subtle.Render(padRight(s.c.agoShort(cm.When), 4)) + " " +
		st.Accent.Render(padRight(author, 8)) + " "
	msg := strings.TrimPrefix(firstLine(cm.Message), "memory("+s.p.Name+"): ")
	room := width - lipgloss.Width(head) - lipgloss.Width(stat) - 1
	return head + padRight(msg, room) + " " + stat
}

// agoShort is a relative date in a few cells: "now", "5m", "15h", "3d", "2w", "4mo", "1y".
func agoShort(now, t time.Time) string {
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "now"
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 24*time.Hour:
		return fmt.Sprintf("%dh", int(d.Hours()))
	case d < 14*24*time.Hour:
		return fmt.Sprintf("%dd", int(d.Hours()/24))
	case d < 60*24*time.Hour:
		return fmt.Sprintf("%dw", int(d.Hours()/24/7))
	case d < 365*24*time.Hour:
		return fmt.Sprintf("%dmo", int(d.Hours()/24/30))
	}
	return fmt.Sprintf("%dy", int(d.Hours()/24/365))
}

func (s *timeline) Title() string { return "timeline" }

func (s *timeline) ShortHelp() []key.Binding {
	k := s.c.keys
	return []key.Binding{k.Up, k.Down, k.Focus, k.Commit, k.Filter, k.Back}
}

func (s *timeline) FullHelp() [][]key.Binding {
	k := s.c.keys
	return [][]key.Binding{k.navKeys(), {k.Focus, k.Commit, k.Filter}}
}

func (s *timeline) Capturing() bool { return s.list.editing }
