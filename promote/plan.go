// Package promote plans and applies a promotion of a project's memory (SPEC §4): old daily
// logs move to logs/archives/ (their open items carried into today's log), the durable items
// of those logs are proposed for long_memory.md, and long memory is condensed back under its
// line limit. A Plan is computed without writing anything; it is a list of file changes, each a
// unified diff whose hunks can be accepted or rejected one by one; Apply writes the accepted
// ones under the project's lock and makes one git commit holding only those paths.
package promote

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"carnet/memstore"
)

// Options tune a promotion. The zero value follows the project's carnet.toml.
type Options struct {
	// Days: daily logs dated more than Days days before today are archived (0: the configured
	// archive_after_days, 30 by default).
	Days int
	// MaxLines is long memory's line limit (0: the configured long_memory_max_lines, 300).
	MaxLines int
	// Force accepts a plan that drops more than a quarter of the long-memory facts.
	Force bool
	// Recent also proposes the durable items (Connaissances acquises, Décisions prises) of the
	// logs that stay, not only of those being archived.
	Recent bool
	// Condenser, when set, rewrites the condensed section instead of joining its facts (a model
	// extractor); nil keeps condensation deterministic.
	Condenser Condenser
}

// GuardLimit is the share of existing long-memory facts a plan may drop before it is refused.
const GuardLimit = 0.25

// Item is a bullet a plan takes from a daily log.
type Item struct {
	Date string // the log it comes from (YYYY-MM-DD)
	Key  string // its section: memstore.KeyASuivre, KeyConnaissances or KeyDecisions
	Text string
}

// Plan is a promotion of one project, computed from what is on disk and not yet written.
type Plan struct {
	Project string    // the project's name
	Today   string    // YYYY-MM-DD: the day whose log open items are carried into
	Options Options   // as used: Days and MaxLines filled in from the configuration
	Changes []*Change // moves (oldest log first), then today's log, then long memory

	Archived []string // dates of the logs moved to logs/archives/, oldest first
	Carried  []Item   // open items of archived logs, carried into today's log
	Facts    []Item   // durable items proposed for long memory, under the date of their log
	Known    int      // durable items long memory (or an earlier item) already says, left out

	Merges []Merge  // near-duplicate long-memory facts merged into one
	Folded []string // dates of the long-memory sections folded into the condensed section
	Joined int      // long-memory facts joined into the bullet before them

	LinesBefore, LinesAfter int // long memory's line count, before and after the plan
	FactsBefore, FactsAfter int // long memory's bullet count, before and after the plan
	// Lost lists the long-memory facts the plan drops without merging them into another
	// bullet (none for the deterministic condensation).
	Lost []string
	// Notes are things worth knowing that are not changes (a log left in place, a secret
	// left out, long memory still over its limit).
	Notes []string
	// Refused is set (a *GuardError) when the plan drops too many facts and Options.Force is
	// not set; Apply refuses such a plan.
	Refused error

	dir     string // the project's memory folder, to check Apply gets the same project
	today   *Change
	longMem *Change
}

// GuardError refuses a plan that would drop more than GuardLimit of long memory's facts.
type GuardError struct {
	Lost  []string // the facts dropped
	Total int      // the facts long memory holds now
}

func (e *GuardError) Error() string {
	return fmt.Sprintf("refused: this plan drops %d of the %d long-memory facts (%d%%, more than %d%%); review it, or force it (--force)",
		len(e.Lost), e.Total, len(e.Lost)*100/e.Total, int(GuardLimit*100))
}

// Empty reports whether the plan proposes nothing.
func (pl *Plan) Empty() bool { return len(pl.Changes) == 0 }

