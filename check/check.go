// Package check is `carnet check`: what is wrong with a project's memory, one problem per
// line (file:line: problem), for CI and git's pre-commit hook. It looks for a secret in any
// memory file, a long memory over its line cap, a session start over its budget, conflict
// markers, malformed sections, bullets whose references are gone (memstore/stale), and two
// bullets of one file that say the same thing or the opposite (where a supersede belonged).
package check

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"carnet/hook"
	"carnet/memstore"
	"carnet/memstore/gitrepo/query"
	"carnet/memstore/stale"
	"carnet/secret"
)

// Problem is one thing wrong with a memory file.
type Problem struct {
	Path string // workspace-relative
	Line int    // 1-based; the first line when the problem is the whole file's
	Kind Kind
	Text string
}

// Kind is what sort of problem it is.
type Kind string

// The kinds of problem.
const (
	Secret        Kind = "secret"
	LineCap       Kind = "line-cap"
	Budget        Kind = "budget"
	Conflict      Kind = "conflict"
	Malformed     Kind = "malformed"
	DeadReference Kind = "dead-reference"
	Duplicate     Kind = "duplicate"
	Contradiction Kind = "contradiction"
)

func (p Problem) String() string { return fmt.Sprintf("%s:%d: %s", p.Path, p.Line, p.Text) }

// Report is what a check of one project found.
type Report struct {
	Project  string
	Problems []Problem // in file order
	Notes    []string  // what was not checked, and why
}

// Project checks the memory of p as of now.
func Project(ctx context.Context, p *memstore.Project, now time.Time) (*Report, error) {
	r := &Report{Project: p.Name}
	files, err := memoryFiles(p)
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		data, err := p.ReadFile(f.path)
		if err != nil {
			r.add(f.path, 1, Malformed, "cannot be read: "+err.Error())
			continue
		}
		r.secrets(f.path, data)
		r.conflicts(f.path, data)
		switch f.kind {
		case fileLog:
			r.malformedLog(f.path, f.date, data)
			r.sameOrOpposite(f.path, logClaims(data))
		case fileLong:
			r.lineCap(p, f.path, data)
			r.malformedLong(f.path, data)
			r.sameOrOpposite(f.path, longBullets(data))
		case fileNote:
			r.malformedNote(f.path, data)
		}
	}
	if err := r.references(ctx, p); err != nil { // first: the load below finds its cache warm
		return nil, err
	}
	if err := r.budget(p, now); err != nil {
		return nil, err
	}
	slices.SortStableFunc(r.Problems, func(a, b Problem) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
	return r, nil
}

func (r *Report) add(path string, line int, k Kind, text string) {
	r.Problems = append(r.Problems, Problem{Path: path, Line: line, Kind: k, Text: text})
}

type fileKind int

const (
	fileLong fileKind = iota
	fileLog
	fileArchive
	fileNote
)

type memoryFile struct {
	path string
	kind fileKind
	date string
}

// memoryFiles lists the project's memory files: long memory, logs, archived logs, notes.
func memoryFiles(p *memstore.Project) ([]memoryFile, error) {
	var out []memoryFile
	if _, err := p.ReadFile(p.LongMemoryPath()); err == nil {
		out = append(out, memoryFile{path: p.LongMemoryPath(), kind: fileLong})
	}
	logs, err := p.Logs()
	if err != nil {
		return nil, err
	}
	for _, lf := range logs {
		out = append(out, memoryFile{path: lf.Path, kind: fileLog, date: lf.Date})
	}
	if arch, err := p.Archives(); err == nil {
		for _, lf := range arch {
			out = append(out, memoryFile{path: lf.Path, kind: fileArchive, date: lf.Date})
		}
	}
	if notes, err := p.Notes(); err == nil {
		for _, n := range notes {
			out = append(out, memoryFile{path: n.Path, kind: fileNote})
		}
	}
	return out, nil
}

