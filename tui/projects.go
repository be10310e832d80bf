package tui

import (
	"fmt"
	"strings"
	"sync"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"carnet/memstore"
)

// projects is the home screen: every project with its counts, its long memory beside it.
type projects struct {
	split
	sums    []projectSummary
	loaded  bool
	counted bool // the open items came once: the preview no longer waits for them
	err     error
	want    string // the project to put the cursor on once listed (carnet -p), "" none
}

// projectSummary is one row of the home screen.
type projectSummary struct {
	p         *memstore.Project
	logs      int
	open      int // -1 until counted
	longLines int
	last      string // date of the newest log
}

// projectsMsg carries the summaries; openCountsMsg the open items, counted after.
type (
	projectsMsg struct {
		sums []projectSummary
		err  error
	}
	openCountsMsg struct {
		counts map[string]int
		save   func() // writes the count caches (see memstore.CountOpenCached)
	}
)

func newProjects(c *common) *projects {
	s := &projects{split: newSplit(c, columns{11, 20, 64, 78}, 2, c.tr("No long-term memory yet."))}
	s.pass = []key.Binding{c.keys.Open}
	s.follow, s.screenKeys = s.previewSelected, s.onKey
	s.list.key = func(i int) string { return s.sums[i].p.Name }
	s.list.text = func(i int) string { return s.sums[i].p.Name + " " + s.sums[i].p.RelDir }
	return s
}

func (s *projects) Init() tea.Cmd { return loadProjects(s.c.ws) }

// loadProjects reads the cheap counts of every project (folder listings, one file each), in
// parallel; open items, which need every log read, come after in countOpen.
func loadProjects(ws *memstore.Workspace) tea.Cmd {
	return func() tea.Msg {
		sums := make([]projectSummary, len(ws.Projects))
		errs := make([]error, len(ws.Projects))
		var wg sync.WaitGroup
		for i, p := range ws.Projects {
			wg.Go(func() {
				sums[i], errs[i] = summarize(p)
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				return projectsMsg{sums: sums, err: err}
			}
		}
		return projectsMsg{sums: sums}
	}
}

// summarize reads one row: one listing of the project's logs (names only) and its long
// memory's line count; nothing else of the project (archives, notes) is read for the list.
func summarize(p *memstore.Project) (projectSummary, error) {
	g, err := p.Glance() // an unreadable long memory has no gauge, as in Overview
	return projectSummary{p: p, open: -1, logs: g.Logs, last: g.Newest, longLines: g.LongLines}, err
}

// countOpen counts every project's open items with memstore.CountOpenCached (what
// Overview(WithLogs).OpenItems() says, reading only the logs that changed since the last
// count); a project whose folders cannot be listed counts 0.
func countOpen(ws *memstore.Workspace) tea.Cmd {
	return func() tea.Msg {
		n, save, _ := memstore.CountOpenCached(ws.Projects)
		counts := make(map[string]int, len(ws.Projects))
		for i, p := range ws.Projects {
			counts[p.Name] = n[i]
		}
		return openCountsMsg{counts: counts, save: save}
	}
}

// saveCounts writes the count caches, once the counts are on screen.
func saveCounts(save func()) tea.Cmd {
	if save == nil {
		return nil
	}
	return func() tea.Msg {
		save()
		return nil
	}
}

func (s *projects) selected() *projectSummary {
	if i, ok := s.list.selected(); ok {
		return &s.sums[i]
	}
	return nil
}

func (s *projects) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case projectsMsg:
		s.loaded, s.err = true, msg.err
		old := map[string]int{}
		for _, o := range s.sums {
			old[o.p.Name] = o.open
		}
		s.sums = msg.sums
		for i := range s.sums {
			if n, ok := old[s.sums[i].p.Name]; ok {
				s.sums[i].open = n // keep the last count until the new one arrives
			}
		}
		if s.want != "" {
			s.list.reset(len(s.sums), s.want)
			s.want = ""
		} else {
			s.list.setRows(len(s.sums))
		}
		count := countOpen(s.c.ws)
		if !s.counted { // the first time the counts come first: the preview renders after
			return count
		}
		return tea.Batch(count, s.previewSelected())
	case openCountsMsg:
		for i := range s.sums {
			if n, ok := msg.counts[s.sums[i].p.Name]; ok {
				s.sums[i].open = n
			}
		}
		s.counted = true
		return tea.Batch(saveCounts(msg.save), s.previewSelected())
	case reloadMsg:
		cmds := []tea.Cmd{loadProjects(s.c.ws)}
		if s.pv.path != "" {
			cmds = append(cmds, s.pv.reload())
		}
		return tea.Batch(cmds...)
	default:
		return s.update(msg)
	}
}

func (s *projects) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.keys
	sel := s.selected()
	switch {
	case key.Matches(msg, k.Back):
		return s.c.back()
	case key.Matches(msg, k.Focus):
		s.focusPV = true
		return nil
	case sel == nil:
		return nil
	case key.Matches(msg, k.Open):
		return s.c.open(newMemory(s.c, sel.p))
	case key.Matches(msg, k.OpenItems): // under the project, so that back goes there
		return s.c.open(newMemory(s.c, sel.p), newItems(s.c, sel.p))
	case key.Matches(msg, k.Timeline):
		if s.c.repo == nil {
			return openTimeline(s.c, sel.p)
		}
		return s.c.open(newMemory(s.c, sel.p), newTimeline(s.c, sel.p))
	case key.Matches(msg, k.Promote):
		return s.c.open(newMemory(s.c, sel.p), newReview(s.c, sel.p))
	case key.Matches(msg, k.Editor):
		return openEditor(s.c, sel.p.LongMemoryPath(), 0)
	}
	return nil
}