// Summary is the plan in one line: "archive 12 logs (3 open items carried), add 5 facts to
// long memory, long memory 341 → 287 lines (4 duplicates merged, 9 sections condensed)", or
// "nothing to promote".
func (pl *Plan) Summary() string {
	var parts []string
	if n := len(pl.Archived); n > 0 {
		s := "archive " + plural(n, "log")
		if c := len(pl.Carried); c > 0 {
			s += fmt.Sprintf(" (%s carried)", plural(c, "open item"))
		}
		parts = append(parts, s)
	} else if c := len(pl.Carried); c > 0 {
		parts = append(parts, "carry "+plural(c, "open item"))
	}
	if n := len(pl.Facts); n > 0 {
		parts = append(parts, fmt.Sprintf("add %s to long memory", plural(n, "fact")))
	}
	if pl.longMem != nil {
		s := fmt.Sprintf("long memory %d → %d lines", pl.LinesBefore, pl.LinesAfter)
		var how []string
		if n := len(pl.Merges); n > 0 {
			how = append(how, plural(n, "duplicate")+" merged")
		}
		if n := len(pl.Folded); n > 0 {
			how = append(how, plural(n, "section")+" condensed")
		}
		if pl.Joined > 0 {
			how = append(how, plural(pl.Joined, "fact")+" joined")
		}
		if len(how) > 0 {
			s += " (" + strings.Join(how, ", ") + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "nothing to promote"
	}
	return strings.Join(parts, ", ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Compute plans the promotion of p as of now, reading the project's files and writing
// nothing. It fails only when a file cannot be read; a plan that drops too many facts comes
// back with Refused set, so that it can still be shown.
func Compute(p *memstore.Project, opts Options, now time.Time) (*Plan, error) {
	cfg := p.WS.Config
	if opts.Days <= 0 {
		opts.Days = cfg.Promote.ArchiveAfterDays
	}
	if opts.Days <= 0 {
		opts.Days = 30
	}
	if opts.MaxLines <= 0 {
		opts.MaxLines = cfg.Promote.LongMemoryMaxLines
	}
	if opts.MaxLines <= 0 {
		opts.MaxLines = 300
	}
	pl := &Plan{Project: p.Name, Today: memstore.Date(now), Options: opts, dir: p.Dir}
	cutoff := memstore.Date(now.AddDate(0, 0, -opts.Days))
	rel := p.WS.Rel

	logs, err := p.Logs()
	if err != nil {
		return nil, fmt.Errorf("cannot list the logs of %s: %w", p.Name, err)
	}
	archives, err := p.Archives()
	if err != nil {
		return nil, fmt.Errorf("cannot list the archives of %s: %w", p.Name, err)
	}
	archivedAlready := map[string]bool{}
	for _, a := range archives {
		archivedAlready[a.Date] = true
	}

	// logs are newest first: walk them oldest first
	type logDoc struct {
		lf  memstore.LogFile
		doc *memstore.Doc
	}
	var old, recent []logDoc
	var moves []*Change
	for i := len(logs) - 1; i >= 0; i-- {
		lf := logs[i]
		data, err := os.ReadFile(lf.Path)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", rel(lf.Path), unwrapPath(err))
		}
		ld := logDoc{lf, memstore.ParseDoc(data)}
		if lf.Date >= cutoff || lf.Date >= pl.Today {
			recent = append(recent, ld)
			continue
		}
		to := filepath.Join(p.ArchivesDir(), filepath.Base(lf.Path))
		if archivedAlready[lf.Date] {
			pl.Notes = append(pl.Notes, fmt.Sprintf("%s stays where it is: %s already exists", rel(lf.Path), rel(to)))
			recent = append(recent, ld)
			continue
		}
		old = append(old, ld)
		pl.Archived = append(pl.Archived, lf.Date)
		moves = append(moves, newMove(rel(lf.Path), rel(to), data, ""))
	}

	// carry the open items of archived logs, unless a log that stays has them open already
	var stays, carry []string
	var carryFrom []Item
	for _, ld := range recent {
		for _, b := range openBullets(ld.doc) {
			stays = append(stays, b)
		}
	}
	perLog := map[string]int{}
	for _, ld := range old {
		for _, b := range openBullets(ld.doc) {
			carryFrom = append(carryFrom, Item{Date: ld.lf.Date, Key: memstore.KeyASuivre, Text: b})
			carry = append(carry, b)
		}
	}
	if len(carry) > 0 {
		x := newIndex(append(append([]string{}, stays...), carry...))
		for _, s := range stays {
			x.add(s)
		}
		for _, it := range carryFrom {
			if x.find(it.Text) >= 0 {
				continue
			}
			if why := memstore.DetectSecret(it.Text); why != "" {
				pl.Notes = append(pl.Notes, fmt.Sprintf("an open item of %s is not carried: it %s", it.Date, why))
				continue
			}
			x.add(it.Text)
			pl.Carried = append(pl.Carried, it)
			perLog[it.Date]++
		}
	}
	for i, m := range moves {
		if n := perLog[pl.Archived[i]]; n > 0 {
			m.Note = fmt.Sprintf("%s carried into %s", plural(n, "open item"), pl.Today)
		}
	}
	pl.Changes = append(pl.Changes, moves...)

	if len(pl.Carried) > 0 {
		path := p.LogPath(pl.Today)
		base, exists, err := readMaybe(path)
		if err != nil {
			return nil, fmt.Errorf("cannot read %s: %w", rel(path), err)
		}
		d := memstore.ParseDoc(base)
		if !exists || len(base) == 0 {
			title := "# Log session — " + pl.Today
			if cfg.Language == "en" {
				title = "# Session log — " + pl.Today
			}
			d = memstore.ParseDoc([]byte(title + "\n"))
		}
		lang := d.Language(cfg.Language)
		for _, it := range pl.Carried {
			d.AppendBullet(memstore.KeyASuivre, memstore.Heading(memstore.KeyASuivre, lang), it.Text, memstore.LogOrder)
		}
		labels := map[string]string{}
		for _, it := range pl.Carried {
			labels[it.Text] = it.Date
		}
		pl.today = newEdit(rel(path), base, exists, d.Bytes(), fmt.Sprintf("%s carried from archived logs", plural(len(pl.Carried), "open item")), labels)
		if pl.today != nil {
			pl.Changes = append(pl.Changes, pl.today)
		}
	}

	// long memory: consolidate, then condense
	lmPath := p.LongMemoryPath()
	base, exists, err := readMaybe(lmPath)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", rel(lmPath), err)
	}
	lm := memstore.ParseDoc(base)
	sources := old
	if opts.Recent {
		sources = append(append([]logDoc{}, old...), recent...)
	}
	var cands []Item
	for _, ld := range sources {
		for _, sb := range ld.doc.AllBullets() {
			k := sb.Section.Key
			if (k == memstore.KeyConnaissances || k == memstore.KeyDecisions) && !sb.Bullet.Done() && sb.Bullet.Text != "" {
				cands = append(cands, Item{Date: ld.lf.Date, Key: k, Text: sb.Bullet.Text})
			}
		}
	}
	if len(cands) > 0 {
		have := lm.AllBullets()
		corpus := make([]string, 0, len(have)+len(cands))
		for _, b := range have {
			corpus = append(corpus, b.Bullet.Text)
		}
		for _, c := range cands {
			corpus = append(corpus, c.Text)
		}
		x := newIndex(corpus)
		for _, b := range have {
			x.add(b.Bullet.Text)
		}
		for _, c := range cands {
			if x.find(c.Text) >= 0 {
				pl.Known++
				continue
			}
			if why := memstore.DetectSecret(c.Text); why != "" {
				pl.Notes = append(pl.Notes, fmt.Sprintf("an item of %s is not proposed for long memory: it %s", c.Date, why))
				continue
			}
			x.add(c.Text)
			pl.Facts = append(pl.Facts, c)
		}
	}
	lmBefore := base
	if len(pl.Facts) > 0 {
		if !exists || len(base) == 0 {
			title := "# Mémoire long terme — " + p.Name
			if cfg.Language == "en" {
				title = "# Long-term memory — " + p.Name
			}
			lmBefore = []byte(title + "\n")
		}
	}
	l := parseLM(lmBefore)
	for _, f := range pl.Facts {
		l.addFact(f.Date, f.Text)
	}
	after, info, err := condense(l.bytes(), opts.MaxLines, cfg.Language, opts.Condenser)
	if err != nil {
		return nil, err
	}
	pl.Merges, pl.Folded, pl.Joined = info.merges, info.folded, info.joined
	if info.secrets > 0 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("left out %d of the model's bullets: they look like secrets", info.secrets))
	}
	if info.over > 0 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("long memory stays %d lines over its %d-line limit: what is left are distinct facts; edit it by hand or raise long_memory_max_lines", info.over, opts.MaxLines))
	}
	pl.LinesBefore, pl.LinesAfter = lineCount(base), lineCount(after)
	pl.FactsBefore, pl.FactsAfter = len(memstore.ParseDoc(base).AllBullets()), len(memstore.ParseDoc(after).AllBullets())
	pl.Lost = lostFacts(base, after)
	if err := guard(pl.Lost, pl.FactsBefore, opts.Force); err != nil {
		pl.Refused = err
	}
	labels := map[string]string{}
	for _, f := range pl.Facts {
		labels[f.Text] = f.Date
	}
	pl.longMem = newEdit(rel(lmPath), base, exists, after, pl.longMemNote(info), labels)
	if pl.longMem != nil {
		pl.Changes = append(pl.Changes, pl.longMem)
	}
	return pl, nil
}

