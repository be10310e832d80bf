package tui

import (
	"fmt"
	"path/filepath"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// memory is one project: its long-term memory, open items, daily logs and archives, the
// selected file previewed beside the list.
type memory struct {
	split
	p        *memstore.Project
	entries  []entry
	shownIdx []int           // entries on screen: archived logs only when expanded
	expanded bool            // archives shown
	pending  map[string]bool // files git has not got as they are (uncommitted, untracked)
	loaded   bool
	err      error
}

type entryKind int

const (
	entryLong entryKind = iota
	entryOpen
	entryHeader
	entryLog
	entryArchives
)

// entry is one row of the memory list.
type entry struct {
	kind  entryKind
	label string
	log   memstore.LogSummary
	n     int // lines of long memory; open items; archives
}

// memoryMsg carries the list of a project's memory files.
type memoryMsg struct {
	to      *memory
	entries []entry
	pending map[string]bool
	err     error
}

func newMemory(c *common, p *memstore.Project) *memory {
	s := &memory{split: newSplit(c, columns{1, 2, 60, 66}, 1, c.tr("Nothing to preview.")), p: p}
	s.pass = []key.Binding{c.keys.Open, c.keys.Editor, c.keys.Curate}
	s.follow, s.screenKeys = s.previewSelected, s.onKey
	return s
}

func (s *memory) Init() tea.Cmd { return s.load() }

func (s *memory) load() tea.Cmd {
	p, repo := s.p, s.c.repo
	return func() tea.Msg {
		entries, err := readMemory(p)
		return memoryMsg{to: s, entries: entries, pending: pendingFiles(repo, p), err: err}
	}
}

// pendingFiles are the files of a project that git has not got as they are, keyed as the
// list's paths are; read once per reload. Without git (or when git cannot say) none is marked.
func pendingFiles(repo *gitrepo.Repo, p *memstore.Project) map[string]bool {
	if repo == nil {
		return nil
	}
	files, err := repo.Pending(p.RelDir)
	if err != nil {
		return nil
	}
	out := map[string]bool{}
	for _, f := range files { // git names them from its top level; the list, from the workspace
		if rel, err := filepath.Rel(p.WS.Root, filepath.Join(repo.Root(), filepath.FromSlash(f.Path))); err == nil {
			out[filepath.ToSlash(rel)] = true
		}
	}
	return out
}

// readMemory lists a project's files with what the list shows of each.
func readMemory(p *memstore.Project) ([]entry, error) {
	o, err := p.Overview(memstore.WithArchives)
	if err != nil {
		return nil, err
	}
	out := []entry{{kind: entryLong, label: "Long-term memory", n: o.LongLines},
		{kind: entryOpen, label: "Open items", n: len(o.OpenItems())},
		{kind: entryHeader, label: "Daily logs", n: len(o.Logs)}}
	for _, l := range o.Logs {
		out = append(out, entry{kind: entryLog, log: l})
	}
	if len(o.Archives) > 0 {
		out = append(out, entry{kind: entryArchives, label: "Archives", n: len(o.Archives)})
		for _, l := range o.Archives {
			out = append(out, entry{kind: entryLog, log: l})
		}
	}
	return out, nil
}

// rows are the entries on screen: archived logs only when expanded.
func (s *memory) rows() []int {
	var out []int
	for i, e := range s.entries {
		if e.kind == entryLog && e.log.Archived && !s.expanded {
			continue
		}
		out = append(out, i)
	}
	return out
}

func entryKey(e *entry) string { return fmt.Sprint(e.kind, e.label, e.log.Path) }

// setEntries shows the entries, the cursor on the one keyed keep when it is still there.
func (s *memory) setEntries(keep string) {
	idx := s.rows()
	s.list.key = func(i int) string { return entryKey(&s.entries[idx[i]]) }
	s.list.text = func(i int) string {
		e := s.entries[idx[i]]
		return s.c.tr(e.label) + " " + e.log.Date + " " + s.c.weekday(e.log.Date)
	}
	s.list.header = func(i int) bool { return s.entries[idx[i]].kind == entryHeader }
	s.shownIdx = idx
	s.list.reset(len(idx), keep)
}

func (s *memory) selected() *entry {
	if i, ok := s.list.selected(); ok && i < len(s.shownIdx) && s.shownIdx[i] < len(s.entries) {
		return &s.entries[s.shownIdx[i]]
	}
	return nil
}

// path is the file of an entry ("" for open items and headings).
func (s *memory) path(e *entry) string {
	switch {
	case e == nil:
		return ""
	case e.kind == entryLong:
		return s.p.LongMemoryPath()
	case e.kind == entryLog:
		return e.log.Path
	}
	return ""
}

func (s *memory) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case memoryMsg:
		if msg.to != s {
			return nil
		}
		keep := s.list.selectedKey()
		s.loaded, s.err, s.entries, s.pending = true, msg.err, msg.entries, msg.pending
		s.setEntries(keep)
		return s.previewSelected()
	case reloadMsg:
		return tea.Batch(s.load(), s.pv.reload())
	}
	return s.update(msg)
}

