package stale

import (
	"context"
	"strings"
	"time"

	"carnet/memstore"
)

// Claim says whether the bullets of a daily log's section claim something about the code as it
// is (learnings, decisions, open items, and sections carnet does not know) and so are checked.
// The others record the day — its context, goal, problems, work done and finished items — and
// stay true when a file they name is deleted later ("Removed `app.js`"): never checked.
func Claim(key string) bool {
	switch key {
	case memstore.KeyKnowledge, memstore.KeyDecisions, memstore.KeyNext, "":
		return true
	}
	return false
}

// Collect lists the bullets of project p a check looks at: every bullet of long memory under
// a dated section (or after one), of the notes that carry an updated date, and the claims
// (see Claim) of the daily logs not archived; struck (superseded) bullets and ticked items
// left out. Archived logs are history and are not checked.
func Collect(p *memstore.Project) ([]Bullet, error) {
	var out []Bullet
	if data, err := p.ReadFile(p.LongMemoryPath()); err == nil {
		out = append(out, LongMemoryBullets(p.LongMemoryPath(), data)...)
	}
	logs, err := p.Logs()
	if err != nil {
		return nil, err
	}
	for _, lf := range logs {
		data, err := p.ReadFile(lf.Path)
		if err != nil {
			continue
		}
		out = append(out, LogBullets(lf.Path, lf.Date, data)...)
	}
	notes, err := p.Notes()
	if err != nil {
		return out, nil
	}
	for _, n := range notes {
		if !memstore.IsDate(n.Meta.Updated) {
			continue
		}
		data, err := p.ReadFile(n.Path)
		if err != nil {
			continue
		}
		out = append(out, NoteBullets(n.Path, n.Meta.Updated, data)...)
	}
	return out, nil
}

// LongMemoryBullets are the bullets of a long memory, each dated by the dated section it is
// in, or the last one before it.
func LongMemoryBullets(path string, data []byte) []Bullet {
	d := memstore.ParseDoc(data)
	var out []Bullet
	date := ""
	for _, s := range d.Sections() {
		if memstore.IsDate(s.Heading) {
			date = s.Heading
		}
		if date == "" {
			continue
		}
		for _, b := range d.Bullets(s) {
			if keep(b) {
				out = append(out, Bullet{Path: path, Line: b.Line, Date: date, Text: b.Text})
			}
		}
	}
	return out
}

// LogBullets are the claims of a daily log of the given day.
func LogBullets(path, date string, data []byte) []Bullet {
	d := memstore.ParseDoc(data)
	var out []Bullet
	for _, s := range d.Sections() {
		if !Claim(s.Key) {
			continue
		}
		for _, b := range d.Bullets(s) {
			if keep(b) && !(s.Key == memstore.KeyNext && b.Done()) {
				day := date
				if _, since := memstore.OpenSince(b.Text); s.Key == memstore.KeyNext && memstore.IsDate(since) {
					day = since // an item carried from an older log speaks of the day it was first written
				}
				out = append(out, Bullet{Path: path, Line: b.Line, Date: day, Text: b.Text, Open: s.Key == memstore.KeyNext})
			}
		}
	}
	return out
}

// NoteBullets are the bullets of a note, dated by its front matter's updated date.
func NoteBullets(path, date string, data []byte) []Bullet {
	_, body, _ := memstore.ParseFrontMatter(data)
	skip := strings.Count(string(data[:len(data)-len(body)]), "\n")
	d := memstore.ParseDoc(body)
	var out []Bullet
	for _, b := range d.Bullets(memstore.Section{Start: -1, End: d.Len()}) {
		if keep(b) {
			out = append(out, Bullet{Path: path, Line: skip + b.Line, Date: date, Text: b.Text})
		}
	}
	return out
}

func keep(b memstore.Bullet) bool { return b.Text != "" && !memstore.Superseded(b.Text) }

// Warm runs the check of every bullet Collect lists, for its cache: what a session start that
// ran out of time asks for in the background. When another Warm of the project is running, it
// returns at once: one of them is enough.
func Warm(ctx context.Context, p *memstore.Project) error {
	c, err := New(p)
	if err != nil {
		return err
	}
	try, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	unlock, err := p.LockState(try, "stale.lock")
	cancel()
	if err != nil {
		return nil // another one runs
	}
	defer unlock()
	bullets, err := Collect(p)
	if err != nil {
		return err
	}
	_, err = c.Check(ctx, bullets)
	return err
}
