package tui

import (
	"cmp"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
	"carnet/secret"
)

// curate lists the bullets of one file by section: edit, delete, or move one to long-term
// memory; e opens the file in $EDITOR at the bullet.
type curate struct {
	promptList
	path  string
	title string
	crumb string // its breadcrumb: the file's name, or "curate" over a screen that names it
	rows  []bulletRow
}

type bulletRow struct {
	header string // a section heading row when set
	nested string // an indented line of the bullet above (nested bullet, continuation) when set
	ref    bulletRef
	lines  int    // the nested lines of the bullet (they go with it)
	stale  string // what is gone of what the bullet names ("`app.js` deleted in abc1234"), when something is
}

// bulletsMsg carries the bullets read from the file.
type bulletsMsg struct {
	to   *curate
	rows []bulletRow
	err  error
}

func newCurate(c *common, p *memstore.Project, path, title string) *curate {
	s := &curate{promptList: newPromptList(c, p), path: path, title: title, crumb: title}
	s.reload, s.screenKeys = s.load, s.onKey
	s.list.key = func(i int) string {
		r := s.rows[i]
		return r.header + "\x00" + r.nested + "\x00" + r.ref.heading + "\x00" + r.ref.text
	}
	s.list.text = func(i int) string { return s.rows[i].ref.text + " " + s.rows[i].ref.heading }
	s.list.header = func(i int) bool { return s.rows[i].header != "" || s.rows[i].nested != "" }
	return s
}

func (s *curate) isLong() bool { return s.path == s.p.LongMemoryPath() }

func (s *curate) Init() tea.Cmd { return s.load() }

func (s *curate) load() tea.Cmd {
	path, p, lang := s.path, s.p, s.c.lang
	return func() tea.Msg {
		data, err := p.ReadFile(path)
		if err == nil && isBinary(data) {
			err = errBinary
		}
		if err != nil {
			return bulletsMsg{to: s, err: err}
		}
		d := memstore.ParseDoc(data)
		var rows []bulletRow
		for _, sec := range d.Sections() {
			bs := d.Bullets(sec)
			if len(bs) == 0 {
				continue
			}
			rows = append(rows, bulletRow{header: sec.Heading})
			for _, b := range bs {
				ref := bulletRef{path: path, heading: sec.Heading, key: sec.Key, text: b.Text, line: b.Line}
				body := d.BulletBody(b)
				rows = append(rows, bulletRow{ref: ref, lines: len(body)})
				for _, l := range body {
					rows = append(rows, bulletRow{nested: cmp.Or(strings.TrimRight(l, " \t"), " "), ref: ref})
				}
			}
		}
		markStale(p, lang, path, data, rows)
		return bulletsMsg{to: s, rows: rows}
	}
}

func (s *curate) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case bulletsMsg:
		if msg.to == s {
			keep := s.list.selectedKey()
			s.loaded, s.err, s.rows = true, msg.err, msg.rows
			s.list.reset(len(s.rows), keep)
		}
		return nil
	}
	return s.update(msg)
}

func (s *curate) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.keys
	var ref *bulletRef
	i, ok := s.list.selected()
	if ok {
		ref = &s.rows[i].ref
	}
	name := s.p.Name
	switch {
	case key.Matches(msg, k.Back):
		return s.c.back()
	case key.Matches(msg, k.Editor):
		line := 0
		if ref != nil {
			line = ref.line + 1
		}
		return openEditor(s.c, s.path, line)
	case ref == nil:
		if key.Matches(msg, k.Reword, k.Drop, k.MoveLong, k.Add) {
			return notice("no bullet here: e opens the file in $EDITOR")
		}
	case key.Matches(msg, k.Add):
		return s.add(*ref, "")
	case key.Matches(msg, k.Reword):
		r := *ref
		return s.prompt.edit(s.c.tr("Edit bullet:"), r.text, func(text string) tea.Cmd {
			if strings.TrimSpace(text) == r.text {
				return nil
			}
			return write(s.c, s.p, s.c.trf("Edited a bullet of %s", s.title), "edit a bullet of "+name, reword(r, text))
		})
	case key.Matches(msg, k.Drop):
		r, with := *ref, ""
		if n := s.rows[i].lines; n > 0 {
			with = s.c.trf(" and its %s", s.c.count(n, "nested line"))
		}
		plain := func() tea.Cmd {
			return write(s.c, s.p, s.c.trf("Deleted a bullet of %s", s.title), "delete a bullet of "+name, drop(r))
		}
		s.prompt.confirm(s.c.trf("Delete “%s”%s? (git keeps it; u undoes)", short(r.text, 60), with), func() tea.Cmd {
			return s.offerPurge(i, plain)
		})
	case key.Matches(msg, k.MoveLong):
		if s.isLong() {
			return notice("this bullet is already in long-term memory")
		}
		return write(s.c, s.p, s.c.tr("Moved a bullet to long-term memory"), "move a bullet of "+name+" to long-term memory", moveToLong(*ref))
	}
	return nil
}