func (s *memory) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.keys
	e := s.selected()
	path := s.path(e)
	switch {
	case key.Matches(msg, k.Back):
		return s.c.back()
	case key.Matches(msg, k.Focus):
		s.focusPV = path != ""
	case key.Matches(msg, k.OpenItems):
		return s.c.open(newItems(s.c, s.p))
	case key.Matches(msg, k.Timeline):
		return openTimeline(s.c, s.p)
	case key.Matches(msg, k.Promote):
		return openReview(s.c, s.p)
	case key.Matches(msg, k.Archives):
		return s.toggleArchives()
	case key.Matches(msg, k.Stale):
		return s.c.open(newStaleView(s.c, s.p))
	case e == nil:
	case key.Matches(msg, k.Open):
		switch e.kind {
		case entryOpen:
			return s.c.open(newItems(s.c, s.p))
		case entryArchives:
			return s.toggleArchives()
		}
		if path != "" {
			return s.c.open(newPager(s.c, s.p, path, s.entryTitle(e)))
		}
	case key.Matches(msg, k.Curate):
		if path == "" {
			return notice("pick a log or the long-term memory to curate its bullets")
		}
		return s.c.open(newCurate(s.c, s.p, path, s.entryTitle(e)))
	case key.Matches(msg, k.Editor):
		if path == "" {
			return notice("pick a file to edit")
		}
		return openEditor(s.c, path, 0)
	}
	return nil
}

func (s *memory) toggleArchives() tea.Cmd {
	n := 0
	for _, e := range s.entries {
		if e.kind == entryArchives {
			n = e.n
		}
	}
	if n == 0 {
		return notice("no archived logs yet: promotion archives logs older than %d days", s.c.ws.Config.Promote.ArchiveAfterDays)
	}
	keep := s.list.selectedKey()
	s.expanded = !s.expanded
	s.setEntries(keep)
	return s.previewSelected()
}

func (s *memory) entryTitle(e *entry) string {
	switch e.kind {
	case entryLong:
		return "long_memory.md"
	case entryLog:
		if e.log.Archived {
			return "archives/" + e.log.Date + ".md"
		}
		return e.log.Date + ".md"
	}
	return s.c.tr(e.label)
}

func (s *memory) previewSelected() tea.Cmd {
	e := s.selected()
	if e != nil && e.kind == entryOpen {
		s.pv.empty = s.c.trf("%s still open across the logs. Press enter to review and tick them.", s.c.count(e.n, "item"))
	} else if e != nil && e.kind == entryArchives {
		s.pv.empty = s.c.trf("%s moved here by promotion. Press enter or a to show them.", s.c.count(e.n, "archived log"))
	}
	return s.pv.show(s.path(e))
}

func (s *memory) View() string {
	st := s.c.styles
	lw := s.listWidth()
	var b strings.Builder
	switch why := s.c.unready(s.loaded, s.err, s.c.trf("Reading %s…", s.p.Name), s.c.tr("Cannot read this project: ")); {
	case why != "":
		b.WriteString("\n  " + why)
	default:
		if f := s.list.filterView(lw); f != "" {
			b.WriteString(" " + f + "\n")
		} else {
			b.WriteString(s.headLine(lw) + "\n")
		}
		rows, cur := s.list.visible()
		for j, i := range rows {
			e := s.entries[s.shownIdx[i]]
			if e.kind == entryHeader {
				b.WriteString(st.GroupHead.Render(trunc(fmt.Sprintf("  %s (%d)", s.c.tr(e.label), e.n), lw)) + "\n")
				continue
			}
			b.WriteString(s.list.row(s.rowText(e, lw-2), lw, j == cur) + "\n")
		}
	}
	title := s.c.tr("Preview")
	if e := s.selected(); e != nil {
		title = s.entryTitle(e)
	}
	return s.view(b.String(), title, s.pv.scrollInfo())
}