func (s *projects) previewSelected() tea.Cmd {
	if sel := s.selected(); sel != nil {
		return s.pv.show(sel.p.LongMemoryPath())
	}
	return s.pv.show("")
}

func (s *projects) View() string {
	st := s.c.styles
	lw := s.listWidth()
	var b strings.Builder
	switch why := s.c.unready(s.loaded, s.err, s.c.tr("Reading the workspace…"), s.c.tr("Cannot read the workspace: ")); {
	case why != "":
		b.WriteString("\n  " + why)
	default:
		logsW, openW := s.columnWidths()
		head := fmt.Sprintf("  %-18s %*s %*s  %-18s %s", s.c.tr("PROJECT"), logsW, s.c.tr("LOGS"), openW, s.c.tr("OPEN"), s.c.tr("LONG MEMORY"), s.c.tr("LAST LOG"))
		if f := s.list.filterView(lw); f != "" {
			head = " " + f
		}
		b.WriteString(st.Faint.Render(trunc(head, lw)) + "\n")
		rows, cur := s.list.visible()
		for j, i := range rows {
			b.WriteString(s.list.row(s.rowText(s.sums[i]), lw, j == cur) + "\n")
		}
		if len(rows) == 0 {
			b.WriteString("  " + st.Subtle.Render(s.c.tr("No project matches the filter.")) + "\n")
		}
		b.WriteString(s.overview(lw))
	}
	title, info := s.c.tr("Long-term memory"), ""
	if sel := s.selected(); sel != nil {
		title = s.c.tr("Long-term memory") + " · " + sel.p.Name
		info = s.pv.scrollInfo()
	}
	return s.view(b.String(), title, info)
}

// overview sums the workspace up under the table and points at what needs doing.
func (s *projects) overview(width int) string {
	st := s.c.styles
	logs, open, counted := 0, 0, true
	limit := s.c.ws.Config.Promote.LongMemoryMaxLines
	for _, p := range s.sums {
		logs += p.logs
		open += max(p.open, 0)
		counted = counted && p.open >= 0
	}
	openS := "… " + s.c.tr("open items") // still being counted
	if counted {
		openS = s.c.count(open, "open item")
	}
	lines := []string{"", st.Subtle.Render("  " + s.c.count(len(s.sums), "project") + " · " + s.c.count(logs, "log") + " · " + openS)}
	for _, p := range s.sums {
		if p.longLines > limit {
			lines = append(lines, "  "+st.Warn.Render("⚠ "+p.p.Name)+st.Subtle.Render(s.c.trf(": long memory at %d/%d lines · ", p.longLines, limit))+
				st.Key.Render(keyOr(s.c.keys.Promote))+st.Subtle.Render(s.c.tr(" to promote")))
		}
	}
	for i := range lines {
		lines[i] = trunc(lines[i], width)
	}
	return strings.Join(lines, "\n") + "\n"
}

func (s *projects) rowText(p projectSummary) string {
	st := s.c.styles
	open := "…"
	if p.open >= 0 {
		open = fmt.Sprint(p.open)
	}
	logsW, openW := s.columnWidths()
	openS := padLeft(open, openW)
	if p.open > 0 {
		openS = st.TagOpen.Render(openS)
	}
	last := "—"
	if p.last != "" {
		last = s.c.daysAgo(p.last)
	}
	return fmt.Sprintf("%-18s %*d %s  %s %s", trunc(p.p.Name, 18), logsW, p.logs, openS,
		gauge(st, p.longLines, s.c.ws.Config.Promote.LongMemoryMaxLines), st.Subtle.Render(last))
}

// columnWidths are the widths of the counts' columns: 5, or their heading's in the UI's
// language when it is longer.
func (s *projects) columnWidths() (logs, open int) {
	return max(5, lipgloss.Width(s.c.tr("LOGS"))), max(5, lipgloss.Width(s.c.tr("OPEN")))
}

// gauge draws lines against the long-memory limit: ███░░ 120/300, red past the limit.
func gauge(st Styles, n, limit int) string {
	const cells = 8
	if limit <= 0 {
		limit = 300
	}
	full := min(cells, (n*cells+limit-1)/limit)
	bar, empty := st.Bar, st.BarEmpty
	label := fmt.Sprintf("%3d/%d", n, limit)
	if n > limit {
		bar = st.BarOver
		label = st.Warn.Render(fmt.Sprintf("%3d/%d", n, limit))
	}
	return bar.Render(strings.Repeat("█", full)) + empty.Render(strings.Repeat("░", cells-full)) + " " + padRight(label, 9)
}

func (s *projects) Title() string { return "" }

func (s *projects) ShortHelp() []key.Binding {
	k := s.c.keys
	return []key.Binding{k.Up, k.Down, k.Open, k.OpenItems, k.Timeline, k.Promote, k.Filter, k.Search} // the first screen: nothing to go back to
}

func (s *projects) FullHelp() [][]key.Binding {
	k := s.c.keys
	return [][]key.Binding{k.navKeys(), {k.Open, k.OpenItems, k.Timeline, k.Promote, k.Editor}, {k.Filter, k.Focus}}
}
