package tui

import (
	"context"
	"errors"
	"path"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
	"carnet/memstore/gitrepo/query"
	"carnet/memstore/stale"
)

// staleView lists, file by file, the bullets of a project that name a file or a name gone from
// the code since they were written (memstore/stale): r fixes the text, S supersedes the bullet
// by a new one (the old one struck under it), d deletes it, e opens the file at it.
type staleView struct {
	promptList
	rows    []staleRow
	note    string // why nothing could be checked
	checked string // the commit checked against
}

type staleRow struct {
	header string // a file heading when set
	res    stale.Result
	key    string // the section key of the bullet
	why    string
}

// staleMsg carries the check's results.
type staleMsg struct {
	to   *staleView
	rows []staleRow
	note string
	head string
	err  error
}

func newStaleView(c *common, p *memstore.Project) *staleView {
	s := &staleView{promptList: newPromptList(c, p)}
	s.reload, s.screenKeys = s.load, s.onKey
	s.list.key = func(i int) string {
		r := s.rows[i]
		return r.header + "\x00" + r.res.Bullet.Path + "\x00" + r.res.Bullet.Text
	}
	s.list.text = func(i int) string { return s.rows[i].res.Bullet.Text + " " + s.rows[i].why }
	s.list.header = func(i int) bool { return s.rows[i].header != "" }
	return s
}

func (s *staleView) Init() tea.Cmd { return s.load() }

func (s *staleView) load() tea.Cmd {
	p, lang := s.p, s.c.lang
	return func() tea.Msg {
		c, err := stale.New(p)
		if errors.Is(err, stale.ErrNoRepo) {
			return staleMsg{to: s, note: "This workspace is not in a git repository: there is no code to check the memory against."}
		}
		if err != nil {
			return staleMsg{to: s, err: err}
		}
		bullets, err := stale.Collect(p)
		if err != nil {
			return staleMsg{to: s, err: err}
		}
		rep, err := c.Check(context.Background(), bullets)
		if errors.Is(err, query.ErrNeedsGit) {
			return staleMsg{to: s, note: "References are not checked: git is not installed."}
		}
		if err != nil {
			return staleMsg{to: s, err: err}
		}
		keys := sectionKeys(p, bullets)
		var rows []staleRow
		last := ""
		for _, res := range rep.Stale() {
			if res.Bullet.Path != last {
				rows = append(rows, staleRow{header: res.Bullet.Path})
				last = res.Bullet.Path
			}
			var why []string
			for _, v := range res.Gone() {
				why = append(why, v.Say(lang))
			}
			rows = append(rows, staleRow{res: res, key: keys[res.Bullet.Path+"\x00"+res.Bullet.Text], why: strings.Join(why, "; ")})
		}
		return staleMsg{to: s, rows: rows, head: rep.Head}
	}
}

// sectionKeys finds the section of each bullet, so that an edit finds it again by its text
// within that section.
func sectionKeys(p *memstore.Project, bullets []stale.Bullet) map[string]string {
	out := map[string]string{}
	docs := map[string]*memstore.Doc{}
	for _, b := range bullets {
		d, ok := docs[b.Path]
		if !ok {
			data, err := p.ReadFile(b.Path)
			if err != nil {
				continue
			}
			d = memstore.ParseDoc(data)
			docs[b.Path] = d
		}
		for _, sb := range d.AllBullets() {
			if sb.Bullet.Line == b.Line {
				out[b.Path+"\x00"+b.Text] = sb.Section.Key + "\x00" + sb.Section.Heading
			}
		}
	}
	return out
}

func (s *staleView) Update(msg tea.Msg) tea.Cmd {
	if msg, ok := msg.(staleMsg); ok {
		if msg.to == s {
			keep := s.list.selectedKey()
			s.loaded, s.err, s.rows, s.note, s.checked = true, msg.err, msg.rows, msg.note, msg.head
			s.list.reset(len(s.rows), keep)
		}
		return nil
	}
	return s.update(msg)
}

// ref names the bullet of a row for the write path's edits.
func (r staleRow) ref() bulletRef {
	k, heading, _ := strings.Cut(r.key, "\x00")
	return bulletRef{path: r.res.Bullet.Path, key: k, heading: heading, text: r.res.Bullet.Text, line: r.res.Bullet.Line}
}

