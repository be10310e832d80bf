package stale

import (
	"context"
	"errors"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
	"carnet/memstore/gitrepo/query"
)

// Bullet is one bullet of memory to check: where it is, the day it was written, its text.
type Bullet struct {
	Path string // the memory file, workspace-relative
	Line int    // 0-based line of the bullet in that file
	Date string // YYYY-MM-DD: the log's day, long memory's dated section, a note's updated date
	Text string // the bullet's first line, after its marker
	Open bool   // an À suivre item not ticked yet
}

// State is what became of what a reference names.
type State uint8

// The states of a reference.
const (
	OK      State = iota // there, unchanged since the bullet's day
	Changed              // there, with commits since the bullet's day
	Gone                 // no longer there: deleted, renamed, no longer in the code
	Unknown              // a commit hash this repository does not have (never held against a bullet)
)

// Verdict is what the check found of one reference of a bullet.
type Verdict struct {
	Ref     Ref
	State   State
	What    string // Gone: "deleted", "renamed", "removed" (a name), "uncommitted" (deleted in the working tree)
	Commit  string // the commit that deleted, renamed or removed it; Changed: the last that changed it
	To      string // renamed: its name now
	Changes int    // Changed: the commits since the bullet's day
}

// Result is a bullet and the verdicts of its references (tokens that name nothing of the
// repository are left out).
type Result struct {
	Bullet   Bullet
	Verdicts []Verdict
}

// Gone lists the verdicts of the bullet's gone references.
func (r Result) Gone() []Verdict {
	var out []Verdict
	for _, v := range r.Verdicts {
		if v.State == Gone {
			out = append(out, v)
		}
	}
	return out
}

// AllGone says whether the bullet refers to files or names and all of them are gone (commit
// hashes aside).
func (r Result) AllGone() bool {
	n := 0
	for _, v := range r.Verdicts {
		switch {
		case v.Ref.Kind == Commit:
		case v.State != Gone:
			return false
		default:
			n++
		}
	}
	return n > 0
}

// Report is what a check found.
type Report struct {
	Head    string   // the commit checked against
	Results []Result // the bullets with at least one verdict, in the order given
	// Partial says the check of Head did not finish in time: the verdicts are those an earlier
	// check made (at another HEAD), where it made one.
	Partial bool
	index   map[string]int
}

// Find is the result of the bullet of path whose text is text.
func (r *Report) Find(path, text string) (Result, bool) {
	if r == nil {
		return Result{}, false
	}
	i, ok := r.index[path+"\x00"+strings.TrimSpace(text)]
	if !ok {
		return Result{}, false
	}
	return r.Results[i], true
}

// Stale lists the results with a gone reference.
func (r *Report) Stale() []Result {
	if r == nil {
		return nil
	}
	var out []Result
	for _, res := range r.Results {
		if len(res.Gone()) > 0 {
			out = append(out, res)
		}
	}
	return out
}

// ErrNoRepo is returned by New when the workspace is not in a git work tree: there is nothing
// to check references against.
var ErrNoRepo = errors.New("not in a git repository: references are not checked")

// Checker checks the references of a project's bullets against its repository.
type Checker struct {
	repo    *gitrepo.Repo
	top     string   // the top-level of the work tree
	prefix  string   // the workspace root as a slash path from the top-level, "" or "sub/"
	exclude []string // every memory folder of the workspace, from the top-level
	p       *memstore.Project
	now     func() time.Time
}

// New is the checker of project p, its cache in p's logs/.debug/.
func New(p *memstore.Project) (*Checker, error) {
	repo, err := p.WS.Repo()
	if err != nil || repo == nil {
		return nil, ErrNoRepo
	}
	prefix, err := repo.Prefix(p.WS.Root)
	if err != nil {
		return nil, err
	}
	if prefix != "" {
		prefix += "/"
	}
	c := &Checker{repo: repo, top: repo.Root(), prefix: prefix, p: p, now: time.Now}
	for _, q := range p.WS.Projects {
		c.exclude = append(c.exclude, prefix+q.RelDir)
	}
	slices.Sort(c.exclude)
	return c, nil
}

