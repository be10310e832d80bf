package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
)

// search is the workspace-wide search: type words, every matching line of every project's
// memory is listed; enter opens the file at that line.
type search struct {
	c      *common
	input  textinput.Model
	typing bool
	hits   []memstore.Hit
	list   *list
	seq    int
	query  string
	err    error
	w, h   int
}

// searchMsg carries the hits of one query.
type searchMsg struct {
	to    *search
	seq   int
	query string
	hits  []memstore.Hit
	err   error
}

// searchLimit bounds the hits listed.
const searchLimit = 500

func newSearch(c *common) *search {
	ti := textinput.New()
	ti.Prompt = c.tr("Search all memory: ")
	ti.Placeholder = c.tr("words to find (accents and case ignored)")
	ti.SetStyles(c.inputStyles())
	s := &search{c: c, input: ti, typing: true, list: newList(c)}
	s.list.top = 3 // under the query, the count and a blank line
	s.list.key = func(i int) string { h := s.hits[i]; return fmt.Sprint(h.Path, ":", h.Line) }
	s.list.text = func(i int) string { return s.hits[i].Text }
	return s
}

func (s *search) Init() tea.Cmd { return s.input.Focus() }

func (s *search) run() tea.Cmd {
	s.seq++
	seq, q, ws := s.seq, s.input.Value(), s.c.ws
	return func() tea.Msg {
		hits, err := ws.Search(q, searchLimit)
		return searchMsg{to: s, seq: seq, query: q, hits: hits, err: err}
	}
}

func (s *search) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case searchMsg:
		if msg.to == s && msg.seq == s.seq {
			s.hits, s.err, s.query = msg.hits, msg.err, msg.query
			s.list.reset(len(s.hits), "")
		}
		return nil
	case reloadMsg:
		if s.input.Value() != "" {
			return s.run()
		}
		return nil
	case tea.MouseWheelMsg:
		s.list.update(msg)
		return nil
	case tea.MouseClickMsg:
		if s.list.click(msg) && s.typing {
			s.typing = false
			s.input.Blur()
		}
		return nil
	case tea.KeyPressMsg:
		k := s.c.keys
		if s.typing {
			switch msg.String() {
			case "enter", "down", "tab":
				s.typing = false
				s.input.Blur()
				return nil
			case "esc":
				return s.c.back()
			}
			old := s.input.Value()
			var cmd tea.Cmd
			s.input, cmd = s.input.Update(msg)
			if s.input.Value() != old {
				return tea.Batch(cmd, s.run())
			}
			return cmd
		}
		if used, _, cmd := s.list.update(msg); used {
			return cmd
		}
		switch {
		case key.Matches(msg, k.Back):
			return s.c.back()
		case key.Matches(msg, k.Focus), key.Matches(msg, k.Search), msg.String() == "i":
			s.typing = true
			return s.input.Focus()
		case key.Matches(msg, k.Open):
			return s.open()
		}
	default:
		if s.typing {
			var cmd tea.Cmd
			s.input, cmd = s.input.Update(msg)
			return cmd
		}
	}
	return nil
}

// open shows the selected hit's file in the pager, at its line.
func (s *search) open() tea.Cmd {
	i, ok := s.list.selected()
	if !ok {
		return nil
	}
	pg, err := openHit(s.c, &found{query: s.query, hits: s.hits, at: i})
	if err != nil {
		return statusErr(err)
	}
	return s.c.open(pg)
}

func (s *search) SetSize(w, h int) tea.Cmd {
	s.w, s.h = w, h
	s.input.SetWidth(max(w-24, 10))
	s.list.setHeight(h - 3)
	return nil
}

func (s *search) View() string {
	st := s.c.styles
	var b strings.Builder
	b.WriteString(" " + s.input.View() + "\n")
	info := ""
	switch {
	case s.err != nil:
		info = st.Err.Render(s.c.tr("search failed: ")) + firstLine(s.err.Error())
	case s.query == "":
		info = st.Subtle.Render(s.c.tr("Every log, archive and long memory of the workspace. enter: go to the results."))
	case len(s.hits) == 0:
		info = st.Subtle.Render(s.c.tr("No line holds all these words."))
	default:
		more := ""
		if len(s.hits) == searchLimit {
			more = "+"
		}
		info = st.Subtle.Render(s.c.trf("%d%s lines match", len(s.hits), more))
	}
	b.WriteString("  " + info + "\n\n")
	rows, cur := s.list.visible()
	if s.typing {
		cur = -1
	}
	for j, i := range rows {
		h := s.hits[i]
		where := s.hitPlace(h)
		text := highlight(st, drawable(h.Text), s.query)
		b.WriteString(s.list.row(padRight(where, 34)+" "+text, s.w, j == cur) + "\n")
	}
	return b.String()
}

// highlight marks where the query's words occur in text (case ignored; text left as it is
// where lower-casing would change its length).
func highlight(st Styles, text, query string) string {
	lower := strings.ToLower(text)
	if len(lower) != len(text) {
		return text
	}
	mark := make([]bool, len(text))
	for w := range strings.FieldsSeq(strings.ToLower(query)) {
		for from := 0; from < len(lower); {
			i := strings.Index(lower[from:], w)
			if i < 0 {
				break
			}
			for k := from + i; k < from+i+len(w); k++ {
				mark[k] = true
			}
			from += i + len(w)
		}
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		j := i
		for j < len(text) && mark[j] == mark[i] {
			j++
		}
		if mark[i] {
			b.WriteString(st.Key.Render(text[i:j]))
		} else {
			b.WriteString(text[i:j])
		}
		i = j
	}
	return b.String()
}

func (s *search) Title() string { return "search" }

func (s *search) ShortHelp() []key.Binding {
	k := s.c.keys
	if s.typing {
		return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "to results")), k.Cancel}
	}
	return []key.Binding{k.Up, k.Down, k.Open, key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "edit query")), k.Back}
}

func (s *search) FullHelp() [][]key.Binding {
	k := s.c.keys
	return [][]key.Binding{k.navKeys(), {k.Open, k.Focus, k.Filter}}
}

func (s *search) Capturing() bool { return s.typing || s.list.editing }
