package tui

import (
	"fmt"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
)

// items lists every open À suivre item of a project, grouped by the day it was first written
// (a carried item's first day), newest day first: space ticks, enter applies the ticks
// through memstore (they move to Finalisé with ✅).
type items struct {
	promptList
	rows    []itemRow
	checked map[string]bool
}

type itemRow struct {
	header string // a day heading when set
	item   memstore.OpenItem
}

// itemsMsg carries the open items read from disk.
type itemsMsg struct {
	to    *items
	items []memstore.OpenItem
	err   error
}

func newItems(c *common, p *memstore.Project) *items {
	s := &items{promptList: newPromptList(c, p), checked: map[string]bool{}}
	s.reload, s.screenKeys = s.load, s.onKey
	s.list.key = func(i int) string { return itemKey(s.rows[i]) }
	s.list.text = func(i int) string { return s.rows[i].item.Text + " " + s.rows[i].item.First() }
	s.list.header = func(i int) bool { return s.rows[i].header != "" }
	return s
}

func itemKey(r itemRow) string {
	if r.header != "" {
		return "#" + r.header
	}
	return r.item.Path + "\x00" + r.item.Text
}

func (s *items) Init() tea.Cmd { return s.load() }

func (s *items) load() tea.Cmd {
	p := s.p
	return func() tea.Msg {
		its, err := p.OpenItems()
		return itemsMsg{to: s, items: its, err: err}
	}
}

func (s *items) setItems(its []memstore.OpenItem) {
	sorted := append([]memstore.OpenItem(nil), its...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].First() > sorted[j].First() })
	keep := s.list.selectedKey()
	s.rows = s.rows[:0]
	live := map[string]bool{}
	for i, it := range sorted {
		if i == 0 || it.First() != sorted[i-1].First() {
			s.rows = append(s.rows, itemRow{header: it.First()})
		}
		r := itemRow{item: it}
		live[itemKey(r)] = true
		s.rows = append(s.rows, r)
	}
	for k := range s.checked {
		if !live[k] {
			delete(s.checked, k) // ticked or removed elsewhere
		}
	}
	s.list.reset(len(s.rows), keep)
}

func (s *items) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case itemsMsg:
		if msg.to == s {
			s.loaded, s.err = true, msg.err
			s.setItems(msg.items)
		}
		return nil
	}
	return s.update(msg)
}

func (s *items) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.keys
	var sel *memstore.OpenItem
	if i, ok := s.list.selected(); ok {
		sel = &s.rows[i].item
	}
	switch {
	case key.Matches(msg, k.Back):
		if n := len(s.checked); n > 0 {
			s.prompt.confirm(s.c.trf("Leave without applying %s? y leaves · n stays (then enter applies them)", s.c.count(n, "tick|ticks")), s.c.back)
			return nil
		}
		return s.c.back()
	case key.Matches(msg, k.Apply):
		return s.apply()
	case sel == nil:
		if key.Matches(msg, k.Tick, k.Reword, k.Drop) {
			return notice("no open item here")
		}
	case key.Matches(msg, k.Tick):
		kk := itemKey(itemRow{item: *sel})
		s.checked[kk] = !s.checked[kk]
		if !s.checked[kk] {
			delete(s.checked, kk)
		}
		s.list.move(1)
	case key.Matches(msg, k.Reword):
		ref := s.ref(*sel)
		return s.prompt.edit(s.c.tr("Edit item:"), sel.Text, func(text string) tea.Cmd {
			if strings.TrimSpace(text) == ref.text {
				return nil
			}
			return s.write(s.c.tr("Edited an item"), "edit an open item", reword(ref, text))
		})
	case key.Matches(msg, k.Drop):
		ref := s.ref(*sel)
		s.prompt.confirm(s.c.trf("Drop “%s” from %s.md? (git keeps it)", short(sel.Text, 50), sel.Date), func() tea.Cmd {
			return s.write(s.c.tr("Dropped an item"), "drop an open item", drop(ref))
		})
	case key.Matches(msg, k.Editor):
		return openEditor(s.c, sel.Path, 0)
	}
	return nil
}

