package promote

import (
	"fmt"
	"strings"
	"time"

	"carnet/memstore"
	"carnet/secret"
)

// An import is a plan like a promotion's: what other tools remember (see carnet/memimport)
// becomes changes to long memory, notes and today's log, shown as the same diff, reviewed
// hunk by hunk the same way, and applied by Apply in one commit.

// Where an imported item lands.
const (
	ToLongMemory = "long memory"
	ToNote       = "note"
	ToToday      = "today's log"
)

// ImportItem is one thing an import proposes.
type ImportItem struct {
	// Source says where it was read, for the review and the notes ("Claude Code memory
	// feedback_testing.md"); never its content.
	Source string
	// Dest is ToLongMemory, ToNote or ToToday.
	Dest string
	// Key is the section of today's log (ToToday): memstore.KeyKnowledge, KeyDecisions, …
	Key string
	// Date is the dated section of long memory (ToLongMemory): the source's date, "" for today.
	Date string
	// Text is the bullet (ToLongMemory, ToToday); Body its nested lines (ToToday), as written.
	Text string
	Body []string
	// Note is the note to create (ToNote).
	Note *ImportNote
}

// ImportNote is a note an import creates.
type ImportNote struct {
	Slug  string
	Input memstore.NoteInput
}

// importInfo is what an import plan adds, for its summary and its commit message.
type importInfo struct {
	long, notes, today int // items proposed, per destination
	known              int // items memory already has
}

// ComputeImport plans adding items to p's memory as of now: facts under their date in long
// memory, notes created, bullets in today's log. What memory already says (long memory and
// today's log, deduplicated as a merge does) is left out, as is an item that looks like a
// secret and a note whose file exists; the notes say so. Nothing is written.
func ComputeImport(p *memstore.Project, items []ImportItem, now time.Time) (*Plan, error) {
	cfg := p.WS.Config
	today := memstore.Date(now)
	pl := &Plan{Project: p.Name, Today: today, where: projectKey(p), imp: &importInfo{}}
	pl.Options.MaxLines = cfg.Promote.LongMemoryMaxLines
	lmPath, todayPath := p.LongMemoryPath(), p.LogPath(today)
	lmBase, lmExists, err := readMaybe(p, lmPath)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", lmPath, err)
	}
	tdBase, tdExists, err := readMaybe(p, todayPath)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", todayPath, err)
	}
	var have []string
	for _, b := range memstore.ParseDoc(lmBase).AllBullets() {
		have = append(have, b.Bullet.Text)
	}
	for _, b := range memstore.ParseDoc(tdBase).AllBullets() {
		have = append(have, b.Bullet.Text)
	}
	corpus := append([]string{}, have...)
	for _, it := range items {
		corpus = append(corpus, it.Text)
	}
	x := memstore.NewDedupIndex(corpus)
	for _, h := range have {
		x.Add(h)
	}

	lm := startDoc(lmBase, "# Mémoire long terme — "+p.Name, "# Long-term memory — "+p.Name, cfg.Language)
	td := startDoc(tdBase, "# Log session — "+today, "# Session log — "+today, cfg.Language)
	lang := td.Language(cfg.Language)
	lmLabels, tdLabels := map[string]string{}, map[string]string{}
	var notes []*Change
	for _, it := range items {
		if why := importSecret(it); why != "" {
			pl.Notes = append(pl.Notes, fmt.Sprintf("left out an item of %s: it looks like a secret (%s)", it.Source, why))
			continue
		}
		switch it.Dest {
		case ToNote:
			if c := pl.importNote(p, it, today); c != nil {
				notes = append(notes, c)
			}
			continue
		case ToLongMemory, ToToday:
		default:
			return nil, fmt.Errorf("import: %s has no destination", it.Source)
		}
		text := strings.TrimSpace(it.Text)
		if text == "" {
			continue
		}
		if x.Find(text) >= 0 {
			pl.imp.known++
			continue
		}
		x.Add(text)
		if it.Dest == ToLongMemory {
			date := it.Date
			if !memstore.IsDate(date) || date > today {
				date = today
			}
			lm.AddDatedBullet(date, text, longDate)
			pl.Facts = append(pl.Facts, Item{Date: date, Key: "import", Text: text})
			lmLabels[text] = it.Source
			pl.imp.long++
			continue
		}
		key := it.Key
		if key == "" {
			key = memstore.KeyKnowledge
		}
		td.AppendBullet(key, memstore.Heading(key, lang), text, memstore.LogOrder, it.Body...)
		tdLabels[text] = it.Source
		pl.imp.today++
	}
	if pl.imp.known > 0 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("%s already in memory, not imported again", memstore.Plural(pl.imp.known, "item")))
	}
	if pl.imp.long > 0 {
		after := render(lm, noFinalNewline(lmBase))
		pl.longMem = newEdit(lmPath, lmBase, lmExists, after, fmt.Sprintf("%s imported", memstore.Plural(pl.imp.long, "fact")), lmLabels)
		pl.LinesBefore, pl.LinesAfter = memstore.CountLines(lmBase), memstore.CountLines(after)
		pl.FactsBefore, pl.FactsAfter = len(memstore.ParseDoc(lmBase).AllBullets()), len(memstore.ParseDoc(after).AllBullets())
		if limit := pl.Options.MaxLines; limit > 0 && pl.LinesAfter > limit {
			pl.Notes = append(pl.Notes, fmt.Sprintf("long memory would be %d lines, over its %d-line limit: carnet promote condenses it", pl.LinesAfter, limit))
		}
	}
	if pl.imp.today > 0 {
		pl.today = newEdit(todayPath, tdBase, tdExists, render(td, noFinalNewline(tdBase)),
			fmt.Sprintf("%s imported: the next promotion proposes the durable ones for long memory", memstore.Plural(pl.imp.today, "bullet")), tdLabels)
	}
	for _, c := range []*Change{pl.longMem, pl.today} {
		if c != nil {
			pl.Changes = append(pl.Changes, c)
		}
	}
	pl.Changes = append(pl.Changes, notes...)
	return pl, nil
}

