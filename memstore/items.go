package memstore

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// OpenItem is an "À suivre" bullet not yet ticked, with the day it was written.
type OpenItem struct {
	Date  string // YYYY-MM-DD of the log that holds it
	Text  string
	Path  string // that log, workspace-relative
	Since string // the day a carried item was first written (OpenSince), or ""
}

// OpenItems lists the project's open items across its daily logs, oldest first.
func (p *Project) OpenItems() ([]OpenItem, error) {
	logs, err := p.Logs()
	if err != nil {
		return nil, err
	}
	var out []OpenItem
	for _, log := range slices.Backward(logs) {
		data, err := p.ReadFile(log.Path)
		if err != nil {
			continue
		}
		out = append(out, openItemsOf(ParseDoc(data), log)...)
	}
	return out, nil
}

func openItemsOf(d *Doc, lf LogFile) []OpenItem {
	var out []OpenItem
	for _, s := range d.Sections() {
		if s.Key != KeyNext {
			continue
		}
		for _, b := range d.Bullets(s) {
			if !b.Done() && b.Text != "" {
				_, since := OpenSince(b.Text)
				out = append(out, OpenItem{Date: lf.Date, Text: b.Text, Path: lf.Path, Since: since})
			}
		}
	}
	return out
}

// OpenItems lists the open items as this Tx sees them (its own edits included), oldest first.
func (tx *Tx) OpenItems() ([]OpenItem, error) { return tx.openItems(0) }

// openItems lists the open items of the last n logs (every log when n is 0), oldest first.
func (tx *Tx) openItems(n int) ([]OpenItem, error) {
	logs, err := tx.logFiles()
	if err != nil {
		return nil, err
	}
	if n > 0 {
		logs = logs[:min(n, len(logs))] // newest first
	}
	today := Date(tx.now)
	if _, ok := tx.docs[tx.p.LogPath(today)]; ok && (len(logs) == 0 || logs[0].Date != today) {
		logs = append([]LogFile{{Date: today, Path: tx.p.LogPath(today)}}, logs...)
	}
	var out []OpenItem
	for _, log := range slices.Backward(logs) {
		d, err := tx.Doc(log.Path)
		if err != nil {
			return nil, err
		}
		out = append(out, openItemsOf(d, log)...)
	}
	return out, nil
}

// logFiles lists the daily logs on disk, newest first, once per Tx: under the project's lock
// the folder changes only when the Tx is written, and a capture asks for the open items
// several times. Sizes are not read (an lstat per log).
func (tx *Tx) logFiles() ([]LogFile, error) {
	if tx.logs == nil {
		dir := tx.p.LogsDir()
		ents, err := tx.f.listNoLinks(dir, false)
		if err != nil && tx.p.listingErr(err) != nil {
			return nil, err
		}
		tx.logs = append([]LogFile{}, logFilesOf(dir, ents, false, false)...) // not nil once listed
	}
	return slices.Clone(tx.logs), nil
}

// AmbiguousError is returned by Done when the text matches several open items.
type AmbiguousError struct {
	Query      string
	Candidates []OpenItem
}

func (e *AmbiguousError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%q matches %d open items; be more precise (or use --all):", e.Query, len(e.Candidates))
	for _, c := range e.Candidates {
		fmt.Fprintf(&b, "\n  %s  %s", c.Date, c.Text)
	}
	return b.String()
}

// NotFoundError is returned by Done when no open item matches.
type NotFoundError struct{ Query string }

func (e *NotFoundError) Error() string { return fmt.Sprintf("no open item matches %q", e.Query) }

// MatchOpen finds the open items a text designates: those equal to it once normalised,
// else every near-duplicate or item holding all of its words — so that "relancer
// fournisseur" is ambiguous between "…fournisseur A" and "…fournisseur B".
func MatchOpen(items []OpenItem, query string) []OpenItem {
	if Normalize(query) == "" {
		return nil
	}
	m := MatchText(len(items), func(i int) string { return items[i].Text }, query)
	ids := m.Same
	if len(ids) == 0 {
		ids = append(slices.Clone(m.Near), m.Contains...)
		slices.Sort(ids)
	}
	var out []OpenItem
	for _, i := range ids {
		out = append(out, items[i])
	}
	return out
}

// MatchDone finds the open item a statement of work done designates, loosely: every
// content word of the statement (three at least; plurals folded) is a word of the item,
// and only one item (once normalised) has them all. "Fix silent failures" designates
// "Fix the two silent failure cases identified above".
func MatchDone(items []OpenItem, query string) []OpenItem {
	want := stems(query)
	if len(want) < 3 {
		return nil
	}
	var out []OpenItem
	for _, it := range items {
		have := set(stems(it.Text))
		if !slices.ContainsFunc(want, func(w string) bool { return !have[w] }) {
			out = append(out, it)
		}
	}
	if slices.ContainsFunc(out, func(it OpenItem) bool { return Normalize(it.Text) != Normalize(out[0].Text) }) {
		return nil // two different items: which one was done is not said
	}
	return out
}

// stems are a text's content words, a final plural "s" dropped.
func stems(text string) []string {
	ws := ContentWords(Normalize(text))
	for i, w := range ws {
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			ws[i] = w[:len(w)-1]
		}
	}
	return ws
}

