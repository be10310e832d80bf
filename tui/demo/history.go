package demo

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// dayLog is one daily log of a sample project.
type dayLog struct {
	date                    string
	lang                    string // "en", else French
	archived                bool
	context, goal, problems []string
	work, learn, decisions  []string
	open                    []string // À suivre when written
	done                    []string // already in Finalisé when written
}

func (l *dayLog) size() int { return len(l.render(nil)) }

// render writes the log as carnet writes it, items in ticked moved to Finalisé with ✅.
func (l *dayLog) render(ticked map[string]bool) string {
	var b strings.Builder
	if l.lang == "en" {
		b.WriteString("# Session log — " + l.date + "\n")
	} else {
		b.WriteString("# Log session — " + l.date + "\n")
	}
	sec := func(h string, items []string, prefix string) {
		if len(items) == 0 {
			return
		}
		b.WriteString("\n## " + h + "\n")
		for _, it := range items {
			b.WriteString("- " + prefix + it + "\n")
		}
	}
	var open, done []string
	done = append(done, l.done...)
	for _, it := range l.open {
		if ticked[it] {
			done = append(done, it)
		} else {
			open = append(open, it)
		}
	}
	h := func(key string) string { return memstore.Heading(key, l.lang) }
	sec(h(memstore.KeyContext), l.context, "")
	sec(h(memstore.KeyGoal), l.goal, "")
	sec(h(memstore.KeyProblems), l.problems, "")
	sec(h(memstore.KeyKnowledge), l.learn, "")
	sec(h(memstore.KeyWork), l.work, "")
	sec(h(memstore.KeyDecisions), l.decisions, "")
	sec(h(memstore.KeyNext), open, "")
	sec(h(memstore.KeyDone), done, "✅ ")
	return b.String()
}

// renderLong writes long_memory.md with the sections dated up to until.
func (p *project) renderLong(until string) string {
	var b strings.Builder
	if p.lang == "en" {
		b.WriteString("# Long-term memory — " + p.name + "\n")
	} else {
		b.WriteString("# Mémoire long terme — " + p.name + "\n")
	}
	for _, s := range p.long {
		if s.date > until {
			break
		}
		b.WriteString("\n## " + s.date + "\n")
		for _, f := range s.facts {
			b.WriteString("- " + f + "\n")
		}
	}
	return b.String()
}

// writeState writes the project's files as they stood at the end of day until.
func (b *builder) writeState(p *project, until string) error {
	ticked := map[string]map[string]bool{}
	for _, when := range sortedDates(p.ticks) {
		if when > until {
			break
		}
		for _, t := range p.ticks[when] {
			if ticked[t.log] == nil {
				ticked[t.log] = map[string]bool{}
			}
			ticked[t.log][t.text] = true
		}
	}
	if err := os.MkdirAll(filepath.Join(p.dir, "logs", "archives"), 0o755); err != nil {
		return err
	}
	for _, date := range sortedDates(p.logs) {
		if date > until {
			break
		}
		l := p.logs[date]
		path := filepath.Join(p.dir, "logs", date+".md")
		if l.archived {
			path = filepath.Join(p.dir, "logs", "archives", date+".md")
		}
		if err := writeIfChanged(path, l.render(ticked[date])); err != nil {
			return err
		}
	}
	if len(p.long) > 0 && p.long[0].date <= until {
		return writeIfChanged(filepath.Join(p.dir, "long_memory.md"), p.renderLong(until))
	}
	return nil
}

func writeIfChanged(path, text string) error {
	if old, err := os.ReadFile(path); err == nil && string(old) == text {
		return nil
	}
	return os.WriteFile(path, []byte(text), 0o644)
}

// countLogs adds a project's logs to the summary.
func (b *builder) countLogs(p *project) {
	b.sum.Logs += len(p.logs)
	for _, l := range p.logs {
		if l.archived {
			b.sum.Archived++
		}
	}
}

