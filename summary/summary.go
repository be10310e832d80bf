// Package summary is `carnet summary BASE..HEAD`: what a branch taught the memory, as
// Markdown for a pull request — the decisions, lessons and open items its logs gained, the
// open items it closed, what promotion changed in long memory (facts added and removed, logs
// archived) and the notes it wrote. It reads the memory files at the two revisions through
// git: the working tree plays no part.
package summary

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
	"carnet/memstore/gitrepo/query"
)

// Item is a bullet the branch added or removed, and the file it is in.
type Item struct {
	Text string
	Path string // workspace-relative
	Date string // the log's day, or long memory's section
}

// Project is what the branch changed in one project's memory.
type Project struct {
	Name      string
	Decisions []Item
	Lessons   []Item
	Opened    []Item // open items added
	Closed    []Item // open items ticked (or removed from À suivre)
	LongAdded []Item // long memory facts added (promotion, or by hand)
	LongGone  []Item // long memory facts removed (condensed, superseded, deleted)
	Archived  []string
	Notes     []string // notes added or changed: their paths

	dropped []Item // open items that left an À suivre without a ✅: closed, or moved
}

func (p *Project) empty() bool {
	return len(p.Decisions)+len(p.Lessons)+len(p.Opened)+len(p.Closed)+len(p.LongAdded)+len(p.LongGone)+len(p.Archived)+len(p.Notes) == 0
}

// Summary is what a branch changed in the memory of a workspace.
type Summary struct {
	Base, Head string // as given
	From, To   string // the commits compared: the merge base of Base and Head, and Head
	Lang       string
	Projects   []*Project
}

// Range reads "BASE..HEAD" (or "BASE...HEAD"; HEAD defaults to HEAD).
func Range(arg string) (base, head string, err error) {
	b, h, ok := strings.Cut(arg, "...")
	if !ok {
		b, h, ok = strings.Cut(arg, "..")
	}
	if !ok || b == "" {
		return "", "", fmt.Errorf("%q is not a range: give BASE..HEAD (main..HEAD, origin/main..my-branch)", arg)
	}
	if h == "" {
		h = "HEAD"
	}
	return b, h, nil
}

// Of compares the memory of ws between the merge base of base and head, and head.
func Of(ctx context.Context, ws *memstore.Workspace, base, head string) (*Summary, error) {
	repo, err := ws.Repo()
	if err != nil || repo == nil {
		return nil, fmt.Errorf("%s is not in a git repository: there is no branch to summarize", ws.Root)
	}
	b, err := query.ResolveRevision(ctx, repo, base)
	if err != nil {
		return nil, err
	}
	h, err := query.ResolveRevision(ctx, repo, head)
	if err != nil {
		return nil, err
	}
	from, err := query.MergeBase(ctx, repo, b, h)
	if err != nil {
		return nil, err
	}
	if from == "" {
		from = b
	}
	prefix, err := repo.Prefix(ws.Root)
	if err != nil {
		return nil, err
	}
	if prefix != "" {
		prefix += "/"
	}
	s := &Summary{Base: base, Head: head, From: from, To: h, Lang: ws.Config.Language}
	for _, p := range ws.Projects {
		dir := prefix + p.RelDir
		changes, err := query.ChangedFiles(ctx, repo, from, h, []string{dir})
		if err != nil {
			return nil, err
		}
		ps := &Project{Name: p.Name}
		for _, c := range changes {
			if err := ps.add(repo, p, prefix, from, h, c); err != nil {
				return nil, err
			}
		}
		ps.finish()
		if !ps.empty() {
			s.Projects = append(s.Projects, ps)
		}
	}
	return s, nil
}