// offerPurge, for a bullet holding a secret or personal data, asks whether to rewrite it out
// of git history too (a backup is kept); no deletes it only, as plain does.
func (s *curate) offerPurge(i int, plain func() tea.Cmd) tea.Cmd {
	if s.c.repo == nil {
		return plain()
	}
	lines := []string{s.rows[i].ref.text}
	for j := i + 1; j < len(s.rows) && j <= i+s.rows[i].lines; j++ {
		lines = append(lines, s.rows[j].nested)
	}
	needle, why := forgettable(lines)
	if needle == "" {
		return plain()
	}
	s.prompt.confirmOr(s.c.trf("It holds %s: also rewrite it out of git history? (y: purge, backup kept until carnet forget --confirm; n: delete only)", s.c.tr(why)),
		func() tea.Cmd { return purgeText(s.c, s.p, needle) }, plain)
	return nil
}

// add asks for a bullet to add to ref's section. A text the secret guard would refuse is
// not written: the status says why and the field opens again with the text in it.
func (s *curate) add(ref bulletRef, text string) tea.Cmd {
	return s.prompt.edit(s.c.trf("Add to “%s”:", ref.heading), text, func(text string) tea.Cmd {
		if reason := secret.Detect(text); reason != "" {
			return tea.Batch(s.add(ref, text), statusErr(sayErr("refused: %s (edit the text or esc)", reason)))
		}
		return write(s.c, s.p, s.c.trf("Added a bullet to %s", ref.heading), "add a bullet to "+s.p.Name, addBullet(ref, text))
	})
}

func (s *curate) View() string {
	st := s.c.styles
	var b strings.Builder
	n := s.list.count()
	b.WriteString(s.head("  " + s.path + " · " + s.c.count(n, "bullet")))
	switch why := s.c.unready(s.loaded, s.err, s.c.tr("Reading…"), s.c.tr("Cannot read this file: ")); {
	case why != "":
		b.WriteString("  " + why)
	case n == 0:
		b.WriteString("  " + st.Subtle.Render(s.c.tr("No bullet in this file yet.")))
	default:
		rows, cur := s.list.visible()
		for j, i := range rows {
			r := s.rows[i]
			if r.header != "" {
				b.WriteString(st.GroupHead.Render("  "+r.header) + "\n")
				continue
			}
			if r.nested != "" {
				b.WriteString(st.Faint.Render(padRight("     "+strings.ReplaceAll(drawable(r.nested), "\t", "    "), s.w)) + "\n")
				continue
			}
			text := drawable(r.ref.text)
			if strings.HasPrefix(text, "✅") {
				text = st.TagDone.Render(text)
			}
			mark := " • "
			if r.stale != "" {
				mark, text = " "+st.Warn.Render("⚠")+" ", text+st.Faint.Render("  — "+r.stale)
			}
			b.WriteString(s.list.row(mark+text, s.w, j == cur) + "\n")
		}
	}
	return s.view(b.String())
}

func (s *curate) Title() string { return s.crumb }

func (s *curate) ShortHelp() []key.Binding {
	if s.prompt.open {
		return s.prompt.help()
	}
	k := s.c.keys
	b := []key.Binding{k.Up, k.Down, k.Add, k.Reword, k.Drop}
	if !s.isLong() {
		b = append(b, k.MoveLong)
	}
	return append(b, k.Editor, k.Filter, k.Back)
}

func (s *curate) FullHelp() [][]key.Binding {
	k := s.c.keys
	return [][]key.Binding{k.navKeys(), {k.Add, k.Reword, k.Drop, k.MoveLong, k.Editor, k.Filter}}
}