// longMemNote says what the long-memory change does.
func (pl *Plan) longMemNote(info condensed) string {
	var parts []string
	if n := len(pl.Facts); n > 0 {
		parts = append(parts, plural(n, "fact")+" added")
	}
	if n := len(info.merges); n > 0 {
		parts = append(parts, plural(n, "duplicate")+" merged")
	}
	if n := len(info.folded); n > 0 {
		parts = append(parts, fmt.Sprintf("%s condensed (%s → %s)", plural(n, "section"), info.folded[0], info.folded[len(info.folded)-1]))
	}
	if info.joined > 0 {
		parts = append(parts, plural(info.joined, "fact")+" joined")
	}
	if info.model {
		parts = append(parts, "condensed section rewritten by the model")
	}
	return strings.Join(parts, ", ")
}

// guard refuses dropping more than GuardLimit of total facts, unless forced.
func guard(lost []string, total int, force bool) error {
	if force || total == 0 || float64(len(lost)) <= GuardLimit*float64(total) {
		return nil
	}
	return &GuardError{Lost: lost, Total: total}
}

// openBullets lists the texts of a log's open À suivre items.
func openBullets(d *memstore.Doc) []string {
	var out []string
	for _, s := range d.Sections() {
		if s.Key != memstore.KeyASuivre {
			continue
		}
		for _, b := range d.Bullets(s) {
			if !b.Done() && b.Text != "" {
				out = append(out, b.Text)
			}
		}
	}
	return out
}

