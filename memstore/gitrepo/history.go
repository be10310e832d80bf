package gitrepo

import (
	"container/heap"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Commit is one commit of a project's memory history.
type Commit struct {
	Hash    string
	Author  string
	Email   string
	When    time.Time // author date
	Message string    // full message, without its final newline
	Files   []FileChange
}

// FileChange is one file a commit (or the work tree) changed under the memory folder.
type FileChange struct {
	Path    string // new path (relative to repo root)
	From    string // old path for a rename, else ""
	Kind    string // "A", "M", "D", "R"
	Added   int    // lines added
	Deleted int    // lines deleted
	Unknown bool   // the counts (and the diff) are unknown: a partial clone lacks a version of the file
}

// History returns the last n commits (newest first; n<=0 means all) reachable from HEAD that
// changed anything under dir (a folder, absolute or relative to the folder the Repo was opened from, e.g.
// "projects/a/memory_sessions"), with the files each changed under dir and their +/- counts
// against its first parent. It lists what `git log -- dir` lists: commits in committer-date
// order, every parent followed, except that a merge whose dir is the same as in one of its
// parents is left out and only that parent followed.
//
// The walk compares the hash of dir's subtree in each commit with its parents' (a few small
// tree reads per commit, memoised); files and counts are computed only for the commits returned.
func (rp *Repo) History(dir string, n int) ([]Commit, error) {
	r, release := rp.reader()
	defer release()
	rel, err := r.relPath(dir)
	if err != nil {
		return nil, err
	}
	if why := r.delegated(false, rel); why != "" {
		if gitCLI() == "" {
			return nil, gitNeedsCLI(why)
		}
		return r.historyCLI(rel, n)
	}
	head, ok, err := r.head()
	if err != nil || !ok {
		return nil, err
	}
	w := &gitHistoryWalker{o: r.obj, commits: map[plumbing.Hash]*gitCommitInfo{},
		dirOf: map[plumbing.Hash]plumbing.Hash{}, sub: map[gitLevel]plumbing.Hash{}}
	if rel != "" {
		w.parts = strings.Split(rel, "/")
	}
	found, err := w.walk(head, n)
	if err != nil {
		return nil, err
	}
	out := make([]Commit, 0, len(found))
	for _, h := range found {
		ci, _ := w.commit(h)
		var before plumbing.Hash
		if len(ci.parents) > 0 {
			if p, err := w.commit(ci.parents[0]); err != nil {
				return nil, err
			} else if p != nil {
				before = w.dirHash(ci.parents[0], p)
			}
		}
		var raws []gitRawChange
		if err := gitDiffTrees(r.obj, before, w.dirHash(h, ci), rel, &raws); err != nil {
			return nil, err
		}
		files, err := gitDescribe(r.obj, raws, nil)
		if err != nil {
			return nil, err
		}
		c, err := r.obj.commit(h)
		if err != nil {
			return nil, err
		}
		out = append(out, gitCommitOf(c, files))
	}
	return out, nil
}

func gitCommitOf(c *object.Commit, files []FileChange) Commit {
	return Commit{
		Hash:    c.Hash.String(),
		Author:  c.Author.Name,
		Email:   c.Author.Email,
		When:    c.Author.When,
		Message: strings.TrimRight(c.Message, "\n"),
		Files:   files,
	}
}

// CommitDiff returns the git-style unified diff (diff --git a/… b/…, ---/+++, @@) of what
// commit hash (full or abbreviated) changed under dir, against its first parent.
func (rp *Repo) CommitDiff(hash, dir string) (string, error) {
	r, release := rp.reader()
	defer release()
	rel, err := r.relPath(dir)
	if err != nil {
		return "", err
	}
	if why := r.delegated(false, rel); why != "" {
		if gitCLI() == "" {
			return "", gitNeedsCLI(why)
		}
		if !gitIsHex(hash) {
			return "", fmt.Errorf("%q is not a commit hash", hash)
		}
		return r.commitDiffCLI(hash, rel)
	}
	h, err := r.resolveCommit(hash)
	if err != nil {
		return "", err
	}
	ci, err := r.obj.commitInfo(h)
	if err != nil {
		return "", err
	}
	var before plumbing.Hash
	if len(ci.parents) > 0 {
		p, err := r.obj.commitInfo(ci.parents[0])
		if err != nil && !errors.Is(err, plumbing.ErrObjectNotFound) {
			return "", err
		}
		if err == nil {
			if before, err = r.treeAt(p.tree, rel); err != nil {
				return "", err
			}
		}
	}
	after, err := r.treeAt(ci.tree, rel)
	if err != nil {
		return "", err
	}
	var raws []gitRawChange
	if err := gitDiffTrees(r.obj, before, after, rel, &raws); err != nil {
		return "", err
	}
	var b strings.Builder
	if _, err := gitDescribe(r.obj, raws, &b); err != nil {
		return "", err
	}
	return b.String(), nil
}

// resolveCommit finds a commit by full or abbreviated hex hash.
func (r *gitRepo) resolveCommit(hash string) (plumbing.Hash, error) {
	hash = strings.ToLower(strings.TrimSpace(hash))
	if len(hash) > 40 || !gitIsHex(hash) {
		return plumbing.ZeroHash, fmt.Errorf("%q is not a commit hash", hash)
	}
	if len(hash) == 40 {
		return plumbing.NewHash(hash), nil
	}
	var found plumbing.Hash
	for _, h := range r.obj.withPrefix(hash) {
		if typ, _, err := r.obj.read(h); err != nil || typ != plumbing.CommitObject {
			continue
		}
		if !found.IsZero() && found != h {
			return plumbing.ZeroHash, fmt.Errorf("commit %s is ambiguous", hash)
		}
		found = h
	}
	if found.IsZero() {
		return found, fmt.Errorf("commit %s not found", hash)
	}
	return found, nil
}

// gitIsHex says whether s can be a (full or abbreviated) hex object name.
func gitIsHex(s string) bool {
	return len(s) >= 4 && len(s) <= 64 && strings.Trim(strings.ToLower(s), "0123456789abcdef") == ""
}

// gitLevel keys the memo of path lookups: the hash of the folder at depth
// `depth` along the path, inside tree `tree`.
type gitLevel struct {
	tree  plumbing.Hash
	depth int
}

// gitHistoryWalker walks commits newest first, as `git log -- dir` does.
type gitHistoryWalker struct {
	o       *gitObjects
	parts   []string
	commits map[plumbing.Hash]*gitCommitInfo // read commits (nil: missing, as in a shallow clone)
	dirOf   map[plumbing.Hash]plumbing.Hash  // commit → hash of dir in it
	sub     map[gitLevel]plumbing.Hash
	err     error
}

func (w *gitHistoryWalker) commit(h plumbing.Hash) (*gitCommitInfo, error) {
	if c, ok := w.commits[h]; ok {
		return c, nil
	}
	ci, err := w.o.commitInfo(h)
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		w.commits[h] = nil // history cut short (shallow clone)
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	w.commits[h] = &ci
	return &ci, nil
}

// dirHash is the hash of dir's tree in commit h (zero when absent). A tree
// that cannot be read is recorded in w.err.
func (w *gitHistoryWalker) dirHash(h plumbing.Hash, c *gitCommitInfo) plumbing.Hash {
	if d, ok := w.dirOf[h]; ok {
		return d
	}
	d := c.tree
	for depth, name := range w.parts {
		if d.IsZero() {
			break
		}
		key := gitLevel{d, depth}
		next, ok := w.sub[key]
		if !ok {
			e, found, err := w.o.treeEntry(d, name)
			if err != nil && w.err == nil {
				w.err = err
			}
			if found && e.Mode == filemode.Dir {
				next = e.Hash
			}
			w.sub[key] = next
		}
		d = next
	}
	w.dirOf[h] = d
	return d
}

// walk returns up to n (all when n<=0) commits that changed dir, newest first.
func (w *gitHistoryWalker) walk(head plumbing.Hash, n int) ([]plumbing.Hash, error) {
	var found []plumbing.Hash
	q := &gitCommitQueue{}
	hc, err := w.commit(head)
	if err != nil || hc == nil {
		return nil, err
	}
	seen := map[plumbing.Hash]bool{head: true}
	q.push(head, hc.when)
	for q.Len() > 0 && (n <= 0 || len(found) < n) {
		h := heap.Pop(q).(gitQueued).h
		c := w.commits[h]
		d := w.dirHash(h, c)
		var follow []plumbing.Hash
		changed := true
		for _, ph := range c.parents {
			p, err := w.commit(ph)
			if err != nil {
				return nil, err
			}
			if p == nil {
				continue
			}
			if w.dirHash(ph, p) == d {
				// Same as this parent: the change, if any, came from there.
				follow, changed = []plumbing.Hash{ph}, false
				break
			}
			follow = append(follow, ph)
		}
		if len(follow) == 0 && changed {
			changed = !d.IsZero() // a root commit (or the end of a shallow history)
		}
		if w.err != nil {
			return nil, w.err
		}
		if changed {
			found = append(found, h)
		}
		for _, ph := range follow {
			if !seen[ph] {
				seen[ph] = true
				q.push(ph, w.commits[ph].when)
			}
		}
	}
	return found, nil
}

type gitQueued struct {
	h    plumbing.Hash
	when int64
	seq  int
}

// gitCommitQueue pops the commit with the latest committer date first, the
// earliest queued among equals.
type gitCommitQueue struct {
	items []gitQueued
	seq   int
}

func (q *gitCommitQueue) push(h plumbing.Hash, when int64) {
	q.seq++
	heap.Push(q, gitQueued{h, when, q.seq})
}

func (q *gitCommitQueue) Len() int { return len(q.items) }
func (q *gitCommitQueue) Less(i, j int) bool {
	a, b := q.items[i], q.items[j]
	if a.when != b.when {
		return a.when > b.when
	}
	return a.seq < b.seq
}
func (q *gitCommitQueue) Swap(i, j int) { q.items[i], q.items[j] = q.items[j], q.items[i] }
func (q *gitCommitQueue) Push(x any)    { q.items = append(q.items, x.(gitQueued)) }
func (q *gitCommitQueue) Pop() any {
	it := q.items[len(q.items)-1]
	q.items = q.items[:len(q.items)-1]
	return it
}
