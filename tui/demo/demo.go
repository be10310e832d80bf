// Package demo builds a realistic sample workspace for `carnet demo`, the screenshots and the
// benchmarks: several projects, weeks of daily logs with open and ticked items, a long memory
// over its limit (so promotion has work) and a git history made commit by commit. Content is
// drawn from fixed pools with a fixed seed: the same options give the same files.
package demo

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/go-git/go-git/v5"

	"carnet/memstore"
)

// Options says what to build. The zero value is the demo: 3 projects, 45 days, git.
type Options struct {
	Now      time.Time // "today"; logs are dated before it (default: time.Now)
	Projects int       // how many projects (default 3)
	Days     int       // days of logs per project (default 45)
	Archived int       // older logs already archived, for the first project (default 10)
	Seed     uint64    // content seed (default 2026)
	Git      bool      // make a git repository and a history of commits
	// Pending leaves the last day's log of the first project uncommitted (an agent's hook
	// wrote it after the last commit), so the timeline has something to commit.
	Pending bool
	// LogKB pads one log of the first project to about this many kilobytes (benchmarks).
	LogKB int
	// Dense writes a log every day (benchmarks: projects × days logs exactly).
	Dense bool
	// Lang is the language of the memory and of carnet.toml's language line: "fr" or "en".
	// "" writes French and leaves the language to carnet.toml's default (the tests' fixtures).
	Lang string
}

// Default is the workspace `carnet demo` builds.
func Default(now time.Time) Options {
	return Options{Now: now, Projects: 3, Days: 45, Archived: 10, Seed: 2026, Git: true, Pending: true}
}

// Summary says what Build made.
type Summary struct {
	Projects []string
	Logs     int // daily logs, archived ones included
	Archived int // of which in logs/archives/
	Commits  int
}

// Build writes the sample workspace into dir (created if needed; it must be empty or absent).
func Build(dir string, opts Options) (*Summary, error) {
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	if opts.Projects <= 0 {
		opts.Projects = 3
	}
	if opts.Days <= 0 {
		opts.Days = 45
	}
	if opts.Seed == 0 {
		opts.Seed = 2026
	}
	if ents, err := os.ReadDir(dir); err == nil && len(ents) > 0 {
		return nil, fmt.Errorf("%s is not empty: carnet demo builds its workspace in a new folder", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	b := &builder{root: abs, opts: opts, rng: rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15))}
	if err := b.build(); err != nil {
		return nil, err
	}
	return &b.sum, nil
}

type builder struct {
	root  string
	opts  Options
	rng   *rand.Rand
	sum   Summary
	repo  bool
	projs []*project
}

// project is one sample project while it is being written.
type project struct {
	th     theme
	lang   string // "en", else French
	name   string
	dir    string // memory_sessions, absolute
	logs   map[string]*dayLog
	long   []longSection
	ticks  map[string][]tickEvent // date → items ticked that day
	subIdx int
	asked  map[string]bool // every open item drawn so far: carnet's merge never opens one twice
}

type longSection struct {
	date  string
	facts []string
}

type tickEvent struct {
	log  string // date of the log holding the item
	text string
}

func (b *builder) build() error {
	if b.opts.Git {
		if _, err := git.PlainInit(b.root, false); err != nil {
			return fmt.Errorf("git init: %w", err)
		}
		b.repo = true
	}
	pool := themes
	if b.en() {
		pool = themesEN
	}
	for i := 0; i < b.opts.Projects; i++ {
		th := pool[i%len(pool)]
		if i >= len(pool) {
			name := extraThemes[(i-len(pool))%len(extraThemes)]
			if n := (i - len(pool)) / len(extraThemes); n > 0 {
				name = fmt.Sprintf("%s_%d", name, n+1)
			}
			th.name, th.dir = name, "projects/"+name
		}
		p := &project{th: th, lang: b.opts.Lang, name: th.name, dir: filepath.Join(b.root, filepath.FromSlash(th.dir), memstore.MemoryDir),
			logs: map[string]*dayLog{}, ticks: map[string][]tickEvent{}}
		if _, err := memstore.InitIn(b.root, th.dir, b.opts.Lang); err != nil {
			return err
		}
		b.projs = append(b.projs, p)
		b.sum.Projects = append(b.sum.Projects, p.name)
	}
	if err := b.writeReadme(); err != nil {
		return err
	}
	for i, p := range b.projs {
		b.planLongMemory(p, i == 0)
		b.planLogs(p, i == 0)
	}
	return b.writeHistory()
}

// en says the demo is in English.
func (b *builder) en() bool { return b.opts.Lang == "en" }

// say is a demo's own wording in its language.
func (b *builder) say(fr, en string) string {
	if b.en() {
		return en
	}
	return fr
}

// day is the date n days before today.
func (b *builder) day(n int) string { return memstore.Date(b.opts.Now.AddDate(0, 0, -n)) }

// pick draws one element.
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// fill puts subject in a template's first %s and a slug of it in the others.
func fill(tpl, subject string) string {
	s := strings.Replace(tpl, "%s", subject, 1)
	s = strings.ReplaceAll(s, "%s", slug(subject))
	for _, c := range [][2]string{{"de le ", "du "}, {"de les ", "des "}, {"à le ", "au "}, {"à les ", "aux "}} {
		s = strings.ReplaceAll(s, c[0], c[1])
	}
	return upperFirst(s)
}

func upperFirst(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == 'é' || r == 'è' || r == 'ê':
			b.WriteRune('e')
		case r == ' ' || r == '-' || r == '\'':
			if b.Len() > 0 && !strings.HasSuffix(b.String(), "-") {
				b.WriteRune('-')
			}
		}
	}
	return strings.Trim(b.String(), "-")
}

