package gitrepo

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-billy/v5/osfs"
	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage"
	"github.com/go-git/go-git/v5/storage/memory"
)

// A commit without git: go-git's own worktree adds the paths, as `git add` would, to an
// index of carnet's made of HEAD's files (gitStaging), and commits it; then the branch and
// the user's index are written anew (a new file renamed over the old one, so that a carnet
// killed meanwhile leaves either) and the reflogs appended. A lock of git's (index.lock, the
// branch's .lock) held by another program stops it; carnet takes none: no other git runs
// where git is not installed.

// commit is CommitPaths through go-git.
func (b goGitBackend) commit(_ context.Context, rels []string, message string) (CommitResult, error) {
	r := b.r
	w, base, err := b.walker(false, "", "HEAD")
	if err != nil {
		return CommitResult{}, err
	}
	head, err := w.repo.Storer.Reference(plumbing.HEAD)
	if err != nil || head.Type() != plumbing.SymbolicReference {
		return CommitResult{Skipped: "detached HEAD"}, err
	}
	var parents []plumbing.Hash
	if base != nil {
		parents = []plumbing.Hash{base.Hash}
	}
	indexPath, refPath := filepath.Join(r.gitDir, "index"), filepath.Join(r.commonDir, filepath.FromSlash(head.Target().String()))
	for _, p := range []string{indexPath, refPath} {
		if _, err := os.Lstat(p + ".lock"); err == nil {
			return CommitResult{}, &gitLockedError{path: p + ".lock"}
		}
	}
	user, err := gitReadIndex(indexPath)
	if err != nil {
		return CommitResult{}, err
	}
	author, committer := r.signatures(time.Now())
	s, hash, err := b.stage(w.repo, base, user, rels, nil, message+"\n", &git.CommitOptions{Author: &author, Committer: &committer, Parents: parents})
	if errors.Is(err, git.ErrEmptyCommit) {
		return CommitResult{Skipped: "nothing to commit"}, nil
	}
	if err == nil { // carnet's writers take turns, but another program may have moved the branch
		cur, err2 := w.repo.Storer.Reference(head.Target())
		if (err2 == nil) != (len(parents) > 0) || err2 == nil && cur.Hash() != parents[0] {
			err = fmt.Errorf("%s moved while committing; try again", head.Target().Short())
		}
	}
	if err == nil {
		err = gitReplaceFile(refPath, r.commonDir, func(f *os.File) error { _, err := f.WriteString(hash.String() + "\n"); return err })
	}
	if err != nil {
		return CommitResult{}, err
	}
	subject, _, _ := strings.Cut(message, "\n")
	r.appendReflog(head.Target(), parents, hash, committer, subject)
	if err := gitReplaceFile(indexPath, r.gitDir, func(f *os.File) error {
		w := bufio.NewWriter(f)
		return cmp.Or(index.NewEncoder(w).Encode(gitApplyIndex(user, s.idx, rels)), w.Flush())
	}); err != nil {
		return CommitResult{Hash: hash.String()}, fmt.Errorf("committed %s but could not update the index: %w", hash, err)
	}
	return CommitResult{Hash: hash.String()}, nil
}

// gitStaging is the repository as go-git's worktree sees it, with carnet's index instead of
// the user's, its branch head kept rather than written and, with mem, new objects kept in
// memory (Pending writes nothing).
type gitStaging struct {
	storage.Storer
	idx *index.Index
	mem *memory.Storage
}

func (s *gitStaging) Index() (*index.Index, error)          { return s.idx, nil }
func (s *gitStaging) SetIndex(idx *index.Index) error       { s.idx = idx; return nil }
func (s *gitStaging) SetReference(*plumbing.Reference) error { return nil }

func (s *gitStaging) SetEncodedObject(o plumbing.EncodedObject) (plumbing.Hash, error) {
	if s.mem != nil {
		return s.mem.SetEncodedObject(o)
	}
	return s.Storer.SetEncodedObject(o)
}

func (s *gitStaging) EncodedObject(t plumbing.ObjectType, h plumbing.Hash) (plumbing.EncodedObject, error) {
	if s.mem != nil && s.mem.HasEncodedObject(h) == nil {
		return s.mem.EncodedObject(t, h)
	}
	return s.Storer.EncodedObject(t, h)
}

func (s *gitStaging) HasEncodedObject(h plumbing.Hash) error {
	if s.mem != nil && s.mem.HasEncodedObject(h) == nil {
		return nil
	}
	return s.Storer.HasEncodedObject(h)
}