// Check finds the references of bullets and what became of them. When ctx ends before the
// check of HEAD is done, the report is Partial; the error is an error of git or of the cache,
// or query.ErrNeedsGit.
func (c *Checker) Check(ctx context.Context, bullets []Bullet) (*Report, error) {
	rep := &Report{index: map[string]int{}}
	type asked struct {
		b    Bullet
		refs []Ref
	}
	var all []asked
	want := map[string]*entry{}
	for _, b := range bullets {
		refs := Refs(b.Text)
		if len(refs) == 0 || !memstore.IsDate(b.Date) {
			continue
		}
		all = append(all, asked{b, refs})
		for _, r := range refs {
			k := pairKey(r, b.Date)
			if want[k] == nil {
				want[k] = &entry{Kind: r.Kind, Key: r.Key, Also: r.AlsoName, Date: b.Date}
			}
		}
	}
	if len(all) == 0 {
		return rep, nil // no reference: no git
	}
	head, err := query.HeadHash(ctx, c.repo)
	if err != nil || head == "" {
		return rep, err // nothing committed yet: nothing to refer to
	}
	rep.Head = head
	old := c.readCache()
	entries, changed, err := c.update(ctx, old, head, want)
	if err != nil {
		if ctx.Err() == nil {
			return nil, err
		}
		// Out of time: what an earlier check found, where it found something.
		rep.Partial = true
		entries = map[string]*entry{}
		if old != nil && old.sameSetup(c) {
			entries = old.Entries
		}
	} else if changed || c.due(entries, want) {
		c.writeCache(head, entries, want)
	}
	for _, a := range all {
		res := Result{Bullet: a.b}
		for _, r := range a.refs {
			e := entries[pairKey(r, a.b.Date)]
			if e == nil {
				continue
			}
			if v, ok := c.verdict(e, r); ok {
				res.Verdicts = append(res.Verdicts, v)
			}
		}
		if len(res.Verdicts) > 0 {
			rep.index[a.b.Path+"\x00"+strings.TrimSpace(a.b.Text)] = len(rep.Results)
			rep.Results = append(rep.Results, res)
		}
	}
	return rep, nil
}

func pairKey(r Ref, date string) string { return r.Kind.String() + "\x00" + r.Key + "\x00" + date }

// dayEnd is the end of a YYYY-MM-DD day in local time: what was committed by then was there
// when the bullet was written.
func dayEnd(date string) time.Time {
	d, err := time.ParseInLocation(time.DateOnly, date, time.Local)
	if err != nil {
		return time.Time{}
	}
	return d.AddDate(0, 0, 1)
}

// verdict turns an entry into the verdict of r, with the working tree's say on a file.
func (c *Checker) verdict(e *entry, r Ref) (Verdict, bool) {
	v := Verdict{Ref: r}
	if r.Kind == Commit {
		if !e.Present {
			v.State = Unknown
		}
		return v, true
	}
	if r.Kind == Path && e.Target == "" && !e.AsName {
		return v, false
	}
	present := e.Present
	if f, ok := strings.CutPrefix(e.Target, "f:"); ok {
		_, err := os.Lstat(filepath.Join(c.top, filepath.FromSlash(f)))
		switch {
		case present && errors.Is(err, os.ErrNotExist) && e.Existed:
			v.State, v.What = Gone, "uncommitted"
			return v, true
		case !present && err == nil:
			return v, true // back in the working tree
		}
	}
	switch {
	case present && e.Changes > 0:
		v.State, v.Changes, v.Commit = Changed, e.Changes, e.Commit
	case present:
	case e.Existed:
		v.State, v.What, v.Commit, v.To = Gone, e.What, e.Commit, e.To
	default:
		return v, false // not there at the bullet's day, not there now: not a reference
	}
	return v, true
}

// update brings the entries of want, and those the cache holds, to HEAD head: as the cache
// has them when it was made at head, updated from the commits since when HEAD moved on along
// its first-parent chain, computed afresh otherwise.
func (c *Checker) update(ctx context.Context, old *cacheFile, head string, want map[string]*entry) (all map[string]*entry, changed bool, err error) {
	all = map[string]*entry{}
	var carried []*entry
	if old != nil && old.sameSetup(c) {
		for k, e := range old.Entries {
			cp := *e
			all[k] = &cp
			carried = append(carried, &cp)
		}
	}
	var fresh []*entry
	for k, w := range want {
		if all[k] == nil {
			all[k] = w
			fresh = append(fresh, w)
		}
	}
	s := &session{c: c, ctx: ctx, head: head}
	moved := len(carried) > 0 && old.Head != head
	if moved {
		more, err := s.advance(old.Head, carried)
		if err != nil {
			return nil, false, err
		}
		fresh = append(fresh, more...)
	}
	if err := s.compute(fresh); err != nil {
		return nil, false, err
	}
	return all, moved || len(fresh) > 0 || old == nil || old.Head != head, nil
}

