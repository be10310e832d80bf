package memstore

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"carnet/memstore/gitrepo"
	"carnet/secret"
)

// Item is one bullet carnet wrote or ticked.
type Item struct {
	Key    string // section key
	Text   string // without the author marker
	Path   string // relative to the workspace root
	Author string // "agent:NAME" or "model:NAME" when the bullet carries that marker (author.go)
}

// MergeResult says what a merge did.
type MergeResult struct {
	Added      []Item
	Ticked     []Item
	Refused    []Refusal
	Duplicates int      // bullets already present (the same once normalised), not written again
	Similar    []Item   // bullets written though near an existing one (see Similar): a different fact is never dropped
	Unmatched  []string // a_suivre_done items that matched no open item
	Ambiguous  []string // a_suivre_done items that matched several open items (left open)
	Dropped    []Item   // open items a settled finding made moot, removed unticked (see Extraction.Settled)
	Unknown    []string // extraction keys ignored
	Changed    []string // files written, relative to the workspace root
	Commit     gitrepo.CommitResult
	CommitErr  error // the commit failed; the files are written
}

// Date formats t as a log date.
func Date(t time.Time) string { return t.Format("2006-01-02") }

// Merge writes an extraction into the project's memory (SPEC §1): the log sections of
// today's log, appended and deduplicated; a_suivre_done items ticked into Finalisé in the
// log where they are open; long_terme into long memory under today's date. A merge that
// adds nothing writes nothing.
// It goes through Write with c, whose What is "what the <writer> captured" when empty.
func (p *Project) Merge(e Extraction, c Change) (*MergeResult, error) {
	res := &MergeResult{Unknown: e.Unknown}
	w, err := p.Write(c, func(tx *Tx) error {
		if err := tx.Merge(e, res); err != nil {
			return err
		}
		if c.What == "" {
			tx.Say(fmt.Sprintf("%s from the %s", Plural(len(res.Added)+len(res.Ticked), "bullet"), c.Writer))
		}
		return nil
	})
	res.Changed, res.Refused, res.Commit, res.CommitErr = w.Changed, w.Refused, w.Commit, w.CommitErr
	return res, err
}

// Merge applies an extraction inside a Tx, recording what it did in res: each section's
// bullets appended to today's log unless the day (for À suivre: any open item) already says
// the same, the a_suivre_done items ticked, long_terme added to long memory. It changes
// nothing that is there but by ticking (which, for the hook, the guard limits to capture's
// own items and an agent's, see Tx.Captured): consolidating capture's own bullets is
// capture's work (capture.Apply).
func (tx *Tx) Merge(e Extraction, res *MergeResult) error {
	date := Date(tx.now)
	var today *Doc
	var day *DedupIndex // every bullet of today's log, built once and kept up to date by addEach
	var err error
	for _, key := range LogOrder {
		items := e.Field(key)
		if len(items) == 0 {
			continue
		}
		if today, err = tx.dayLog(today, date); err != nil {
			return err
		}
		if day == nil {
			day = dayIndex(today)
		}
		seen := day
		if key == KeyNext {
			if seen, err = tx.openIndex(); err != nil {
				return err
			}
		}
		heading := Heading(key, today.Language(tx.p.WS.Config.Language))
		tx.addEach(key, items, seen, tx.p.LogPath(date), res, func(text string) {
			today.AppendBullet(key, heading, text, LogOrder)
			if seen != day {
				day.Add(text) // an open item is a bullet of the day too
			}
		})
	}
	if err := tx.tickNextDone(e.NextDone, res); err != nil {
		return err
	}
	if len(e.LongTerm) > 0 {
		if err := tx.addLongTerm(e.LongTerm, res); err != nil {
			return err
		}
	}
	return nil
}

// tickNextDone ticks the open items the extraction reports done, recording each as ticked,
// ambiguous or unmatched.
func (tx *Tx) tickNextDone(done []string, res *MergeResult) error {
	for _, raw := range done {
		text := tx.CleanBullet(raw)
		if text == "" {
			continue
		}
		ticked, cands, err := tx.Tick(text, false)
		if err == nil && len(ticked) == 0 && len(cands) == 0 {
			ticked, err = tx.TickDone(text) // "Fixed silent failures" for "Fix the two silent failure cases"
		}
		if err != nil {
			return err
		}
		switch {
		case len(ticked) > 0:
			res.Ticked = append(res.Ticked, ticked...)
		case len(cands) > 1:
			res.Ambiguous = append(res.Ambiguous, text)
		default:
			res.Unmatched = append(res.Unmatched, text)
		}
	}
	return nil
}

// AddBullet appends one bullet to today's log (key as in the extraction JSON) or, for
// long_terme, to long memory. It reports whether it was added (false for a duplicate or a
// refused secret).
func (tx *Tx) AddBullet(key, text string) (bool, error) {
	res := &MergeResult{}
	e := Extraction{}
	if !e.Add(key, text) || key == KeyNextDone || key == KeyProjects {
		return false, fmt.Errorf("unknown section %q (want one of %s)", key, strings.Join(AddKeys(), ", "))
	}
	if err := tx.Merge(e, res); err != nil {
		return false, err
	}
	return len(res.Added) > 0, nil
}