// stage adds the work-tree state of rels, through go-git's worktree, to an index of the
// files of commit base (with the stat data of the user's index where the content is the
// same, so that only changed files are read) and commits it; objects go to mem if not nil.
// `.debug` folders are left out unless tracked.
func (b goGitBackend) stage(repo *git.Repository, base *object.Commit, user *index.Index, rels []string, mem *memory.Storage,
	message string, opts *git.CommitOptions) (*gitStaging, plumbing.Hash, error) {
	s, stat, tracked := &gitStaging{Storer: repo.Storer, idx: &index.Index{Version: 2}, mem: mem}, map[string]*index.Entry{}, map[string]bool{}
	for _, e := range user.Entries {
		stat[e.Name] = e
	}
	if base != nil {
		t, err := base.Tree()
		if err != nil {
			return nil, plumbing.ZeroHash, err
		}
		w := object.NewTreeWalker(t, true, nil)
		defer w.Close()
		for name, e, err := w.Next(); err == nil; name, e, err = w.Next() {
			if u := stat[name]; e.Mode != filemode.Dir {
				tracked[name] = true
				if u == nil || u.Hash != e.Hash || u.Stage != index.Merged {
					u = &index.Entry{Name: name, Hash: e.Hash, Mode: e.Mode}
				}
				s.idx.Entries = append(s.idx.Entries, &index.Entry{Name: name, Hash: e.Hash, Mode: e.Mode, ModifiedAt: u.ModifiedAt,
					CreatedAt: u.CreatedAt, Dev: u.Dev, Inode: u.Inode, UID: u.UID, GID: u.GID, Size: u.Size})
			}
		}
	}
	sr, err := git.Open(s, osfs.New(b.r.root))
	var wt *git.Worktree
	if err == nil {
		wt, err = sr.Worktree()
	}
	for _, rel := range rels {
		if _, lerr := os.Lstat(b.r.abs(rel)); err == nil && lerr != nil { // gone: everything under it goes
			s.idx.Entries = slices.DeleteFunc(s.idx.Entries, func(e *index.Entry) bool { return gitUnder(e.Name, rel) })
		} else if err == nil {
			wt.Excludes = gitReadIgnore(gitUserFile(gitConfigGet(b.r.gitConfigs(true), "core", "excludesfile"), "ignore"))
			err = wt.AddWithOptions(&git.AddOptions{Path: rel})
		}
	}
	if err != nil {
		return nil, plumbing.ZeroHash, err
	}
	s.idx.Entries = slices.DeleteFunc(s.idx.Entries, func(e *index.Entry) bool {
		return gitInDebug(e.Name) && !tracked[e.Name] && !slices.Contains(rels, e.Name)
	})
	h, err := wt.Commit(message, opts)
	return s, h, err
}

// pending is folder rel of the work tree as a commit would take it (base: HEAD), in memory.
func (b goGitBackend) pending(repo *git.Repository, base *object.Commit, rel string) (*object.Tree, error) {
	user, err := gitReadIndex(filepath.Join(b.r.gitDir, "index"))
	if err != nil {
		return nil, err
	}
	s, h, err := b.stage(repo, base, user, []string{rel}, memory.NewStorage(), "pending",
		&git.CommitOptions{Author: &object.Signature{Name: "carnet"}, AllowEmptyCommits: true})
	var c *object.Commit
	if err == nil {
		c, err = object.GetCommit(s, h)
	}
	if err == nil {
		h, err = gitSubtree(s, c.TreeHash, rel)
	}
	if err != nil || h.IsZero() {
		return nil, err
	}
	return object.GetTree(s, h)
}

// gitReadIgnore reads the patterns of an ignore file of the user's.
func gitReadIgnore(path string) (ps []gitignore.Pattern) {
	b, _ := os.ReadFile(path)
	for line := range strings.Lines(string(b)) {
		if line = strings.TrimRight(line, "\r\n"); !strings.HasSuffix(line, `\ `) {
			line = strings.TrimRight(line, " \t")
		}
		if line != "" && !strings.HasPrefix(line, "#") {
			ps = append(ps, gitignore.ParsePattern(line, nil))
		}
	}
	return ps
}