// TickDone ticks the open item a statement of work done designates (see MatchDone).
func (tx *Tx) TickDone(text string) ([]Item, error) {
	items, err := tx.OpenItems()
	if err != nil {
		return nil, err
	}
	var ticked []Item
	for _, it := range MatchDone(items, text) {
		if err := tx.TickItem(it); errors.Is(err, ErrProtected) {
			continue
		} else if err != nil {
			return ticked, err
		}
		ticked = append(ticked, Item{Key: KeyDone, Text: it.Text, Path: it.Path})
	}
	return ticked, nil
}

// Tick moves the open items matching text to Finalisé ("✅ text") in the log that holds
// them. Unless all is set, several matches tick nothing and are returned as candidates.
func (tx *Tx) Tick(text string, all bool) (ticked []Item, candidates []OpenItem, err error) {
	items, err := tx.OpenItems()
	if err != nil {
		return nil, nil, err
	}
	m := MatchOpen(items, text)
	if len(m) > 1 && !all {
		// the same item open on several days is one item: tick them all
		same := true
		for _, c := range m[1:] {
			if Normalize(c.Text) != Normalize(m[0].Text) {
				same = false
			}
		}
		if !same {
			return nil, m, nil
		}
	}
	for _, it := range m {
		if err := tx.TickItem(it); errors.Is(err, ErrProtected) {
			continue // the hook does not tick a person's item
		} else if err != nil {
			return ticked, m, err
		}
		ticked = append(ticked, Item{Key: KeyDone, Text: it.Text, Path: it.Path})
	}
	return ticked, m, nil
}

// TickItem moves one open item to the Finalisé section of its own log.
func (tx *Tx) TickItem(it OpenItem) error {
	d, err := tx.Doc(it.Path)
	if err != nil {
		return err
	}
	s, b, ok := nextBullet(d, it.Text)
	if !ok {
		return fmt.Errorf("open item %q is no longer in %s", it.Text, it.Path)
	}
	if !d.MayChange(b, true) {
		d.Kept++
		return ErrProtected
	}
	body := d.BulletBody(b) // nested lines written by hand go with the item
	d.RemoveBullet(s, b)
	lang := d.Language(tx.p.WS.Config.Language)
	if !sectionIndex(d, KeyDone).Has(it.Text) {
		done := strings.TrimSpace(strings.TrimPrefix(it.Text, "✅"))
		done = strings.TrimPrefix(done, "[ ] ") // a Markdown task box: ✅ replaces it
		d.AppendBullet(KeyDone, Heading(KeyDone, lang), "✅ "+done, LogOrder, body...)
	} else if len(body) > 0 {
		d.appendBody(KeyDone, it.Text, body)
	}
	return nil
}

// nextBullet finds the bullet of an open item (text) in the À suivre sections of d.
func nextBullet(d *Doc, text string) (Section, Bullet, bool) {
	for _, s := range d.Sections() {
		if s.Key != KeyNext {
			continue
		}
		for _, b := range d.Bullets(s) {
			if b.Text == text {
				return s, b, true
			}
		}
	}
	return Section{}, Bullet{}, false
}

// appendBody adds indented lines after the bullet of section key that matches text, so
// that ticking an item already in Finalisé still keeps what was nested under it.
func (d *Doc) appendBody(key, text string, body []string) {
	s, ok := d.Section(key)
	if !ok {
		return
	}
	x := NewDedupIndex(nil)
	x.Add(text)
	for _, b := range d.Bullets(s) {
		if x.Has(strings.TrimSpace(strings.TrimPrefix(b.Text, "✅"))) {
			d.insert(b.End, body...)
			return
		}
	}
}

// Done ticks the open item matching text (see Tx.Tick); it fails with *AmbiguousError or
// *NotFoundError and then changes nothing.
func (p *Project) Done(text string, all bool, c Change) ([]Item, Written, error) {
	var ticked []Item
	w, err := p.Write(c, func(tx *Tx) error {
		t, cands, err := tx.Tick(text, all)
		if err != nil {
			return err
		}
		if len(t) == 0 {
			if len(cands) > 1 {
				return &AmbiguousError{Query: text, Candidates: cands}
			}
			return &NotFoundError{Query: text}
		}
		ticked = t
		if c.What == "" {
			tx.Say(tickSubject(tx.p, t))
		}
		return nil
	})
	return ticked, w, err
}

// DoneAll ticks every open item of the project.
func (p *Project) DoneAll(c Change) ([]Item, Written, error) {
	var ticked []Item
	w, err := p.Write(c, func(tx *Tx) error {
		items, err := tx.OpenItems()
		if err != nil {
			return err
		}
		for _, it := range items {
			if err := tx.TickItem(it); err != nil {
				return err
			}
			ticked = append(ticked, Item{Key: KeyDone, Text: it.Text, Path: it.Path})
		}
		if c.What == "" {
			tx.Say(tickSubject(tx.p, ticked))
		}
		return nil
	})
	return ticked, w, err
}

// tickSubject says what ticking items does: "tick 2 open items in logs/2026-03-21.md".
func tickSubject(p *Project, items []Item) string {
	var files []string
	for _, it := range items {
		f := strings.TrimPrefix(it.Path, p.RelDir+"/")
		if !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	return fmt.Sprintf("tick %s in %s", Plural(len(items), "open item"), strings.Join(files, ", "))
}
