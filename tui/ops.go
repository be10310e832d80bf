package tui

import (
	"bytes"
	"cmp"
	"errors"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// bulletRef names one bullet of a memory file: its section heading and its text. Edits find
// it again by these when they run, under the project's lock, so that a file changed meanwhile
// (an agent's hook) is never edited at a stale line number.
type bulletRef struct {
	path    string
	heading string // used when key is "" (a section carnet does not know)
	key     string // the section key, when the heading is a known one
	text    string
	line    int // 0-based line when read, for $EDITOR
}

// wroteMsg says a write of this UI finished: what changed, the commit, or the error.
type wroteMsg struct {
	what    string
	changed []string
	commit  gitrepo.CommitResult
	err     error
	undo    *change // how to undo it, when it changed files
	from    *prompt // the field whose text this write saves, opened again when it fails
	text    string  // that text, as typed
}

// change is a write this UI made, with the files as they were before and after it: u puts
// them back (see undo).
type change struct {
	p       *memstore.Project
	message string // what the commit said
	what    string // what the status line said
	files   []fileChange
}

type fileChange struct {
	path          string
	before, after []byte
	existed       bool
}

// noticeErr ends a write that turns out to have nothing to do, with a notice rather than an
// error: nothing is written.
type noticeErr struct{ uiText }

// notify is a noticeErr: an English format and its arguments (see uiText).
func notify(format string, a ...any) error { return noticeErr{uiText{format, a}} }

// write runs fn through the project's one write path, which commits the files it changed
// (SPEC §6: a UI action is one commit holding only memory files); message is what the commit
// says the change is. A file git does not have yet is committed as it was first, so that what
// the change removes stays in git. It runs in a tea.Cmd.
func write(c *common, p *memstore.Project, what, message string, fn func(tx *memstore.Tx) error) tea.Cmd {
	return writeSaying(c, p, func() string { return what }, message, fn)
}

// writeSaying is write whose status text is known only once fn has run.
func writeSaying(c *common, p *memstore.Project, what func() string, message string, fn func(tx *memstore.Tx) error) tea.Cmd {
	mc := memstore.Change{Writer: "ui", What: message, Commit: memstore.CommitAlways, Now: c.now(), KeepFirst: true}
	watch := c.watch
	return func() tea.Msg {
		var files []fileChange
		watch.writing()
		w, err := p.Write(mc, func(tx *memstore.Tx) error {
			if err := fn(tx); err != nil {
				return err
			}
			files = txChanges(tx)
			return nil
		})
		watch.done(absPaths(p.WS, w.Changed))
		if err == nil && len(w.Refused) > 0 {
			err = sayErr("refused: %s", w.Refused[0].Reason)
		}
		msg := wroteMsg{what: what(), changed: w.Changed, commit: w.Commit, err: err}
		if err == nil && len(w.Changed) > 0 {
			msg.undo = &change{p: p, message: message, what: msg.what, files: files}
		}
		if err == nil {
			msg.err = w.CommitErr
		}
		return msg
	}
}

// absPaths turns the workspace-relative paths a write reports into the watcher's.
func absPaths(ws *memstore.Workspace, rel []string) []string {
	out := make([]string, len(rel))
	for i, r := range rel {
		out[i] = ws.Abs(r)
	}
	return out
}

// txChanges lists the files tx changes, as they were and as they will be.
func txChanges(tx *memstore.Tx) []fileChange {
	var out []fileChange
	for _, path := range tx.Paths() {
		before, existed, err := tx.Read(path)
		d, derr := tx.Doc(path)
		if err != nil || derr != nil {
			continue
		}
		if after := d.Bytes(); !bytes.Equal(after, before) {
			out = append(out, fileChange{path: path, before: before, after: after, existed: existed})
		}
	}
	return out
}

// onWrote turns a finished write into a status line and a reload of every screen.
func (c *common) onWrote(msg wroteMsg) tea.Cmd {
	if n, ok := errors.AsType[noticeErr](msg.err); ok {
		return notice(n.format, n.args...)
	}
	if msg.err != nil {
		if msg.from != nil { // nothing typed is lost: the field opens again with the reason
			why := msg.err.Error()
			if t, ok := errors.AsType[uiText](msg.err); ok {
				why = c.say(t)
			}
			if se, ok := errors.AsType[*memstore.SecretError](msg.err); ok {
				why = c.trf("refused: %s (memory is kept in git)", se.Reason)
			}
			return tea.Batch(msg.from.reopen(msg.text, why), statusErr(msg.err), changed())
		}
		return tea.Batch(statusErr(msg.err), changed())
	}
	if len(msg.changed) == 0 {
		return notice("nothing changed")
	}
	if msg.undo != nil {
		c.undos = append(c.undos, msg.undo)
		c.made++
	}
	text := msg.what
	if msg.commit.Hash != "" {
		text += " · " + c.trf("committed %s", msg.commit.Hash[:7])
	} else if msg.commit.Skipped != "" {
		text += " · " + c.trf("not committed: %s", c.tr(msg.commit.Skipped))
	}
	if msg.undo != nil {
		text += " · " + c.tr("u undoes")
	}
	return tea.Batch(status("%s", text), changed())
}

// undoMsg says an undo finished.
type undoMsg struct {
	c      *common
	ch     *change
	commit gitrepo.CommitResult
	err    error
}

// undo puts back the files of the last change this UI made, through the write path (a commit
// of its own): u. A file changed since (an agent's hook) is left alone and the undo refused.
func (c *common) undo() tea.Cmd {
	switch {
	case len(c.undos) > 0:
	case c.made == 0:
		return notice("nothing to undo: this session changed nothing yet")
	case c.undone == 1 && c.made == 1:
		return notice("nothing left to undo: the change this session made is undone")
	case c.undone == c.made:
		return notice("nothing left to undo: the %d changes this session made are undone", c.made)
	default:
		return notice("nothing left to undo")
	}
	ch := c.undos[len(c.undos)-1]
	c.undos = c.undos[:len(c.undos)-1]
	mc := memstore.Change{Writer: "ui", What: "undo: " + ch.message, Commit: memstore.CommitAlways, Now: c.now()}
	watch := c.watch
	return func() tea.Msg {
		watch.writing()
		w, err := ch.p.Write(mc, func(tx *memstore.Tx) error {
			for _, f := range ch.files {
				now, _, err := tx.Read(f.path)
				switch {
				case err != nil:
					return err
				case !bytes.Equal(now, f.after):
					return sayErr("cannot undo “%s”: %s changed since", ch.what, filepath.Base(f.path))
				case !f.existed:
					return sayErr("cannot undo “%s”: it created %s (delete it by hand)", ch.what, filepath.Base(f.path))
				}
				if err := tx.Put(f.path, f.before); err != nil {
					return err
				}
			}
			return nil
		})
		watch.done(absPaths(ch.p.WS, w.Changed))
		if err == nil {
			err = w.CommitErr
		}
		return undoMsg{c: c, ch: ch, commit: w.Commit, err: err}
	}
}

func (c *common) onUndo(msg undoMsg) tea.Cmd {
	if msg.err != nil {
		return tea.Batch(statusErr(msg.err), changed())
	}
	c.undone++ // "nothing left to undo" once all the session's changes are undone
	names := make([]string, len(msg.ch.files))
	for i, f := range msg.ch.files {
		names[i] = filepath.Base(f.path)
	}
	text := c.trf("Undid “%s”: %s restored", msg.ch.what, strings.Join(names, ", "))
	if msg.commit.Hash != "" {
		text += " · " + c.trf("committed %s (a revert: git log keeps both)", msg.commit.Hash[:7])
	} else {
		text += " " + c.trf("(not committed: %s)", c.tr(cmp.Or(msg.commit.Skipped, "no git")))
	}
	return tea.Batch(status("%s", text), changed())
}

// findBullet returns the section and bullet ref points to in d.
func findBullet(d *memstore.Doc, ref bulletRef) (memstore.Section, memstore.Bullet, error) {
	in := slices.DeleteFunc(d.AllBullets(), func(sb memstore.SectionBullet) bool {
		return ref.key != "" && sb.Section.Key != ref.key || ref.key == "" && sb.Section.Heading != ref.heading
	})
	if m := memstore.MatchText(len(in), func(i int) string { return in[i].Bullet.Text }, ref.text); len(m.Exact) > 0 {
		sb := in[m.Exact[0]]
		return sb.Section, sb.Bullet, nil
	}
	return memstore.Section{}, memstore.Bullet{}, sayErr("%q is no longer in %s (changed meanwhile?)", short(ref.text, 40), filepath.Base(ref.path))
}

// onBullet is an edit of the bullet ref points to: edit runs on it, in its document.
func onBullet(ref bulletRef, edit func(tx *memstore.Tx, d *memstore.Doc, s memstore.Section, b memstore.Bullet) error) func(tx *memstore.Tx) error {
	return func(tx *memstore.Tx) error {
		d, err := tx.Doc(ref.path)
		if err != nil {
			return err
		}
		s, b, err := findBullet(d, ref)
		if err != nil {
			return err
		}
		return edit(tx, d, s, b)
	}
}

// reword replaces the text of a bullet (its nested lines stay). The text is never cut: an
// edit keeps every word of a long bullet.
func reword(ref bulletRef, text string) func(tx *memstore.Tx) error {
	return onBullet(ref, func(tx *memstore.Tx, d *memstore.Doc, _ memstore.Section, b memstore.Bullet) error {
		if text = tx.CleanLine(text); text == "" {
			return sayErr("an empty text: use drop to remove the bullet")
		}
		d.SetBulletText(b, text)
		return nil
	})
}

// addBullet adds text as the last bullet of ref's section. The secret guard of the write
// path refuses a secret; a bullet the section already has is not written twice.
func addBullet(ref bulletRef, text string) func(tx *memstore.Tx) error {
	return func(tx *memstore.Tx) error {
		text = tx.CleanLine(text)
		if text == "" {
			return notify("nothing to add: the text is empty")
		}
		d, err := tx.Doc(ref.path)
		if err != nil {
			return err
		}
		s, ok := d.Section(cmp.Or(ref.key, ref.heading))
		if !ok {
			return sayErr("the section “%s” is no longer in %s (changed meanwhile?)", ref.heading, filepath.Base(ref.path))
		}
		bs := d.Bullets(s)
		if m := memstore.MatchText(len(bs), func(i int) string { return bs[i].Text }, text); len(m.Exact) > 0 {
			return notify("“%s” already says this: nothing added", ref.heading)
		}
		d.AppendBullet(cmp.Or(ref.key, ref.heading), ref.heading, text, nil)
		return nil
	}
}

// drop removes a bullet with its nested lines (git keeps them: see write).
func drop(ref bulletRef) func(tx *memstore.Tx) error {
	return onBullet(ref, func(_ *memstore.Tx, d *memstore.Doc, s memstore.Section, b memstore.Bullet) error {
		d.RemoveBullet(s, b)
		return nil
	})
}

// moveToLong files a bullet of a log, with its nested lines, in long memory under the log's
// date and removes it from the log. When long memory already says it, nothing is written and
// the notice quotes the line that does; a secret is refused and the log keeps the bullet.
func moveToLong(ref bulletRef) func(tx *memstore.Tx) error {
	return onBullet(ref, func(tx *memstore.Tx, d *memstore.Doc, s memstore.Section, b memstore.Bullet) error {
		date := strings.TrimSuffix(filepath.Base(ref.path), ".md")
		if !memstore.IsDate(date) {
			date = memstore.Date(tx.Now())
		}
		text := strings.TrimSpace(strings.TrimPrefix(b.Text, "✅"))
		same, err := tx.FileLongTerm(date, text, d.BulletBody(b))
		if err != nil {
			return err
		}
		if same != "" {
			return notify("Long-term memory already says this: “%s” (the log keeps its copy; d deletes it)", short(same, 80))
		}
		d.RemoveBullet(s, b)
		return nil
	})
}

// tick moves open items into Finalisé.
func tick(items []memstore.OpenItem) func(tx *memstore.Tx) error {
	return func(tx *memstore.Tx) error {
		for _, it := range items {
			if err := tx.TickItem(it); err != nil {
				return err
			}
		}
		return nil
	}
}

// short cuts text to n runes for messages.
func short(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n-1]) + "…"
}