// add reads one changed file at both revisions and files what changed in it.
func (ps *Project) add(repo *gitrepo.Repo, p *memstore.Project, prefix, from, to string, c query.PathChange) error {
	rel := strings.TrimPrefix(c.Path, prefix) // workspace-relative
	old := c.Path
	if c.From != "" {
		old = c.From
	}
	if strings.Contains(rel, "/.debug/") {
		return nil
	}
	archived := c.Kind == 'R' && path.Dir(rel) == p.ArchivesDir() && path.Dir(strings.TrimPrefix(c.From, prefix)) == p.LogsDir()
	var before, after []byte
	var err error
	if c.Kind != 'A' {
		if before, err = fileAt(repo, from, old); err != nil {
			return err
		}
	}
	if c.Kind != 'D' {
		if after, err = fileAt(repo, to, c.Path); err != nil {
			return err
		}
	}
	dir := path.Dir(rel)
	switch {
	case rel == p.LongMemoryPath():
		added, removed := diffBullets(longItems(before, rel), longItems(after, rel))
		ps.LongAdded = append(ps.LongAdded, added...)
		ps.LongGone = append(ps.LongGone, removed...)
	case dir == p.NotesDir():
		if c.Kind != 'D' {
			ps.Notes = append(ps.Notes, rel)
		}
	case dir == p.LogsDir() || dir == p.ArchivesDir():
		date := strings.TrimSuffix(path.Base(rel), ".md")
		if archived || dir == p.ArchivesDir() && c.Kind == 'A' {
			ps.Archived = append(ps.Archived, date)
			// a log moved to the archives taught nothing new; the open items carried out of it went elsewhere
			_, gone := diffBullets(logItems(before, rel, date)[memstore.KeyNext], logItems(after, rel, date)[memstore.KeyNext])
			ps.dropped = append(ps.dropped, gone...)
			return nil
		}
		if dir == p.LogsDir() && c.Kind == 'D' {
			return nil // archived (the archive's side says so) or deleted: what it taught was merged before
		}
		ps.addLog(logItems(before, rel, date), logItems(after, rel, date))
	}
	return nil
}

// fileAt is a file (a path from the top-level) at a revision; nil when it has none.
func fileAt(repo *gitrepo.Repo, rev, file string) ([]byte, error) {
	data, err := repo.BlobAt(rev, filepath.Join(repo.Root(), filepath.FromSlash(file)))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return data, err
}

// addLog files what a log's sections gained and lost.
func (ps *Project) addLog(before, after map[string][]Item) {
	add := func(key string) []Item { a, _ := diffBullets(before[key], after[key]); return a }
	ps.Decisions = append(ps.Decisions, add(memstore.KeyDecisions)...)
	ps.Lessons = append(ps.Lessons, add(memstore.KeyKnowledge)...)
	opened, dropped := diffBullets(before[memstore.KeyNext], after[memstore.KeyNext])
	ps.Opened = append(ps.Opened, opened...)
	done := add(memstore.KeyDone)
	ps.Closed = append(ps.Closed, done...)
	ps.dropped = append(ps.dropped, dropped...)
}

// finish settles the open items once every file is read: one ticked on the branch is closed,
// not open; one that left a log and reached another moved (neither); one that left with no ✅
// anywhere was closed all the same.
func (ps *Project) finish() {
	same := func(a, b Item) bool {
		return memstore.Normalize(strings.TrimPrefix(a.Text, "✅")) == memstore.Normalize(strings.TrimPrefix(b.Text, "✅"))
	}
	ps.Opened = slices.DeleteFunc(ps.Opened, func(it Item) bool {
		return slices.ContainsFunc(ps.Closed, func(d Item) bool { return same(d, it) })
	})
	for _, d := range ps.dropped {
		switch {
		case slices.ContainsFunc(ps.Closed, func(c Item) bool { return same(c, d) }):
		case slices.ContainsFunc(ps.Opened, func(o Item) bool { return same(o, d) }):
			ps.Opened = slices.DeleteFunc(ps.Opened, func(o Item) bool { return same(o, d) })
		default:
			ps.Closed = append(ps.Closed, d)
		}
	}
	ps.dropped = nil
}

// logItems are a log's bullets by section key.
func logItems(data []byte, rel, date string) map[string][]Item {
	out := map[string][]Item{}
	if data == nil {
		return out
	}
	d := memstore.ParseDoc(data)
	for _, sb := range d.AllBullets() {
		if sb.Section.Key != "" && !memstore.Superseded(sb.Bullet.Text) {
			out[sb.Section.Key] = append(out[sb.Section.Key], Item{Text: sb.Bullet.Text, Path: rel, Date: date})
		}
	}
	return out
}

// longItems are long memory's bullets, dated by their section.
func longItems(data []byte, rel string) []Item {
	if data == nil {
		return nil
	}
	d := memstore.ParseDoc(data)
	var out []Item
	for _, sb := range d.AllBullets() {
		if !memstore.Superseded(sb.Bullet.Text) {
			out = append(out, Item{Text: sb.Bullet.Text, Path: rel, Date: sb.Section.Heading})
		}
	}
	return out
}

