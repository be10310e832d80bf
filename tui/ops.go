package tui

import (
	"fmt"
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
}

// write runs fn through the project's one write path, which commits the files it changed
// (SPEC §6: a UI action is one commit holding only memory files); message is what the commit
// says the change is. It runs in a tea.Cmd.
func write(c *common, p *memstore.Project, what, message string, fn func(tx *memstore.Tx) error) tea.Cmd {
	return writeSaying(c, p, func() string { return what }, message, fn)
}

// writeSaying is write whose status text is known only once fn has run.
func writeSaying(c *common, p *memstore.Project, what func() string, message string, fn func(tx *memstore.Tx) error) tea.Cmd {
	change := memstore.Change{Writer: "ui", What: message, Commit: memstore.CommitAlways, Now: c.now()}
	return func() tea.Msg {
		w, err := p.Write(change, fn)
		if err == nil && len(w.Refused) > 0 {
			err = fmt.Errorf("refused: %s", w.Refused[0].Reason)
		}
		if err == nil {
			err = w.CommitErr
		}
		return wroteMsg{what: what(), changed: w.Changed, commit: w.Commit, err: err}
	}
}

// onWrote turns a finished write into a status line and a reload of every screen.
func onWrote(msg wroteMsg) tea.Cmd {
	if msg.err != nil {
		return tea.Batch(statusErr(msg.err), changed())
	}
	if len(msg.changed) == 0 {
		return notice("nothing changed")
	}
	text := msg.what
	if msg.commit.Hash != "" {
		text += " · committed " + msg.commit.Hash[:7]
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
	return memstore.Section{}, memstore.Bullet{}, fmt.Errorf("%q is no longer in %s (changed meanwhile?)", short(ref.text, 40), filepath.Base(ref.path))
}

// reword replaces the text of a bullet.
func reword(ref bulletRef, text string) func(tx *memstore.Tx) error {
	return func(tx *memstore.Tx) error {
		text = tx.CleanBullet(text)
		if text == "" {
			return fmt.Errorf("an empty text: use drop to remove the bullet")
		}
		d, err := tx.Doc(ref.path)
		if err != nil {
			return err
		}
		_, b, err := findBullet(d, ref)
		if err != nil {
			return err
		}
		d.SetBulletText(b, text)
		return nil
	}
}

// drop removes a bullet (git keeps it).
func drop(ref bulletRef) func(tx *memstore.Tx) error {
	return func(tx *memstore.Tx) error {
		d, err := tx.Doc(ref.path)
		if err != nil {
			return err
		}
		s, b, err := findBullet(d, ref)
		if err != nil {
			return err
		}
		d.RemoveBullet(s, b)
		return nil
	}
}

// moveToLong adds a bullet to long memory under today's date and removes it from its log;
// known is set when long memory already said it (the log's copy goes all the same).
func moveToLong(ref bulletRef, known *bool) func(tx *memstore.Tx) error {
	return func(tx *memstore.Tx) error {
		if err := drop(ref)(tx); err != nil {
			return err
		}
		text := strings.TrimSpace(strings.TrimPrefix(ref.text, "✅"))
		added, err := tx.AddBullet(memstore.KeyLongTerm, text)
		if err != nil {
			return err
		}
		if !added && len(tx.Refused) == 0 {
			*known = true
		}
		return nil
	}
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