// session is one check at one HEAD: what git said, asked once.
type session struct {
	c       *Checker
	ctx     context.Context
	head    string
	listing *listing
	// headTime is when HEAD was committed, when known: no commit is newer.
	headTime time.Time
}

// listing is HEAD's tree: its files, folders and base names.
type listing struct {
	files map[string]bool
	dirs  map[string]bool
	bases map[string]bool
}

func (s *session) tree() (*listing, error) {
	if s.listing != nil {
		return s.listing, nil
	}
	files, err := query.TrackedFiles(s.ctx, s.c.repo)
	if err != nil {
		return nil, err
	}
	l := &listing{files: map[string]bool{}, dirs: map[string]bool{}, bases: map[string]bool{}}
	for _, f := range files {
		l.files[f] = true
		l.bases[path.Base(f)] = true
		for d := path.Dir(f); d != "."; d = path.Dir(d) {
			if l.dirs[d] {
				break
			}
			l.dirs[d] = true
		}
	}
	s.listing = l
	return l, nil
}

// compute finds the entries' verdicts from scratch.
func (s *session) compute(entries []*entry) error {
	var paths, names, commits []*entry
	for _, e := range entries {
		*e = entry{Kind: e.Kind, Key: e.Key, Also: e.Also, Date: e.Date}
		switch e.Kind {
		case Path:
			paths = append(paths, e)
		case Name:
			names = append(names, e)
		case Commit:
			commits = append(commits, e)
		}
	}
	if len(paths) > 0 {
		l, err := s.tree()
		if err != nil {
			return err
		}
		var sets []query.ChangeSet
		if since := oldest(paths); s.headTime.IsZero() || since.Before(s.headTime) { // else no commit came after
			if sets, err = query.FirstParentChanges(s.ctx, s.c.repo, since, ""); err != nil {
				return err
			}
		}
		for _, e := range paths {
			s.resolvePath(e, l, sets)
			if e.Target == "" && e.Also != "" {
				e.AsName = true
				names = append(names, e)
			}
		}
	}
	if err := s.computeNames(names); err != nil {
		return err
	}
	if len(commits) > 0 {
		keys := make([]string, len(commits))
		for i, e := range commits {
			keys[i] = e.Key
		}
		found, err := query.ResolveCommits(s.ctx, s.c.repo, keys)
		if err != nil {
			return err
		}
		for _, e := range commits {
			e.Commit = found[e.Key]
			e.Present = e.Commit != ""
		}
	}
	return nil
}

// oldest is the earliest day's end among entries.
func oldest(entries []*entry) time.Time {
	t := dayEnd(entries[0].Date)
	for _, e := range entries[1:] {
		if d := dayEnd(e.Date); d.Before(t) {
			t = d
		}
	}
	return t
}

// advance brings entries checked at HEAD from to the current HEAD from the commits between
// them, when the current HEAD has from on its first-parent chain; it returns the entries it
// cannot bring forward, to compute afresh.
func (s *session) advance(from string, entries []*entry) ([]*entry, error) {
	words := map[string]bool{}
	for _, e := range entries {
		if e.Kind == Name || e.AsName {
			words[e.word()] = true
		}
	}
	sets, deltas, err := query.CommitsAfter(s.ctx, s.c.repo, from, sortedKeys(words), s.c.exclude)
	if err != nil {
		return nil, err
	}
	if len(sets) == 0 || sets[len(sets)-1].Parent != from {
		return entries, nil // history rewritten, or a HEAD elsewhere: all afresh
	}
	first := sets[len(sets)-1].When
	s.headTime = sets[0].When
	var fresh, paths, names []*entry
	for _, e := range entries {
		switch {
		case e.Kind == Name || e.AsName:
			names = append(names, e)
		case !dayEnd(e.Date).Before(first):
			fresh = append(fresh, e) // the day's last commit may be a new one: from its commits since
		case e.Kind == Path:
			paths = append(paths, e)
		}
	}
	if len(paths) > 0 {
		l, err := s.tree()
		if err != nil {
			return nil, err
		}
		for _, e := range paths {
			if !s.advancePath(e, l, sets) {
				fresh = append(fresh, e)
			}
		}
	}
	if len(names) > 0 {
		if err := s.advanceNames(first, names, deltas); err != nil {
			return nil, err
		}
	}
	return fresh, nil
}