// writeHistory writes the files day by day and, with git, commits each day's changes as the
// hook or a person would have: an import first, then one commit per project and day.
func (b *builder) writeHistory() error {
	days := b.opts.Days
	if !b.repo {
		for _, p := range b.projs {
			if err := b.writeState(p, b.day(0)); err != nil {
				return err
			}
			b.countLogs(p)
		}
		return nil
	}
	envMu.Lock() // the commits' authors and dates go through the process's environment
	defer envMu.Unlock()
	defer restoreEnv(saveEnv())
	start := b.day(days)
	var paths []string
	for _, p := range b.projs {
		if err := b.writeState(p, start); err != nil {
			return err
		}
		paths = append(paths, filepath.Dir(p.dir))
		b.countLogs(p)
	}
	paths = append(paths, filepath.Join(b.root, "README.md"), filepath.Join(b.root, memstore.ConfigFile))
	if err := b.commit(paths, "Import the memory of the sample projects", days, 0, 0); err != nil {
		return err
	}
	for n := days - 1; n >= 0; n-- {
		date := b.day(n)
		for i, p := range b.projs {
			l, hasLog := p.logs[date]
			ticks := p.ticks[date]
			if !hasLog && len(ticks) == 0 && !p.hasLongOn(date) {
				continue
			}
			if err := b.writeState(p, date); err != nil {
				return err
			}
			if n == 0 && i == 0 && b.opts.Pending {
				continue // today's session of the first project is not committed yet
			}
			msg, who := b.message(p, date, l, ticks)
			if err := b.commit([]string{p.dir}, msg, n, i, who); err != nil {
				return err
			}
		}
	}
	return nil
}

func (p *project) hasLongOn(date string) bool {
	for _, s := range p.long {
		if s.date == date {
			return true
		}
	}
	return false
}

// message is the commit message of a project's day, as carnet writes it, and who made it (an
// index in authors).
func (b *builder) message(p *project, date string, l *dayLog, ticks []tickEvent) (string, int) {
	say := func(writer, what string) string {
		return memstore.CommitMessage(p.name, memstore.Change{Writer: writer, What: what})
	}
	switch {
	case l != nil && len(ticks) > 0:
		return say("hook", fmt.Sprintf("session of %s, %s ticked", date, memstore.Plural(len(ticks), "open item"))), 2
	case l != nil:
		n := len(l.context) + len(l.goal) + len(l.problems) + len(l.work) + len(l.learn) + len(l.decisions) + len(l.open)
		return say("hook", fmt.Sprintf("session of %s, %s", date, memstore.Plural(n, "item"))), 2
	case len(ticks) > 0:
		return say("ui", "tick "+memstore.Plural(len(ticks), "item")), b.rng.IntN(2)
	}
	return say("ui", "long-term facts of "+date), b.rng.IntN(2)
}

// commit commits paths as author who, n days ago, at a time of day that varies by project.
func (b *builder) commit(paths []string, msg string, n, proj, who int) error {
	t := b.opts.Now.AddDate(0, 0, -n)
	t = time.Date(t.Year(), t.Month(), t.Day(), 9+proj*2, 0, 0, 0, t.Location()).Add(time.Duration(b.rng.IntN(110)) * time.Minute)
	if t.After(b.opts.Now) {
		t = b.opts.Now.Add(-time.Duration(proj+1) * 7 * time.Minute)
	}
	a := authors[who%len(authors)]
	for _, role := range []string{"AUTHOR", "COMMITTER"} {
		os.Setenv("GIT_"+role+"_NAME", a.name)
		os.Setenv("GIT_"+role+"_EMAIL", a.email)
		os.Setenv("GIT_"+role+"_DATE", t.Format(time.RFC3339))
	}
	repo, err := gitrepo.Open(b.root)
	if err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	res, err := repo.CommitPaths(context.Background(), paths, msg)
	if err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	if res.Hash != "" {
		b.sum.Commits++
	}
	return nil
}

// envMu keeps two builds of one process (parallel tests) from mixing their authors and
// dates, which they set in the environment for each commit.
var envMu sync.Mutex

var gitEnv = []string{"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_AUTHOR_DATE", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_COMMITTER_DATE"}

func saveEnv() map[string]*string {
	m := map[string]*string{}
	for _, k := range gitEnv {
		if v, ok := os.LookupEnv(k); ok {
			m[k] = &v
		} else {
			m[k] = nil
		}
	}
	return m
}

func restoreEnv(m map[string]*string) {
	for k, v := range m {
		if v == nil {
			os.Unsetenv(k)
		} else {
			os.Setenv(k, *v)
		}
	}
}
