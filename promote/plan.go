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
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"carnet/memstore"
	"carnet/secret"
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

// Item is a bullet a plan takes from a daily log.
type Item struct {
	Date string // the log it comes from (YYYY-MM-DD)
	Key  string // its section: memstore.KeyASuivre, KeyConnaissances or KeyDecisions
	Text string
	// Unproven: a fact capture or a model wrote without evidence; its hunk comes unticked.
	Unproven bool
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

	where   string // the project's workspace root and memory folder, to check Apply gets the same project
	today   *Change
	longMem *Change
	imp     *importInfo // set for an import (ComputeImport)
}

// Empty reports whether the plan proposes nothing.
func (pl *Plan) Empty() bool { return len(pl.Changes) == 0 }

// Summary is the plan in one line: "archive 12 logs (3 open items carried), add 5 facts to
// long memory, long memory 341 → 287 lines (4 duplicates merged, 9 sections condensed)", or
// "nothing to promote".
func (pl *Plan) Summary() string {
	if pl.imp != nil {
		return pl.imp.summary()
	}
	var parts []string
	if n := len(pl.Archived); n > 0 {
		s := "archive " + memstore.Plural(n, "log")
		if c := len(pl.Carried); c > 0 {
			s += fmt.Sprintf(" (%s carried)", memstore.Plural(c, "open item"))
		}
		parts = append(parts, s)
	} else if c := len(pl.Carried); c > 0 {
		parts = append(parts, "carry "+memstore.Plural(c, "open item"))
	}
	if n := len(pl.Facts); n > 0 {
		parts = append(parts, pl.factsPart(n))
	}
	if pl.longMem != nil {
		s := fmt.Sprintf("long memory %d → %d lines", pl.LinesBefore, pl.LinesAfter)
		var how []string
		if n := len(pl.Merges); n > 0 {
			how = append(how, memstore.Plural(n, "duplicate")+" merged")
		}
		if n := len(pl.Folded); n > 0 {
			how = append(how, memstore.Plural(n, "section")+" condensed")
		}
		if pl.Joined > 0 {
			how = append(how, memstore.Plural(pl.Joined, "fact")+" joined")
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

// Compute plans the promotion of p as of now, reading the project's files and writing
// nothing. It fails when a file cannot be read or the Condenser fails; a plan that drops too
// many facts comes back with Refused set, so that it can still be shown.
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
	pl := &Plan{Project: p.Name, Today: memstore.Date(now), Options: opts, where: projectKey(p)}
	pp := &planner{pl: pl, p: p}
	if err := pp.archive(memstore.Date(now.AddDate(0, 0, -opts.Days))); err != nil {
		return nil, err
	}
	if err := pp.carry(); err != nil {
		return nil, err
	}
	if err := pp.longMemory(); err != nil {
		return nil, err
	}
	return pl, nil
}

// projectKey names a project of a workspace, so that Apply refuses a plan of another.
func projectKey(p *memstore.Project) string { return p.WS.Root + "\x00" + p.RelDir }

// planner holds what the steps of Compute share.
type planner struct {
	pl *Plan
	p  *memstore.Project
	// old are the logs to archive, recent those that stay; both oldest first
	old, recent []logDoc
	tried       int                               // items tried without effect, never proposed for long memory
	captured    map[string]func(text string) bool // per log, capture's bullets (memstore's ledger)
}

// logDoc is a daily log as read.
type logDoc struct {
	lf  memstore.LogFile
	doc *memstore.Doc
}

// archive reads the logs and plans moving those dated before cutoff to logs/archives/.
func (pp *planner) archive(cutoff string) error {
	pl, p := pp.pl, pp.p
	logs, err := p.Logs()
	if err != nil {
		return fmt.Errorf("cannot list the logs of %s: %w", p.Name, err)
	}
	archives, err := p.Archives()
	if err != nil {
		return fmt.Errorf("cannot list the archives of %s: %w", p.Name, err)
	}
	archivedAlready := map[string]bool{}
	for _, a := range archives {
		archivedAlready[a.Date] = true
	}
	for _, lf := range slices.Backward(logs) { // logs are newest first

		data, err := pp.p.ReadFile(lf.Path)
		if err != nil {
			return fmt.Errorf("cannot read %s: %w", lf.Path, unwrapPath(err))
		}
		ld := logDoc{lf, memstore.ParseDoc(data)}
		if lf.Date >= cutoff || lf.Date >= pl.Today {
			pp.recent = append(pp.recent, ld)
			continue
		}
		to := path.Join(p.ArchivesDir(), path.Base(lf.Path))
		if archivedAlready[lf.Date] {
			pl.Notes = append(pl.Notes, fmt.Sprintf("%s stays where it is: %s already exists", lf.Path, to))
			pp.recent = append(pp.recent, ld)
			continue
		}
		pp.old = append(pp.old, ld)
		pl.Archived = append(pl.Archived, lf.Date)
		pl.Changes = append(pl.Changes, newMove(lf.Path, to, data, ""))
	}
	return nil
}

// carry plans carrying the open items of archived logs into today's log, unless a log that
// stays has them open already.
func (pp *planner) carry() error {
	pl, cfg := pp.pl, pp.p.WS.Config
	var stays, carry []string
	var from []Item
	for _, ld := range pp.recent {
		stays = append(stays, openBullets(ld.doc)...)
	}
	bodies := map[Item][]string{} // the lines nested under an item go with it
	for _, ld := range pp.old {
		for _, s := range ld.doc.Sections() {
			if s.Key != memstore.KeyNext {
				continue
			}
			for _, b := range ld.doc.Bullets(s) {
				if b.Done() || b.Text == "" {
					continue
				}
				it := Item{Date: ld.lf.Date, Key: memstore.KeyNext, Text: b.Text}
				from = append(from, it)
				carry = append(carry, b.Text)
				bodies[it] = ld.doc.BulletBody(b)
			}
		}
	}
	if len(carry) == 0 {
		return nil
	}
	x := memstore.NewDedupIndex(append(append([]string{}, stays...), carry...))
	for _, s := range stays {
		x.Add(s)
	}
	perLog := map[string]int{}
	for _, it := range from {
		if x.Find(it.Text) >= 0 {
			continue
		}
		if why := secret.Detect(it.Text); why != "" {
			pl.Notes = append(pl.Notes, fmt.Sprintf("an open item of %s is not carried (it looks like a secret: %s)", it.Date, why))
			continue
		}
		x.Add(it.Text)
		pl.Carried = append(pl.Carried, it)
		perLog[it.Date]++
	}
	for _, c := range pl.Changes {
		if n := perLog[strings.TrimSuffix(filepath.Base(c.From), ".md")]; c.Kind == Move && n > 0 {
			c.Note = fmt.Sprintf("%s carried into %s", memstore.Plural(n, "open item"), pl.Today)
		}
	}
	if len(pl.Carried) == 0 {
		return nil
	}

	path := pp.p.LogPath(pl.Today)
	base, exists, err := readMaybe(pp.p, path)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", path, err)
	}
	d := memstore.ParseDoc(base)
	if len(base) == 0 {
		title := "# Log session — " + pl.Today // as memstore starts a log
		if cfg.Language == "en" {
			title = "# Session log — " + pl.Today
		}
		d = memstore.ParseDoc([]byte(title + "\n"))
	}
	lang := d.Language(cfg.Language)
	labels := map[string]string{}
	for _, it := range pl.Carried {
		text := memstore.CarriedText(it.Text, it.Date, lang) // it keeps the day it was first written
		d.AppendBullet(memstore.KeyNext, memstore.Heading(memstore.KeyNext, lang), text, memstore.LogOrder, bodies[it]...)
		labels[text] = it.Date
	}
	pl.today = newEdit(path, base, exists, d.Bytes(), fmt.Sprintf("%s carried from archived logs", memstore.Plural(len(pl.Carried), "open item")), labels)
	if pl.today != nil {
		pl.Changes = append(pl.Changes, pl.today)
	}
	return nil
}

// longMemory plans long memory: the durable items of archived logs (of recent ones too with
// Options.Recent) that it does not say yet, each under its log's date; then condensation;
// then the loss guard.
func (pp *planner) longMemory() error {
	pl, p, cfg, opts := pp.pl, pp.p, pp.p.WS.Config, pp.pl.Options
	lmPath := p.LongMemoryPath()
	base, exists, err := readMaybe(pp.p, lmPath)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", lmPath, err)
	}
	sources := pp.old
	if opts.Recent {
		sources = append(append([]logDoc{}, pp.old...), pp.recent...)
	}
	var cands []Item
	for _, ld := range sources {
		for _, sb := range ld.doc.AllBullets() {
			k := sb.Section.Key
			if (k == memstore.KeyKnowledge || k == memstore.KeyDecisions) && !sb.Bullet.Done() && sb.Bullet.Text != "" {
				if it, ok := pp.proofOf(ld, Item{Date: ld.lf.Date, Key: k, Text: sb.Bullet.Text}); ok {
					cands = append(cands, it)
				}
			}
		}
	}
	if len(cands) > 0 {
		have := memstore.ParseDoc(base).AllBullets()
		corpus := make([]string, 0, len(have)+len(cands))
		for _, b := range have {
			corpus = append(corpus, b.Bullet.Text)
		}
		for _, c := range cands {
			corpus = append(corpus, c.Text)
		}
		x := memstore.NewDedupIndex(corpus)
		for _, b := range have {
			x.Add(b.Bullet.Text)
		}
		gone := goneFacts(p, sources, cands)
		for _, c := range cands {
			if x.Find(c.Text) >= 0 {
				pl.Known++
				continue
			}
			if why, ok := gone[c.Date+"\x00"+c.Text]; ok {
				pl.Notes = append(pl.Notes, fmt.Sprintf("an item of %s is not proposed for long memory: what it names is gone (%s)", c.Date, why))
				continue
			}
			if why := secret.Detect(c.Text); why != "" {
				pl.Notes = append(pl.Notes, fmt.Sprintf("an item of %s is not proposed for long memory (it looks like a secret: %s)", c.Date, why))
				continue
			}
			x.Add(c.Text)
			pl.Facts = append(pl.Facts, c)
		}
	}
	start := base
	if len(pl.Facts) > 0 && len(base) == 0 {
		title := "# Mémoire long terme — " + p.Name // as memstore starts long memory
		if cfg.Language == "en" {
			title = "# Long-term memory — " + p.Name
		}
		start = []byte(title + "\n")
	}
	lm := memstore.ParseDoc(start)
	provenFirst(pl.Facts)
	for _, f := range pl.Facts {
		lm.AddDatedBullet(f.Date, f.Text, longDate)
	}
	after, info, err := condense(render(lm, noFinalNewline(start)), opts.MaxLines, cfg.Language, opts.Condenser)
	if err != nil {
		return err
	}
	pl.Merges, pl.Folded, pl.Joined = info.merges, info.folded, info.joined
	if info.secrets > 0 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("left out %d of the model's bullets: they look like secrets", info.secrets))
	}
	if info.over > 0 {
		pl.Notes = append(pl.Notes, fmt.Sprintf("long memory stays %d lines over its %d-line limit: what is left are distinct facts; edit it by hand or raise long_memory_max_lines", info.over, opts.MaxLines))
	}
	pl.LinesBefore, pl.LinesAfter = memstore.CountLines(base), memstore.CountLines(after)
	pl.FactsBefore, pl.FactsAfter = len(memstore.ParseDoc(base).AllBullets()), len(memstore.ParseDoc(after).AllBullets())
	pl.Lost = lostFacts(base, after)
	if err := guard(pl.Lost, pl.FactsBefore, opts.Force); err != nil {
		pl.Refused = err
	}
	labels := map[string]string{}
	for _, f := range pl.Facts {
		labels[f.Text] = factLabel(f)
	}
	pl.longMem = newEdit(lmPath, base, exists, after, pl.longMemNote(info), labels)
	if pl.longMem != nil {
		pl.longMem.Why = whyRemoved(pl.longMem, info.merges, info.model)
		pl.Changes = append(pl.Changes, pl.longMem)
	}
	pl.untickUnproven(pp.tried)
	return nil
}