func (s *staleView) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.keys
	var row *staleRow
	if i, ok := s.list.selected(); ok && s.rows[i].header == "" {
		row = &s.rows[i]
	}
	switch {
	case key.Matches(msg, k.Back):
		return s.c.back()
	case row == nil:
		if key.Matches(msg, k.Reword, k.Supersede, k.Drop, k.Editor) {
			return notice("no bullet here")
		}
	case key.Matches(msg, k.Reword, k.Open):
		ref := row.ref()
		return s.prompt.edit(s.c.tr("Fix the bullet:"), ref.text, func(text string) tea.Cmd {
			if strings.TrimSpace(text) == ref.text {
				return nil
			}
			return write(s.c, s.p, s.c.tr("Fixed a stale bullet"), "fix a stale bullet of "+s.p.Name, reword(ref, text))
		})
	case key.Matches(msg, k.Supersede):
		ref := row.ref()
		return s.prompt.edit(s.c.tr("Supersede by:"), ref.text, func(text string) tea.Cmd {
			if strings.TrimSpace(text) == ref.text {
				return notice("the same text: nothing superseded")
			}
			return write(s.c, s.p, s.c.tr("Superseded a stale bullet"), "supersede a stale bullet of "+s.p.Name, supersede(ref, text))
		})
	case key.Matches(msg, k.Drop):
		ref := row.ref()
		s.prompt.confirm(s.c.trf("Delete “%s” from %s? (git keeps it; u undoes)", short(ref.text, 50), path.Base(ref.path)), func() tea.Cmd {
			return write(s.c, s.p, s.c.tr("Deleted a stale bullet"), "delete a stale bullet of "+s.p.Name, drop(ref))
		})
	case key.Matches(msg, k.Editor):
		return openEditor(s.c, row.res.Bullet.Path, row.res.Bullet.Line+1)
	}
	return nil
}

// supersede replaces a bullet by text and keeps the old one struck under it, dated today.
func supersede(ref bulletRef, text string) func(tx *memstore.Tx) error {
	return func(tx *memstore.Tx) error {
		text = tx.CleanLine(text)
		if text == "" {
			return notify("nothing to supersede with: the text is empty")
		}
		d, err := tx.Doc(ref.path)
		if err != nil {
			return err
		}
		if _, _, err := findBullet(d, ref); err != nil {
			return err
		}
		section := ref.key
		if section == "" {
			section = ref.heading
		}
		out, err := memstore.ApplyEdit(d.Bytes(), memstore.Edit{Op: memstore.EditSupersede, Old: ref.text, New: text, Section: section,
			Date: memstore.Date(tx.Now()), Lang: tx.Project().WS.Config.Language})
		if err != nil {
			return err
		}
		return tx.Put(ref.path, out)
	}
}

func (s *staleView) View() string {
	st := s.c.styles
	var b strings.Builder
	n := 0
	for _, r := range s.rows {
		if r.header == "" {
			n++
		}
	}
	head := "  " + s.c.count(n, "stale bullet|stale bullets")
	if s.checked != "" {
		head += " · " + s.c.trf("checked against %s", s.checked[:min(7, len(s.checked))])
	}
	b.WriteString(s.head(head))
	switch why := s.c.unready(s.loaded, s.err, s.c.tr("Checking what the memory names against the code…"), s.c.tr("Cannot check the memory: ")); {
	case why != "":
		b.WriteString("  " + why)
	case s.note != "":
		b.WriteString("  " + st.Subtle.Render(s.c.tr(s.note)))
	case n == 0:
		b.WriteString("  " + st.OK.Render(s.c.tr("Nothing stale.")) + st.Subtle.Render(" "+s.c.tr("Every file and name the memory cites is still in the code.")))
	default:
		rows, cur := s.list.visible()
		for j, i := range rows {
			r := s.rows[i]
			if r.header != "" {
				b.WriteString(st.GroupHead.Render("  "+r.header) + "\n")
				continue
			}
			line := " " + st.Warn.Render("⚠") + " " + drawable(r.res.Bullet.Text) + st.Faint.Render("  — "+r.why)
			b.WriteString(s.list.row(line, s.w, j == cur) + "\n")
		}
	}
	return s.view(b.String())
}

func (s *staleView) Title() string { return s.c.tr("stale") }

func (s *staleView) ShortHelp() []key.Binding {
	if s.prompt.open {
		return s.prompt.help()
	}
	k := s.c.keys
	return []key.Binding{k.Up, k.Down, k.Reword, k.Supersede, k.Drop, k.Editor, k.Filter, k.Back}
}

func (s *staleView) FullHelp() [][]key.Binding {
	k := s.c.keys
	return [][]key.Binding{k.navKeys(), {k.Reword, k.Supersede, k.Drop, k.Editor, k.Filter}}
}

// markStale marks the rows of the bullets of a memory file whose references are gone, saying
// what became of them in lang (the reference check answers from its cache at the same HEAD;
// a file it does not look at, or a workspace with no git, marks nothing).
func markStale(p *memstore.Project, lang, file string, data []byte, rows []bulletRow) {
	var bullets []stale.Bullet
	switch dir := path.Dir(file); {
	case file == p.LongMemoryPath():
		bullets = stale.LongMemoryBullets(file, data)
	case dir == p.LogsDir():
		bullets = stale.LogBullets(file, strings.TrimSuffix(path.Base(file), ".md"), data)
	case dir == p.NotesDir():
		m, _, _ := memstore.ParseFrontMatter(data)
		bullets = stale.NoteBullets(file, m.Updated, data)
	}
	if len(bullets) == 0 {
		return
	}
	c, err := stale.New(p)
	if err != nil {
		return
	}
	rep, err := c.Check(context.Background(), bullets)
	if err != nil {
		return
	}
	for i := range rows {
		r := &rows[i]
		if r.header != "" || r.nested != "" {
			continue
		}
		if res, ok := rep.Find(file, r.ref.text); ok {
			var why []string
			for _, v := range res.Gone() {
				why = append(why, v.Say(lang))
			}
			r.stale = strings.Join(why, "; ")
		}
	}
}