// gitApplyIndex puts the committed files into the user's index: its entries of rels (and a
// file where a committed folder now is) are replaced by the staged ones; the others stay.
func gitApplyIndex(user, staged *index.Index, rels []string) *index.Index {
	committed := func(p string) bool { return slices.ContainsFunc(rels, func(rel string) bool { return gitUnder(p, rel) }) }
	parents, old, kept := map[string]bool{}, map[string]*index.Entry{}, []*index.Entry{}
	for _, e := range staged.Entries {
		for d := e.Name; committed(e.Name) && strings.Contains(d, "/"); parents[d] = true {
			d = d[:strings.LastIndexByte(d, '/')]
		}
	}
	for _, e := range user.Entries {
		if committed(e.Name) || parents[e.Name] {
			old[e.Name] = e
		} else {
			kept = append(kept, e)
		}
	}
	for _, e := range staged.Entries {
		if committed(e.Name) {
			if o := old[e.Name]; o != nil {
				e.SkipWorktree = o.SkipWorktree
			}
			kept = append(kept, e)
		}
	}
	user.Entries, user.Cache = kept, nil // the cached trees of the changed folders are stale
	return user
}

// gitReadIndex reads an index file; a missing one is an empty index.
func gitReadIndex(path string) (*index.Index, error) {
	idx := &index.Index{Version: 2}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return idx, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	if err := index.NewDecoder(bufio.NewReader(f)).Decode(idx); err != nil {
		return nil, fmt.Errorf("reading the git index: %w", err)
	}
	return idx, nil
}

// gitReplaceFile writes a new file in folder tmpDir (of the same git folder), then renames
// it over path.
func gitReplaceFile(path, tmpDir string, write func(*os.File) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		return err
	}
	f, err := os.CreateTemp(tmpDir, "carnet-tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err = cmp.Or(write(f), f.Sync(), f.Close()); err == nil {
		err = os.Rename(f.Name(), path)
	}
	return err
}

// appendReflog records the update in the branch's and HEAD's reflogs, as git does, when the
// repository keeps reflogs. Failing to is not an error.
func (r *Repo) appendReflog(name plumbing.ReferenceName, parents []plumbing.Hash, new plumbing.Hash, who object.Signature, subject string) {
	old, what := plumbing.ZeroHash, "commit (initial): "
	if len(parents) > 0 {
		old, what = parents[0], "commit: "
	}
	line := fmt.Sprintf("%s %s %s <%s> %d %s\t%s%s\n", old, new, who.Name, who.Email, who.When.Unix(), who.When.Format("-0700"), what, subject)
	if _, err := os.Stat(filepath.Join(r.gitDir, "logs")); err == nil {
		for _, p := range []string{filepath.Join(r.commonDir, "logs", filepath.FromSlash(name.String())), filepath.Join(r.gitDir, "logs", "HEAD")} {
			if os.MkdirAll(filepath.Dir(p), 0o777) == nil {
				if f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o666); err == nil {
					_, _ = f.WriteString(line)
					f.Close()
				}
			}
		}
	}
}

// signatures returns the author and committer of a commit made now.
func (r *Repo) signatures(now time.Time) (author, committer object.Signature) {
	configs := r.gitConfigs(true)
	sig := func(who string) object.Signature {
		when, ok := gitParseDate(os.Getenv("GIT_" + who + "_DATE"))
		if !ok {
			when = now
		}
		return object.Signature{When: when,
			Name:  cmp.Or(os.Getenv("GIT_"+who+"_NAME"), gitConfigGet(configs, "user", "name"), "carnet"),
			Email: cmp.Or(os.Getenv("GIT_"+who+"_EMAIL"), gitConfigGet(configs, "user", "email"), "carnet@localhost")}
	}
	return sig("AUTHOR"), sig("COMMITTER")
}

// gitParseDate reads a date as git writes it (--date=raw) and accepts it in GIT_AUTHOR_DATE:
// "[@]<unix> <zone>", RFC 3339, RFC 2822 or git's own format.
func gitParseDate(s string) (time.Time, bool) {
	if f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(s), "@")); len(f) == 1 || len(f) == 2 {
		if sec, err := strconv.ParseInt(f[0], 10, 64); err == nil {
			t := time.Unix(sec, 0).UTC()
			if len(f) == 2 {
				z, err := time.Parse("-0700", f[1])
				if err != nil {
					return time.Time{}, false
				}
				t = t.In(z.Location())
			}
			return t, true
		}
	}
	for _, layout := range []string{time.RFC3339, time.RFC1123Z, "Mon Jan 2 15:04:05 2006 -0700", "2006-01-02 15:04:05 -0700", "2006-01-02T15:04:05"} {
		if t, err := time.Parse(layout, strings.TrimSpace(s)); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