func (s *items) ref(it memstore.OpenItem) bulletRef {
	return bulletRef{path: it.Path, key: memstore.KeyNext, text: it.Text}
}

func (s *items) write(what, message string, fn func(tx *memstore.Tx) error) tea.Cmd {
	return write(s.c, s.p, what, message, fn)
}

// apply ticks the checked items.
func (s *items) apply() tea.Cmd {
	var todo []memstore.OpenItem
	days := map[string]bool{}
	for _, r := range s.rows {
		if r.header == "" && s.checked[itemKey(r)] {
			todo = append(todo, r.item)
			days[r.item.Date] = true
		}
	}
	if len(todo) == 0 {
		return notice("nothing ticked: space ticks an item, enter applies")
	}
	s.checked = map[string]bool{}
	what := s.c.trf("Ticked %s into %s (%s)", s.c.count(len(todo), "item"), s.doneHeading(), s.c.count(len(days), "log"))
	msg := "tick " + memstore.Plural(len(todo), "item")
	return s.write(what, msg, tick(todo))
}

func (s *items) View() string {
	st := s.c.styles
	var b strings.Builder
	n := s.list.count()
	head := "  " + s.c.trf("%s · %s", s.c.count(n, "item open|items open"), s.c.count(len(s.checked), "ticked|ticked"))
	if len(s.checked) > 0 {
		head += st.Subtle.Render("  — " + s.c.trf("enter moves them to %s", s.doneHeading()))
	}
	b.WriteString(s.head(head))
	switch why := s.c.unready(s.loaded, s.err, s.c.tr("Reading the logs…"), s.c.tr("Cannot read the logs: ")); {
	case why != "":
		b.WriteString("  " + why)
	case n == 0:
		b.WriteString("  " + st.OK.Render(s.c.tr("Nothing left to do.")) + st.Subtle.Render(" "+s.c.trf("Every %s item is ticked.", memstore.Heading(memstore.KeyNext, s.p.WS.Config.Language))))
	default:
		rows, cur := s.list.visible()
		for j, i := range rows {
			r := s.rows[i]
			if r.header != "" {
				b.WriteString(st.GroupHead.Render(fmt.Sprintf("  %s %s", r.header, s.c.weekday(r.header))) +
					st.Faint.Render("  "+s.c.daysAgo(r.header)) + "\n")
				continue
			}
			box := st.Faint.Render("[ ]")
			shown, _ := memstore.OpenSince(r.item.Text) // its day is the heading above it
			text := task(drawable(shown))
			if s.checked[itemKey(r)] {
				box = st.Checked.Render("[✓]")
				text = st.Checked.Render(text)
			}
			b.WriteString(s.list.row(" "+box+" "+text, s.w, j == cur) + "\n")
		}
	}
	return s.view(b.String())
}

// doneHeading is the heading ticked items go under, in the workspace's language.
func (s *items) doneHeading() string {
	return memstore.Heading(memstore.KeyDone, s.p.WS.Config.Language)
}

// task is an item's text without a "[ ]" task box of its own: the screen draws the box.
func task(text string) string {
	if t, ok := strings.CutPrefix(text, "[ ] "); ok {
		return t
	}
	return text
}

func (s *items) Title() string { return "open items" }

func (s *items) ShortHelp() []key.Binding {
	if s.prompt.open {
		return s.prompt.help()
	}
	k := s.c.keys
	return []key.Binding{k.Up, k.Down, k.Tick, k.Apply, k.Reword, k.Drop, k.Editor, k.Filter, k.Back}
}

func (s *items) FullHelp() [][]key.Binding {
	k := s.c.keys
	return [][]key.Binding{k.navKeys(), {k.Tick, k.Apply, k.Reword, k.Drop, k.Editor, k.Filter}}
}