// lostFacts lists the bullets of before that after no longer says: gone, and neither a
// near-duplicate of a bullet of after nor contained in one (a merged or joined fact).
func lostFacts(before, after []byte) []string {
	bb := memstore.ParseDoc(before).AllBullets()
	ab := memstore.ParseDoc(after).AllBullets()
	have := make(map[string]bool, len(ab))
	texts := make([]string, 0, len(ab))
	for _, b := range ab {
		have[b.Bullet.Text] = true
		texts = append(texts, b.Bullet.Text)
	}
	var missing []string
	for _, b := range bb {
		if !have[b.Bullet.Text] {
			missing = append(missing, b.Bullet.Text)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	corpus := append(append([]string{}, texts...), missing...)
	for _, t := range texts {
		corpus = append(corpus, strings.Split(t, "; ")...)
	}
	x := newIndex(corpus)
	norms := make([]string, len(texts))
	for i, t := range texts {
		x.add(t)
		norms[i] = memstore.Normalize(t)
	}
	// the parts of a joined bullet ("a; b") are facts of their own
	for _, t := range texts {
		if parts := strings.Split(t, "; "); len(parts) > 1 {
			for _, part := range parts {
				x.add(part)
			}
		}
	}
	var lost []string
	for _, m := range missing {
		if x.find(m) >= 0 {
			continue
		}
		n := memstore.Normalize(m)
		found := false
		for _, o := range norms {
			if n != "" && strings.Contains(o, n) {
				found = true
				break
			}
		}
		if !found {
			lost = append(lost, m)
		}
	}
	return lost
}

// lineCount is the number of lines of a file's content.
func lineCount(data []byte) int { return len(memstore.ParseDoc(data).Lines()) }

// readMaybe reads a file that may not exist.
func readMaybe(path string) (data []byte, exists bool, err error) {
	data, err = os.ReadFile(path)
	switch {
	case err == nil:
		return data, true, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil
	}
	return nil, false, unwrapPath(err)
}

func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