func lines(data []byte) []string {
	return strings.Split(strings.TrimSuffix(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n"), "\n")
}

// secrets reports each line the secret guard refuses (the secret itself is never printed).
func (r *Report) secrets(path string, data []byte) {
	for i, l := range lines(data) {
		if why := secret.Detect(l); why != "" {
			r.add(path, i+1, Secret, "looks like a secret ("+why+"): take it out of the file and out of git's history")
		}
	}
}

// conflicts reports git's conflict markers left in a file.
func (r *Report) conflicts(path string, data []byte) {
	open := 0
	for i, l := range lines(data) {
		switch {
		case strings.HasPrefix(l, "<<<<<<<") && (len(l) == 7 || l[7] == ' '):
			open = i + 1
			r.add(path, i+1, Conflict, "conflict marker <<<<<<<: resolve the merge (or install the merge driver: carnet install --merge-driver)")
		case strings.HasPrefix(l, ">>>>>>>") && (len(l) == 7 || l[7] == ' '):
			open = 0
			r.add(path, i+1, Conflict, "conflict marker >>>>>>>: resolve the merge")
		case open > 0 && (l == "=======" || strings.HasPrefix(l, "||||||| ")):
			r.add(path, i+1, Conflict, "conflict marker "+l[:7]+": resolve the merge")
		}
	}
}

// lineCap reports a long memory over [promote] long_memory_max_lines.
func (r *Report) lineCap(p *memstore.Project, path string, data []byte) {
	limit := p.WS.Config.Promote.LongMemoryMaxLines
	if n := memstore.CountLines(data); limit > 0 && n > limit {
		r.add(path, limit+1, LineCap, fmt.Sprintf("long memory has %d lines, over its cap of %d ([promote] long_memory_max_lines): run carnet promote", n, limit))
	}
}

// budget reports a session start over its budget: more tokens than [load] budget_tokens,
// more characters than a SessionStart hook may inject, or open items left out for want of
// room (the rest of the memory is trimmed by design, the oldest first).
func (r *Report) budget(p *memstore.Project, now time.Time) error {
	l, err := hook.ComposeLoad(p, now, 0, hook.SessionStartMax)
	if err != nil {
		return err
	}
	where := memstore.ConfigFile
	if _, err := os.Stat(filepath.Join(p.WS.Root, where)); err != nil {
		where = p.LongMemoryPath()
	}
	switch chars := utf8.RuneCountInString(l.Text); {
	case l.Tokens > l.Budget:
		r.add(where, 1, Budget, fmt.Sprintf("the session start of %s carries %d tokens, over its budget of %d ([load] budget_tokens)", p.Name, l.Tokens, l.Budget))
	case chars > hook.SessionStartMax:
		r.add(where, 1, Budget, fmt.Sprintf("the session start of %s is %d characters, over the %d a SessionStart hook may inject", p.Name, chars, hook.SessionStartMax))
	}
	if n := l.DroppedOpen(); n > 0 {
		r.add(where, 1, Budget, fmt.Sprintf("%s of %s do not fit in its session start's budget of %d tokens: tick those done (carnet done) or raise [load] budget_tokens",
			memstore.Plural(n, "open item"), p.Name, l.Budget))
	}
	return nil
}

// references reports the bullets that name a file or a name gone from the code (see
// memstore/stale for what counts): what a session would be told is wrong.
func (r *Report) references(ctx context.Context, p *memstore.Project) error {
	c, err := stale.New(p)
	if errors.Is(err, stale.ErrNoRepo) {
		r.Notes = append(r.Notes, p.Name+": not in a git repository: references not checked")
		return nil
	}
	if err != nil {
		return err
	}
	bullets, err := stale.Collect(p)
	if err != nil {
		return err
	}
	rep, err := c.Check(ctx, bullets)
	if errors.Is(err, query.ErrNeedsGit) {
		r.Notes = append(r.Notes, p.Name+": references not checked: "+err.Error())
		return nil
	}
	if err != nil {
		return err
	}
	for _, res := range rep.Stale() {
		var why []string
		for _, v := range res.Gone() {
			why = append(why, v.String())
		}
		r.add(res.Bullet.Path, res.Bullet.Line+1, DeadReference, strings.Join(why, "; ")+": fix the bullet, supersede it or delete it (carnet's UI: the stale view)")
	}
	return nil
}

var titleDate = regexp.MustCompile(`\d{4}-\d{2}-\d{2}`)

// malformedLog reports what makes a daily log read wrong: a title naming another day, a
// known section twice, known sections out of their order.
func (r *Report) malformedLog(path, date string, data []byte) {
	d := memstore.ParseDoc(data)
	if t := d.Title(); t != "" {
		if m := titleDate.FindString(t); m != "" && m != date {
			r.add(path, titleLine(d)+1, Malformed, fmt.Sprintf("the title says %s but the file is the log of %s", m, date))
		}
	}
	seen := map[string]int{}
	last, lastHeading := -1, ""
	for _, s := range d.Sections() {
		if s.Key == "" {
			continue
		}
		if at, ok := seen[s.Key]; ok {
			r.add(path, s.Start+1, Malformed, fmt.Sprintf("section “%s” appears twice (also line %d): carnet reads the first only; merge them", s.Heading, at+1))
			continue
		}
		seen[s.Key] = s.Start
		pos := slices.Index(memstore.LogOrder, s.Key)
		if pos < last {
			r.add(path, s.Start+1, Malformed, fmt.Sprintf("section “%s” comes after “%s”: a log's sections go in the order %s", s.Heading, lastHeading, strings.Join(orderNames(d), ", ")))
		}
		if pos > last {
			last, lastHeading = pos, s.Heading
		}
	}
}

func orderNames(d *memstore.Doc) []string {
	lang := d.Language("fr")
	out := make([]string, len(memstore.LogOrder))
	for i, k := range memstore.LogOrder {
		out[i] = memstore.Heading(k, lang)
	}
	return out
}

func titleLine(d *memstore.Doc) int {
	for i, l := range d.Lines() {
		if strings.HasPrefix(l, "# ") {
			return i
		}
	}
	return 0
}

var dateLike = regexp.MustCompile(`^\d{4}-\d{1,2}-\d{1,2}$`)

// malformedLong reports dated sections of long memory that are no date, repeat one, or come
// before an older one (newest last).
func (r *Report) malformedLong(path string, data []byte) {
	d := memstore.ParseDoc(data)
	seen := map[string]int{}
	prev := ""
	for _, s := range d.Sections() {
		h := s.Heading
		if !dateLike.MatchString(h) {
			continue
		}
		if !memstore.IsDate(h) {
			r.add(path, s.Start+1, Malformed, fmt.Sprintf("“## %s” is not a date (YYYY-MM-DD)", h))
			continue
		}
		if at, ok := seen[h]; ok {
			r.add(path, s.Start+1, Malformed, fmt.Sprintf("the date %s has two sections (also line %d): merge them", h, at+1))
			continue
		}
		seen[h] = s.Start
		if prev != "" && h < prev {
			r.add(path, s.Start+1, Malformed, fmt.Sprintf("the section of %s comes after that of %s: dated sections go oldest first", h, prev))
		}
		if h > prev {
			prev = h
		}
	}
}

// malformedNote reports a front matter that is opened and never closed.
func (r *Report) malformedNote(path string, data []byte) {
	ls := lines(data)
	if len(ls) == 0 || strings.TrimSpace(ls[0]) != "---" {
		return
	}
	for _, l := range ls[1:] {
		if strings.TrimSpace(l) == "---" {
			return
		}
	}
	r.add(path, 1, Malformed, "the front matter opened on line 1 is never closed by a line “---”")
}