// startDoc is base, or a document holding only its title (fr or en) when base is empty.
func startDoc(base []byte, fr, en, lang string) *memstore.Doc {
	if len(base) > 0 {
		return memstore.ParseDoc(base)
	}
	if lang == "en" {
		return memstore.ParseDoc([]byte(en + "\n"))
	}
	return memstore.ParseDoc([]byte(fr + "\n"))
}

// importNote is the creation of an imported note, or nil (and a note of the plan saying why)
// when it has no name or its file exists.
func (pl *Plan) importNote(p *memstore.Project, it ImportItem, today string) *Change {
	if it.Note == nil || !memstore.IsSlug(it.Note.Slug) {
		pl.Notes = append(pl.Notes, fmt.Sprintf("left out %s: no note name to give it", it.Source))
		return nil
	}
	path := p.NotePath(it.Note.Slug)
	if there, err := p.Exists(path); err != nil || there {
		pl.Notes = append(pl.Notes, fmt.Sprintf("%s exists: %s is not imported over it", strings.TrimPrefix(path, p.RelDir+"/"), it.Source))
		return nil
	}
	c := newEdit(path, nil, false, memstore.UpdateNote(nil, it.Note.Slug, it.Note.Input, today), "from "+it.Source, nil)
	if c != nil {
		pl.imp.notes++
	}
	return c
}

// importSecret says why an item looks like a secret, or "".
func importSecret(it ImportItem) string {
	lines := append([]string{it.Text}, it.Body...)
	if it.Note != nil {
		lines = append(lines, it.Note.Input.Title, it.Note.Input.Description)
		if it.Note.Input.Body != nil {
			lines = append(lines, strings.Split(*it.Note.Input.Body, "\n")...)
		}
	}
	for _, l := range lines {
		if why := secret.Detect(l); why != "" {
			return why
		}
	}
	return ""
}

// summary is an import plan in one line: "import 3 facts into long memory, 2 notes, 4
// bullets into today's log".
func (in *importInfo) summary() string {
	var parts []string
	if in.long > 0 {
		parts = append(parts, memstore.Plural(in.long, "fact")+" into long memory")
	}
	if in.notes > 0 {
		parts = append(parts, memstore.Plural(in.notes, "note"))
	}
	if in.today > 0 {
		parts = append(parts, memstore.Plural(in.today, "bullet")+" into today's log")
	}
	if len(parts) == 0 {
		return "nothing to import"
	}
	return "import " + strings.Join(parts, ", ")
}

// message says what the selected changes of an import do, for the commit subject.
func (in *importInfo) message(pl *Plan, sel []*Change) string {
	var parts []string
	notes := 0
	for _, c := range sel {
		switch c {
		case pl.longMem:
			if n := countAdded(c, pl.Facts); n > 0 {
				parts = append(parts, memstore.Plural(n, "fact")+" into long memory")
			}
		case pl.today:
			parts = append(parts, "today's log")
		default:
			notes++
		}
	}
	if notes > 0 {
		parts = append(parts, memstore.Plural(notes, "note"))
	}
	if len(parts) == 0 {
		parts = append(parts, "no change")
	}
	return "import: " + strings.Join(parts, ", ")
}

// Imported reports whether the plan is an import (ComputeImport) rather than a promotion.
func (pl *Plan) Imported() bool { return pl.imp != nil }