// diffBullets is what after has that before has not, and the reverse, bullets compared as
// deduplication compares them (a bullet twice counts twice).
func diffBullets(before, after []Item) (added, removed []Item) {
	count := map[string]int{}
	for _, it := range before {
		count[memstore.Normalize(it.Text)]++
	}
	for _, it := range after {
		k := memstore.Normalize(it.Text)
		if count[k] > 0 {
			count[k]--
			continue
		}
		added = append(added, it)
	}
	left := map[string]int{}
	for _, it := range after {
		left[memstore.Normalize(it.Text)]++
	}
	for _, it := range before {
		k := memstore.Normalize(it.Text)
		if left[k] > 0 {
			left[k]--
			continue
		}
		removed = append(removed, it)
	}
	return added, removed
}

// Markdown renders the summary for a pull request's description.
func (s *Summary) Markdown() string {
	w := words["en"]
	if s.Lang == "fr" {
		w = words["fr"]
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## %s (`%s..%s`)\n", w.title, s.Base, s.Head)
	if len(s.Projects) == 0 {
		b.WriteString("\n" + w.nothing + "\n")
		return b.String()
	}
	for _, p := range s.Projects {
		if len(s.Projects) > 1 || p.Name != "root" {
			fmt.Fprintf(&b, "\n### %s %s\n", w.project, p.Name)
		}
		section := func(title string, items []Item, mark string) {
			if len(items) == 0 {
				return
			}
			fmt.Fprintf(&b, "\n**%s** (%d)\n\n", title, len(items))
			for _, it := range items {
				fmt.Fprintf(&b, "- %s%s _(%s)_\n", mark, strings.TrimSpace(strings.TrimPrefix(it.Text, "✅")), it.Date)
			}
		}
		section(w.decisions, p.Decisions, "")
		section(w.lessons, p.Lessons, "")
		section(w.opened, p.Opened, "")
		section(w.closed, p.Closed, "✅ ")
		if len(p.LongAdded)+len(p.LongGone)+len(p.Archived) > 0 {
			fmt.Fprintf(&b, "\n**%s**: %s\n\n", w.promotion, counts(s.Lang, len(p.LongAdded), len(p.LongGone), len(p.Archived)))
			for _, it := range p.LongAdded {
				fmt.Fprintf(&b, "- + %s _(%s)_\n", it.Text, it.Date)
			}
			for _, it := range p.LongGone {
				fmt.Fprintf(&b, "- − ~~%s~~ _(%s)_\n", it.Text, it.Date)
			}
			if len(p.Archived) > 0 {
				slices.Sort(p.Archived)
				fmt.Fprintf(&b, "- %s: %s\n", w.archived, strings.Join(p.Archived, ", "))
			}
		}
		if len(p.Notes) > 0 {
			fmt.Fprintf(&b, "\n**%s**: %s\n", w.notes, "`"+strings.Join(p.Notes, "`, `")+"`")
		}
	}
	return b.String()
}

// counts says how many facts long memory gained and lost and how many logs were archived.
func counts(lang string, added, removed, archived int) string {
	if lang == "fr" {
		plural := func(n int, one, many string) string {
			if n > 1 {
				return fmt.Sprintf("%d %s", n, many)
			}
			return fmt.Sprintf("%d %s", n, one)
		}
		return plural(added, "fait ajouté", "faits ajoutés") + ", " + plural(removed, "retiré", "retirés") + ", " + plural(archived, "journal archivé", "journaux archivés")
	}
	return memstore.Plural(added, "fact") + " added, " + fmt.Sprint(removed) + " removed, " + memstore.Plural(archived, "log") + " archived"
}

var words = map[string]struct{ title, nothing, project, decisions, lessons, opened, closed, promotion, archived, notes string }{
	"en": {title: "What this branch taught the memory", nothing: "The memory did not change on this branch.", project: "Project",
		decisions: "Decisions", lessons: "Lessons", opened: "Open items added", closed: "Open items closed",
		promotion: "Long memory", archived: "logs archived", notes: "Notes written"},
	"fr": {title: "Ce que cette branche a appris à la mémoire", nothing: "La mémoire n'a pas changé sur cette branche.", project: "Projet",
		decisions: "Décisions", lessons: "Connaissances", opened: "À suivre ajoutés", closed: "À suivre finalisés",
		promotion: "Mémoire long terme", archived: "journaux archivés", notes: "Notes écrites"},
}