// AddKeys lists the section keys a bullet can be added under.
func AddKeys() []string {
	return []string{KeyContext, KeyGoal, KeyProblems, KeyKnowledge, KeyWork, KeyDecisions, KeyNext, KeyLongTerm}
}

// englishKeys name the sections of AddKeys in English, for a person typing a key.
var englishKeys = []string{"context", "goal", "problems", "knowledge", "work", "decisions", "next", "long_term"}

// AddKey returns the section key k names, in French (AddKeys) or in English (SectionNames:
// "goal", "next", "long_term"), or "".
func AddKey(k string) string {
	if slices.Contains(AddKeys(), k) {
		return k
	}
	if i := slices.Index(englishKeys, k); i >= 0 {
		return AddKeys()[i]
	}
	return ""
}

// SectionNames are every key AddKey takes: AddKeys, then the English names that differ.
func SectionNames() []string {
	names := AddKeys()
	for _, k := range englishKeys {
		if !slices.Contains(names, k) {
			names = append(names, k)
		}
	}
	return names
}

// FixedPrefix marks, in each log language, a failure that was fixed since.
var FixedPrefix = map[string]string{"fr": "corrigé : ", "en": "fixed: "}

// dayLog is today, the day's log read once: read now when it is not yet (nil).
func (tx *Tx) dayLog(today *Doc, date string) (*Doc, error) {
	if today != nil {
		return today, nil
	}
	return tx.Log(date)
}

// dayIndex indexes every bullet of a log, whatever its section: a fact is written once a day.
func dayIndex(d *Doc) *DedupIndex {
	x := NewDedupIndex(nil)
	for _, b := range d.AllBullets() {
		if b.Section.Key != KeyDone {
			x.Add(b.Bullet.Text)
		}
	}
	return x
}

func sectionIndex(d *Doc, key string) *DedupIndex {
	x := NewDedupIndex(nil)
	for _, s := range d.Sections() {
		if s.Key == key {
			for _, b := range d.Bullets(s) {
				x.Add(b.Text)
			}
		}
	}
	return x
}

// openIndex indexes every open item of the project, for a_suivre deduplication across days.
func (tx *Tx) openIndex() (*DedupIndex, error) {
	x := NewDedupIndex(nil)
	items, err := tx.OpenItems()
	if err != nil {
		return nil, err
	}
	for _, it := range items {
		x.Add(it.Text)
	}
	return x, nil
}

func (tx *Tx) addLongTerm(items []string, res *MergeResult) error {
	d, err := tx.LongMemory()
	if err != nil {
		return err
	}
	seen := NewDedupIndex(nil)
	for _, b := range d.AllBullets() {
		seen.Add(b.Bullet.Text)
	}
	date := Date(tx.now)
	tx.addEach(KeyLongTerm, items, seen, tx.p.LongMemoryPath(), res, func(text string) {
		if s, ok := d.Section(date); ok {
			d.insertBullet(s, text)
		} else {
			d.AddSection("", date, nil, "- "+text)
		}
	})
	return nil
}

// addEach cleans each item and adds it with add unless it is empty, already there once
// normalised, or a secret, recording the outcome in res: a near-duplicate is written, and
// reported in res.Similar.
func (tx *Tx) addEach(key string, items []string, seen *DedupIndex, path string, res *MergeResult, add func(text string)) {
	for _, raw := range items {
		text := tx.CleanBullet(raw)
		switch {
		case text == "":
			continue
		case seen.HasExact(text):
			res.Duplicates++
			continue
		case !tx.guard(key, text):
			continue
		}
		it := Item{Key: key, Text: text, Path: path}
		if near := seen.Find(text); near >= 0 {
			res.Similar = append(res.Similar, it)
			tx.Similar = append(tx.Similar, it)
		}
		if m := Marker(tx.change.author()); m != "" && !ByAgent(text) {
			it.Author = tx.change.author()
			text += m // an agent's note says so (author.go); it.Text stays what the agent gave
		}
		add(text)
		seen.Add(text)
		res.Added = append(res.Added, it)
	}
}

// FileLongTerm adds a bullet kept by a person (its text and indented lines, as they are: never
// cut) to long memory under date, the day it was noted, unless long memory already says it:
// then nothing is added and same is the bullet that says it. A secret is an error.
func (tx *Tx) FileLongTerm(date, text string, body []string) (same string, err error) {
	if reason := secret.Detect(strings.Join(append([]string{text}, body...), "\n")); reason != "" {
		return "", fmt.Errorf("refused by the secret guard: %s", reason)
	}
	d, err := tx.LongMemory()
	if err != nil {
		return "", err
	}
	all := d.AllBullets()
	seen := NewDedupIndex(nil)
	for _, b := range all {
		seen.Add(b.Bullet.Text)
	}
	if i := seen.Find(text); i >= 0 {
		return all[i].Bullet.Text, nil
	}
	if s, ok := d.Section(date); ok {
		d.insertBullet(s, text, body...)
	} else {
		d.AddSection("", date, nil, append([]string{"- " + text}, body...)...)
	}
	return "", nil
}