// pendingGlyph marks a file git has not got as it is.
const pendingGlyph = "●"

// headLine is the memory folder, and the legend of the pending mark when a file has it.
func (s *memory) headLine(lw int) string {
	st := s.c.styles
	legend := ""
	if len(s.pending) > 0 {
		legend = "  " + st.Warn.Render(pendingGlyph) + st.Faint.Render(" "+s.c.tr("not committed"))
	}
	dir := trunc("  "+s.p.RelDir, lw-lipgloss.Width(legend))
	return st.Faint.Render(dir) + legend
}

// mark is the pending glyph, or a space, for the file at path.
func (s *memory) mark(path string) string {
	if s.pending[path] {
		return s.c.styles.Warn.Render(pendingGlyph)
	}
	return " "
}

// sectionTags are the short names shown for the sections a log fills.
var sectionTags = []struct{ key, tag string }{
	{memstore.KeyContext, "ctx"}, {memstore.KeyGoal, "goal"}, {memstore.KeyProblems, "pb"},
	{memstore.KeyKnowledge, "lrn"}, {memstore.KeyWork, "work"}, {memstore.KeyDecisions, "dec"},
}

func (s *memory) rowText(e entry, width int) string {
	st := s.c.styles
	switch e.kind {
	case entryLong:
		return padRight(s.c.tr(e.label)+" "+s.mark(s.p.LongMemoryPath()), width-18) + gauge(st, e.n, s.c.ws.Config.Promote.LongMemoryMaxLines)
	case entryOpen:
		n := st.Subtle.Render(s.c.tr("none"))
		if e.n > 0 {
			n = st.TagOpen.Render(fmt.Sprint(e.n))
		}
		return padRight(s.c.tr(e.label), width-18) + n
	case entryArchives:
		arrow := "▸"
		if s.expanded {
			arrow = "▾"
		}
		return st.GroupHead.Render(fmt.Sprintf("%s %s (%d)", arrow, s.c.tr("Archives"), e.n))
	}
	var tags []string
	for _, t := range sectionTags {
		tag := s.c.tr(t.tag)
		if e.log.Filled[t.key] {
			tags = append(tags, st.Tag.Render(tag))
		} else {
			tags = append(tags, strings.Repeat(" ", lipgloss.Width(tag)))
		}
	}
	open, done := "   ", "   "
	if n := len(e.log.Open); n > 0 {
		open = st.TagOpen.Render(padRight(fmt.Sprintf("○%d", n), 3))
	}
	if e.log.Done > 0 {
		done = st.TagDone.Render(padRight(fmt.Sprintf("✓%d", e.log.Done), 3))
	}
	date := e.log.Date
	size := s.mark(e.log.Path) + st.Subtle.Render(padLeft(memstore.HumanSize(e.log.Size), 7))
	if e.log.Read && isBinary(e.log.Data) {
		return fmt.Sprintf("%s %s %s  %s", date, st.Subtle.Render(s.c.weekday(date)), size, st.Warn.Render(s.c.tr(errBinary.Error())))
	}
	return fmt.Sprintf("%s %s %s  %s %s %s", date, st.Subtle.Render(s.c.weekday(date)), size, strings.Join(tags, " "), open, done)
}

func (s *memory) Title() string { return s.p.Name }

func (s *memory) ShortHelp() []key.Binding {
	k := s.c.keys
	return []key.Binding{k.Up, k.Down, k.Open, k.Curate, k.Editor, k.OpenItems, k.Timeline, k.Promote, k.Filter, k.Back}
}

func (s *memory) FullHelp() [][]key.Binding {
	k := s.c.keys
	return [][]key.Binding{k.navKeys(), {k.Open, k.Curate, k.Editor, k.Archives, k.Focus},
		{k.OpenItems, k.Stale, k.Timeline, k.Promote, k.Filter}}
}
