package tui

import (
	"slices"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
)

// list is the cursor, scrolling and `/` filter shared by every list screen. It holds the
// rows' identity and filter text only; each screen renders its own rows.
type list struct {
	c       *common
	n       int                // rows in total
	key     func(i int) string // a row's identity, to keep the cursor across reloads
	text    func(i int) string // what the filter matches
	header  func(i int) bool   // a heading row: never selected, hidden while filtering
	shown   []int              // rows visible after the filter
	cursor  int                // index into shown
	offset  int                // first shown row on screen
	height  int
	top     int // the screen line the first row is drawn on (mouse clicks)
	filter  textinput.Model
	editing bool // the filter input has the keyboard
	dark    bool // the background the filter's styles were made for
}

func newList(c *common) *list {
	ti := textinput.New()
	ti.Prompt = "/ "
	ti.Placeholder = c.tr("filter")
	ti.SetStyles(c.inputStyles())
	l := &list{c: c, filter: ti, dark: c.styles.Dark}
	l.key = func(i int) string { return "" }
	l.text = func(i int) string { return "" }
	l.header = func(i int) bool { return false }
	return l
}

// setRows replaces the rows, keeping the cursor on the same row when it still exists.
func (l *list) setRows(n int) { l.reset(n, l.selectedKey()) }

// selectedKey is the key of the row under the cursor, "" when there is none.
func (l *list) selectedKey() string {
	if i, ok := l.selected(); ok {
		return l.key(i)
	}
	return ""
}

// reset replaces the rows and puts the cursor on the row whose key is keep, if any.
func (l *list) reset(n int, keep string) {
	l.n = n
	l.refilter()
	if keep != "" {
		for j, i := range l.shown {
			if l.key(i) == keep {
				l.cursor = j
				break
			}
		}
	}
	l.fix()
}

// refilter recomputes the shown rows from the filter.
func (l *list) refilter() {
	q := strings.Fields(memstore.Normalize(l.filter.Value()))
	l.shown = l.shown[:0]
	for i := 0; i < l.n; i++ {
		if len(q) > 0 {
			if l.header(i) {
				continue
			}
			t := memstore.Normalize(l.text(i))
			ok := true
			for _, w := range q {
				if !strings.Contains(t, w) {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
		}
		l.shown = append(l.shown, i)
	}
	l.fix()
}

// clearFilter shows every row again, the cursor staying on the row it was on.
func (l *list) clearFilter() {
	sel, ok := l.selected()
	l.filter.SetValue("")
	l.refilter()
	if !ok {
		return
	}
	if j := slices.Index(l.shown, sel); j >= 0 {
		l.cursor = j
		l.fix()
	}
}

// count is the number of rows that are not headings, the filter aside.
func (l *list) count() int {
	n := 0
	for i := 0; i < l.n; i++ {
		if !l.header(i) {
			n++
		}
	}
	return n
}

// filtering reports whether a filter is set.
func (l *list) filtering() bool { return l.filter.Value() != "" }

// selected returns the row under the cursor.
func (l *list) selected() (int, bool) {
	if l.cursor < 0 || l.cursor >= len(l.shown) || l.header(l.shown[l.cursor]) {
		return 0, false
	}
	return l.shown[l.cursor], true
}

// setHeight sets how many rows fit on screen.
func (l *list) setHeight(h int) {
	l.height = max(h, 1)
	l.fix()
}

// move moves the cursor by delta rows, over headings.
func (l *list) move(delta int) {
	if len(l.shown) == 0 {
		return
	}
	step := 1
	if delta < 0 {
		step = -1
	}
	c := clamp(l.cursor+delta, 0, len(l.shown)-1)
	for c >= 0 && c < len(l.shown) && l.header(l.shown[c]) {
		c += step
	}
	if c < 0 || c >= len(l.shown) { // only headings that way: look the other way
		c = clamp(l.cursor+delta, 0, len(l.shown)-1)
		for c >= 0 && c < len(l.shown) && l.header(l.shown[c]) {
			c -= step
		}
	}
	if c >= 0 && c < len(l.shown) {
		l.cursor = c
	}
	l.fix()
}

// fix keeps the cursor in range, off headings, and on screen.
func (l *list) fix() {
	if len(l.shown) == 0 {
		l.cursor, l.offset = 0, 0
		return
	}
	l.cursor = clamp(l.cursor, 0, len(l.shown)-1)
	if l.header(l.shown[l.cursor]) {
		c := l.cursor
		for c < len(l.shown) && l.header(l.shown[c]) {
			c++
		}
		if c == len(l.shown) {
			c = l.cursor
			for c > 0 && l.header(l.shown[c]) {
				c--
			}
		}
		l.cursor = c
	}
	if l.height <= 0 {
		return
	}
	if l.cursor < l.offset {
		l.offset = l.cursor
		// show the heading just above the first item
		if l.offset > 0 && l.header(l.shown[l.offset-1]) {
			l.offset--
		}
	}
	if l.cursor >= l.offset+l.height {
		l.offset = l.cursor - l.height + 1
	}
	l.offset = clamp(l.offset, 0, max(0, len(l.shown)-l.height))
}

// visible returns the rows on screen, and the position of the cursor among them (-1: none).
func (l *list) visible() (rows []int, cur int) {
	end := min(len(l.shown), l.offset+l.height)
	cur = -1
	if l.cursor >= l.offset && l.cursor < end {
		cur = l.cursor - l.offset
	}
	return l.shown[l.offset:end], cur
}

// update handles navigation, the mouse wheel and the filter; it reports whether it used msg
// and whether the cursor moved.
func (l *list) update(msg tea.Msg) (used, moved bool, cmd tea.Cmd) {
	before := l.cursor
	k := l.c.keys
	if l.editing {
		if kp, ok := msg.(tea.KeyPressMsg); ok {
			switch kp.String() {
			case "enter", "down", "up":
				l.editing = false
				l.filter.Blur()
				return true, false, nil
			case "esc":
				l.editing = false
				l.filter.Blur()
				l.clearFilter()
				return true, true, nil
			}
		}
		var c tea.Cmd
		old := l.filter.Value()
		l.filter, c = l.filter.Update(msg)
		if l.filter.Value() != old {
			l.cursor = 0
			l.offset = 0
			l.refilter()
		}
		return true, true, c
	}
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelUp:
			l.move(-1)
		case tea.MouseWheelDown:
			l.move(1)
		default:
			return false, false, nil
		}
		return true, l.cursor != before, nil
	case tea.MouseClickMsg:
		return l.click(msg), l.cursor != before, nil
	case tea.KeyPressMsg:
		switch {
		case key.Matches(msg, k.Up):
			l.move(-1)
		case key.Matches(msg, k.Down):
			l.move(1)
		case key.Matches(msg, k.PageUp):
			l.move(-l.height)
		case key.Matches(msg, k.PageDown):
			l.move(l.height)
		case key.Matches(msg, k.Top):
			l.cursor = 0
			l.move(0)
		case key.Matches(msg, k.Bottom):
			l.cursor = len(l.shown) - 1
			l.move(0)
		case key.Matches(msg, k.Filter):
			l.editing = true
			return true, false, l.filter.Focus()
		case msg.String() == "esc" && l.filtering():
			l.clearFilter()
			return true, true, nil
		default:
			return false, false, nil
		}
		return true, l.cursor != before, nil
	}
	return false, false, nil
}