// planLongMemory lays out long_memory.md as dated sections; the first project's goes over the
// limit, with a few near-duplicates for promotion to merge.
func (b *builder) planLongMemory(p *project, big bool) {
	var facts []string
	facts = append(facts, p.th.facts...)
	for _, tpls := range [][]string{p.th.learn, p.th.decision} {
		for _, t := range tpls {
			for _, s := range p.th.subjects {
				facts = append(facts, fill(t, s))
			}
		}
	}
	b.rng.Shuffle(len(facts), func(i, j int) { facts[i], facts[j] = facts[j], facts[i] })
	n := len(facts) * 2 / 3
	if big {
		for _, t := range p.th.problem { // known pitfalls, worth remembering
			for _, s := range p.th.subjects {
				facts = append(facts, b.say("Piège connu : ", "Known pitfall: ")+lowerFirst(fill(t, s)))
			}
		}
		n = len(facts)
		for i := range 20 { // the same fact said again later, slightly reworded
			facts = append(facts, strings.TrimSuffix(facts[i*3], ".")+b.say(" (confirmé).", " (confirmed)."))
		}
	}
	facts = facts[:min(len(facts), n+20)]
	if !big {
		facts = facts[:min(len(facts), n)]
	}
	var chunks [][]string
	for len(facts) > 0 {
		k := min(len(facts), 2+b.rng.IntN(3))
		chunks = append(chunks, facts[:k])
		facts = facts[k:]
	}
	const span = 150 // days of long memory, the last sections inside the logs' window
	for i, c := range chunks {
		p.long = append(p.long, longSection{date: b.day(span - (span-2)*i/max(len(chunks)-1, 1)), facts: c})
	}
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToLower(string(r[0])) + string(r[1:])
}

// planLogs draws the daily logs (about three days in four), their open items and which of
// them get ticked later; the first project also gets archived logs.
func (b *builder) planLogs(p *project, first bool) {
	days := b.opts.Days
	for n := days - 1; n >= 0; n-- {
		if n > 0 && !b.opts.Dense && b.rng.IntN(4) == 0 {
			continue
		}
		p.logs[b.day(n)] = b.drawLog(p, b.day(n))
	}
	if first {
		for k := 0; k < b.opts.Archived; k++ {
			date := b.day(days + 20 + 2*k)
			l := b.drawLog(p, date)
			l.archived = true
			l.done, l.open = append(l.done, l.open...), nil
			p.logs[date] = l
		}
		if b.opts.LogKB > 0 {
			big := p.logs[b.day(0)]
			for big.size() < b.opts.LogKB*1000 {
				big.work = append(big.work, fill(pick(b.rng, p.th.work), pick(b.rng, p.th.subjects)))
				big.learn = append(big.learn, fill(pick(b.rng, p.th.learn), pick(b.rng, p.th.subjects)))
			}
		}
	}
	// Some open items get ticked a few days later, in the log that holds them.
	for _, date := range sortedDates(p.logs) {
		l := p.logs[date]
		if l.archived {
			continue
		}
		for _, it := range l.open {
			if b.rng.IntN(5) < 4 {
				n := daysBetween(b.opts.Now, date) - 1 - b.rng.IntN(6)
				if n >= 0 {
					when := b.day(n)
					p.ticks[when] = append(p.ticks[when], tickEvent{log: date, text: it})
				}
			}
		}
	}
}

func daysBetween(now time.Time, date string) int {
	t, _ := time.ParseInLocation("2006-01-02", date, now.Location())
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, now.Location())
	return int(today.Sub(t).Hours()/24 + 0.5)
}

func (b *builder) drawLog(p *project, date string) *dayLog {
	r := b.rng
	subj := p.th.subjects[p.subIdx%len(p.th.subjects)]
	if r.IntN(3) == 0 {
		p.subIdx++
	}
	other := pick(r, p.th.subjects)
	l := &dayLog{date: date, lang: b.opts.Lang}
	l.context = []string{fill(pick(r, p.th.context), subj)}
	if r.IntN(3) > 0 {
		l.goal = []string{fill(pick(r, p.th.goal), subj)}
	}
	if r.IntN(2) == 0 {
		l.problems = []string{fill(pick(r, p.th.problem), subj)}
	}
	l.work = []string{fill(pick(r, p.th.work), subj)}
	if r.IntN(2) == 0 {
		l.work = append(l.work, fill(pick(r, p.th.work), other))
	}
	if r.IntN(3) > 0 {
		l.learn = []string{fill(pick(r, p.th.learn), subj)}
	}
	if r.IntN(3) == 0 {
		l.decisions = []string{fill(pick(r, p.th.decision), subj)}
	}
	if p.asked == nil {
		p.asked = map[string]bool{}
	}
	for k := 0; k < 1+r.IntN(3); k++ {
		it := fill(pick(r, p.th.next), pick(r, []string{subj, other}))
		if !p.asked[it] {
			p.asked[it] = true
			l.open = append(l.open, it)
		}
	}
	return l
}

func sortedDates[T any](m map[string]T) []string {
	out := make([]string, 0, len(m))
	for d := range m {
		out = append(out, d)
	}
	sort.Strings(out)
	return out
}

func (b *builder) writeReadme() error {
	text := b.say("# Espace de travail d'exemple\n\nFait par `carnet demo` : trois projets dont les agents de code gardent leur mémoire dans\n"+
		"`projects/*/memory_sessions/`. L'ouvrir avec `carnet --root .`.\n",
		"# Sample workspace\n\nBuilt by `carnet demo`: three projects whose coding agents keep their memory in\n"+
			"`projects/*/memory_sessions/`. Open it with `carnet --root .`.\n")
	return os.WriteFile(filepath.Join(b.root, "README.md"), []byte(text), 0o644)
}