// longMemNote says what the long-memory change does.
func (pl *Plan) longMemNote(info condensed) string {
	var parts []string
	if n := len(pl.Facts); n > 0 {
		parts = append(parts, memstore.Plural(n, "fact")+" added")
	}
	if n := len(info.merges); n > 0 {
		parts = append(parts, memstore.Plural(n, "duplicate")+" merged")
	}
	if n := len(info.folded); n > 0 {
		parts = append(parts, fmt.Sprintf("%s condensed (%s → %s)", memstore.Plural(n, "section"), info.folded[0], info.folded[len(info.folded)-1]))
	}
	if info.joined > 0 {
		parts = append(parts, memstore.Plural(info.joined, "fact")+" joined")
	}
	if info.model {
		parts = append(parts, "condensed section rewritten by the model")
	}
	return strings.Join(parts, ", ")
}

// openBullets lists the texts of a log's open À suivre items.
func openBullets(d *memstore.Doc) []string {
	var out []string
	for _, s := range d.Sections() {
		if s.Key != memstore.KeyNext {
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

// readMaybe reads a memory file that may not exist; a symbolic link is an error.
func readMaybe(p *memstore.Project, path string) (data []byte, exists bool, err error) {
	data, err = p.ReadFile(path)
	switch {
	case err == nil:
		return data, true, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, false, nil
	}
	return nil, false, unwrapPath(err)
}

func unwrapPath(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}