// click puts the cursor on the row under a left click (Y counted from the screen's first
// line); it reports whether the click was on a row.
func (l *list) click(msg tea.MouseClickMsg) bool {
	rows, _ := l.visible()
	r := msg.Y - l.top
	if msg.Button != tea.MouseLeft || r < 0 || r >= len(rows) || l.header(rows[r]) {
		return false
	}
	l.cursor = l.offset + r
	l.fix()
	return true
}

// filterer is a screen with a filterable list: while its filter is typed, the footer tells
// how to keep or clear it instead of listing keys that would be typed.
type filterer interface{ filterList() *list }

func (sp *split) filterList() *list      { return sp.list }
func (pl *promptList) filterList() *list { return pl.list }
func (s *review) filterList() *list      { return s.list }
func (s *timeline) filterList() *list    { return s.list }
func (s *search) filterList() *list      { return s.list }

// editHelp is the footer while the filter is typed.
func (l *list) editHelp() []key.Binding {
	return []key.Binding{
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter/↑/↓", "keep filter")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
	}
}

// filterView is the filter line, or "" when there is no filter.
func (l *list) filterView(width int) string {
	if !l.editing && !l.filtering() {
		return ""
	}
	l.filter.SetWidth(max(width-4, 1))
	if l.filter.Styles().Cursor.Blink == l.c.static || l.dark != l.c.styles.Dark {
		l.dark = l.c.styles.Dark
		l.filter.SetStyles(l.c.inputStyles()) // the terminal reported its background since
	}
	v := l.filter.View()
	if !l.editing {
		v = l.c.styles.Subtle.Render("/ "+l.filter.Value()) + l.c.styles.Faint.Render("  "+l.c.tr("(esc clears)"))
	}
	return v
}

// row renders one list row: a marker, then text, the cursor row highlighted over the full width
// with the row's own colours kept (the highlight is put back after each of their resets).
func (l *list) row(text string, width int, selected bool) string {
	s := l.c.styles
	if !selected {
		return "  " + padRight(text, width-2)
	}
	base := s.selectedSeq()
	text = padRight(text, width-2)
	text = strings.ReplaceAll(strings.ReplaceAll(text, "\x1b[0m", "\x1b[m"), "\x1b[m", "\x1b[m"+base)
	return s.SelMarker.Render("› ") + base + text + "\x1b[m"
}
