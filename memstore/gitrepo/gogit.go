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

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	fdiff "github.com/go-git/go-git/v5/plumbing/format/diff"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
	"github.com/go-git/go-git/v5/storage/memory"
)

// goGitBackend answers through go-git where git is not installed, and reads a partial
// clone's history without fetching anything.
type goGitBackend struct{ r *Repo }

// goGit opens the repository with go-git, alternates included.
func (r *Repo) goGit() (*git.Repository, error) {
	fs := billy.Filesystem(osfs.New(r.gitDir))
	if r.commonDir != r.gitDir {
		fs = dotgit.NewRepositoryFilesystem(fs, osfs.New(r.commonDir))
	}
	st := filesystem.NewStorageWithOptions(fs, cache.NewObjectLRUDefault(), filesystem.Options{AlternatesFS: osfs.New("/"), MaxOpenDescriptors: 16}) // files closed once unused (GC)
	return git.Open(st, osfs.New(r.root))
}

// walker opens the repository to read folder rel in commit rev (nil: HEAD is unborn), once
// it is known that go-git reads it exactly (with worktree, its work tree under rel too).
func (b goGitBackend) walker(worktree bool, rel, rev string) (*gitWalk, *object.Commit, error) {
	if why := b.r.unsupported(worktree); why != "" {
		return nil, nil, fmt.Errorf("this repository uses %s, which carnet reads only through git, and git is not installed", why)
	}
	repo, err := b.r.goGit()
	if err != nil {
		return nil, nil, err
	}
	w := &gitWalk{repo: repo, rel: rel, partial: b.r.partialClone(), dirs: map[plumbing.Hash]plumbing.Hash{}}
	h, err := repo.ResolveRevision(plumbing.Revision(rev))
	if errors.Is(err, plumbing.ErrReferenceNotFound) && rev == "HEAD" {
		return w, nil, nil
	} else if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", rev, err)
	}
	c, err := repo.CommitObject(*h)
	return w, c, err
}

// unsupported says why go-git cannot answer exactly for this repository ("" when it can).
func (r *Repo) unsupported(worktree bool) string {
	configs := r.gitConfigs(worktree)
	packed, _ := os.ReadFile(filepath.Join(r.commonDir, "packed-refs"))
	replace, _ := os.ReadDir(filepath.Join(r.commonDir, "refs", "replace"))
	_, grafts := os.Stat(filepath.Join(r.commonDir, "info", "grafts"))
	switch f, refs := strings.ToLower(gitConfigGet(configs, "extensions", "objectformat")), gitConfigGet(configs, "extensions", "refstorage"); {
	case f != "" && f != "sha1":
		return f + " objects"
	case refs != "" && refs != "files":
		return refs + " refs"
	case grafts == nil:
		return "grafts"
	case len(replace) > 0 || strings.Contains(string(packed), " refs/replace/"):
		return "replace refs"
	case worktree && slices.Contains([]string{"true", "input", "yes", "on", "1"}, strings.ToLower(gitConfigGet(configs, "core", "autocrlf"))):
		return "core.autocrlf" // (text and eol attributes are not applied: carnet writes LF, which they keep)
	}
	return ""
}

// partialClone says whether objects may be missing on purpose, a promisor remote
// (`clone --filter`) giving them on demand.
func (r *Repo) partialClone() bool {
	cs := r.gitConfigs(false)
	for _, c := range cs {
		for _, s := range c.Raw.Section("remote").Subsections {
			if strings.EqualFold(s.Options.Get("promisor"), "true") {
				return true
			}
		}
	}
	return gitConfigGet(cs, "extensions", "partialclone") != ""
}

// history walks commits newest first by committer date, as `git log -- rel` does.
func (b goGitBackend) history(rel string, n int) ([]Commit, error) {
	w, head, err := b.walker(false, rel, "HEAD")
	if err != nil || head == nil {
		return nil, err
	}
	var out []Commit
	queue, seen := []*object.Commit{head}, map[plumbing.Hash]bool{head.Hash: true}
	for len(queue) > 0 && (n <= 0 || len(out) < n) {
		// The latest committer date next, the first queued among equals.
		c := slices.MaxFunc(queue, func(a, b *object.Commit) int { return a.Committer.When.Compare(b.Committer.When) })
		queue = slices.DeleteFunc(queue, func(q *object.Commit) bool { return q == c })
		follow, changed, err := w.parents(c)
		if err == nil && changed {
			var before, after *object.Tree
			var files []FileChange
			if before, after, err = w.trees(c); err == nil {
				files, _, err = gitDescribe(before, after, rel, w.partial, false)
			}
			out = append(out, Commit{Hash: c.Hash.String(), Author: c.Author.Name, Email: c.Author.Email,
				When: c.Author.When, Message: strings.TrimRight(c.Message, "\n"), Files: files})
		}
		if err != nil {
			return nil, err
		}
		for _, p := range follow {
			if !seen[p.Hash] {
				seen[p.Hash], queue = true, append(queue, p)
			}
		}
	}
	return out, nil
}

// gitWalk reads folder rel in the commits of a repository; partial: versions of files may
// be missing (a partial clone).
type gitWalk struct {
	repo    *git.Repository
	rel     string
	partial bool
	dirs    map[plumbing.Hash]plumbing.Hash // root tree → rel in it (zero: none)
}

// commit reads commit h; nil when it is missing (the end of a shallow history).
func (w *gitWalk) commit(h plumbing.Hash) (*object.Commit, error) {
	c, err := w.repo.CommitObject(h)
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		return nil, nil
	}
	return c, err
}

// dir is the hash of folder rel in commit c (zero when c has none).
func (w *gitWalk) dir(c *object.Commit) (h plumbing.Hash, err error) {
	h, ok := w.dirs[c.TreeHash]
	if !ok {
		h, err = gitSubtree(w.repo.Storer, c.TreeHash, w.rel)
		w.dirs[c.TreeHash] = h
	}
	return h, err
}

// gitSubtree is the hash of folder rel in tree h of s (zero when there is none).
func gitSubtree(s storer.EncodedObjectStorer, h plumbing.Hash, rel string) (plumbing.Hash, error) {
	t, err := object.GetTree(s, h)
	if err == nil && rel != "" {
		if t, err = t.Tree(rel); errors.Is(err, object.ErrDirectoryNotFound) {
			return plumbing.ZeroHash, nil
		}
	}
	if err != nil {
		return h, err
	}
	return t.Hash, nil
}

// parents are the parents of c to follow, and whether c changed rel: a parent with the same
// rel is the only one followed (a merge that brought nothing new to rel is not listed).
func (w *gitWalk) parents(c *object.Commit) (follow []*object.Commit, changed bool, err error) {
	d, err := w.dir(c)
	for _, ph := range c.ParentHashes {
		var p *object.Commit
		var pd plumbing.Hash
		if p, err = w.commit(ph); err == nil && p != nil {
			pd, err = w.dir(p)
		}
		switch {
		case err != nil:
			return nil, false, err
		case p != nil && pd == d:
			return []*object.Commit{p}, false, nil
		case p != nil:
			follow = append(follow, p)
		}
	}
	return follow, err == nil && (len(follow) > 0 || !d.IsZero()), err
}

// trees are folder rel in c's first parent and in c (nil where there is none).
func (w *gitWalk) trees(c *object.Commit) (before, after *object.Tree, err error) {
	if len(c.ParentHashes) > 0 {
		if before, err = w.tree(w.commit(c.ParentHashes[0])); err != nil {
			return nil, nil, err
		}
	}
	after, err = w.tree(c, nil)
	return before, after, err
}

// tree is folder rel in c (nil when c, or rel in it, is missing), unless err.
func (w *gitWalk) tree(c *object.Commit, err error) (*object.Tree, error) {
	var h plumbing.Hash
	if err == nil && c != nil {
		h, err = w.dir(c)
	}
	if err != nil || h.IsZero() {
		return nil, err
	}
	return object.GetTree(w.repo.Storer, h)
}

// commitDiff diffs folder rel of commit hash (full or abbreviated) against its first parent.
func (b goGitBackend) commitDiff(hash, rel string) (string, error) {
	w, c, err := b.walker(false, rel, hash)
	var before, after *object.Tree
	if err == nil {
		before, after, err = w.trees(c)
	}
	if err != nil {
		return "", err
	}
	_, patch, err := gitDescribe(before, after, rel, w.partial, true)
	return patch, err
}

// status compares folder rel of HEAD with the work tree, staged in memory as a commit would
// take it.
func (b goGitBackend) status(rel string, patch bool) ([]FileChange, string, error) {
	w, head, err := b.walker(true, rel, "HEAD")
	var base, after *object.Tree
	if err == nil && head != nil {
		_, base, err = w.trees(head)
	}
	var s *gitStaging
	var h plumbing.Hash
	var c *object.Commit
	if err == nil {
		s, h, err = b.stage(w.repo, head, []string{rel}, memory.NewStorage(), "pending",
			&git.CommitOptions{Author: &object.Signature{Name: "carnet"}, AllowEmptyCommits: true})
	}
	if err == nil {
		c, err = object.GetCommit(s, h)
	}
	if err == nil { // rel in the staged commit, read through s
		after, err = (&gitWalk{repo: &git.Repository{Storer: s}, rel: rel, dirs: map[plumbing.Hash]plumbing.Hash{}}).tree(c, nil)
	}
	if err != nil {
		return nil, "", err
	}
	return gitDescribe(base, after, rel, false, patch)
}

// blob reads file rel at revision rev.
func (b goGitBackend) blob(rev, rel string) ([]byte, error) {
	_, c, err := b.walker(false, "", rev)
	var f *object.File
	if err == nil {
		f, err = c.File(rel)
	}
	if errors.Is(err, object.ErrFileNotFound) {
		return nil, fmt.Errorf("%s has no %s: %w", rev, rel, fs.ErrNotExist)
	} else if err != nil {
		return nil, err
	}
	s, err := f.Contents()
	return []byte(s), err
}

// gitDescribe lists (and, with patch, writes the unified diff of) the files that differ
// between two trees of folder rel, renames paired at git's 50% similarity. In a partial clone
// only identical files pair, and a file with a version missing has unknown counts.
func gitDescribe(before, after *object.Tree, rel string, partial, patch bool) ([]FileChange, string, error) {
	changes, err := object.DiffTreeWithOptions(context.Background(), before, after,
		&object.DiffTreeOptions{DetectRenames: true, RenameScore: 50, OnlyExactRenames: partial})
	if err != nil {
		return nil, "", err
	}
	slices.SortStableFunc(changes, func(a, b *object.Change) int {
		return strings.Compare(cmp.Or(a.To.Name, a.From.Name), cmp.Or(b.To.Name, b.From.Name))
	})
	files, all := make([]FileChange, 0, len(changes)), gitPatch{}
	for _, ch := range changes {
		fc := FileChange{Path: gitJoin(rel, cmp.Or(ch.To.Name, ch.From.Name)), Kind: "M"}
		switch from, to := ch.From.Name, ch.To.Name; {
		case from == "":
			fc.Kind = "A"
		case to == "":
			fc.Kind = "D"
		case from != to:
			fc.Kind, fc.From = "R", gitJoin(rel, from)
		}
		for _, e := range []*object.ChangeEntry{&ch.From, &ch.To} {
			if e.Name != "" {
				e.Name = gitJoin(rel, e.Name)
			}
		}
		p, err := ch.Patch()
		if fc.Unknown = partial && errors.Is(err, plumbing.ErrObjectNotFound); err != nil && !fc.Unknown {
			return nil, "", err
		}
		for i := 0; p != nil && i < len(p.FilePatches()); i++ {
			for _, c := range p.FilePatches()[i].Chunks() {
				n := strings.Count(c.Content(), "\n")
				if s := c.Content(); s != "" && !strings.HasSuffix(s, "\n") {
					n++ // a last line without its newline
				}
				switch c.Type() {
				case fdiff.Add:
					fc.Added += n
				case fdiff.Delete:
					fc.Deleted += n
				}
			}
			all = append(all, p.FilePatches()[i])
		}
		files = append(files, fc)
	}
	var out strings.Builder
	if patch {
		err = fdiff.NewUnifiedEncoder(&out, fdiff.DefaultContextLines).Encode(all)
	}
	return files, out.String(), err
}

type gitPatch []fdiff.FilePatch

func (p gitPatch) FilePatches() []fdiff.FilePatch { return p }
func (gitPatch) Message() string                  { return "" }

// commit is CommitPaths through go-git: its worktree adds the paths to an index of carnet's
// made of HEAD's files (stage) and commits it; the branch and the user's index are written
// anew (renamed over the old: a carnet killed meanwhile leaves either), the reflogs appended.
// A lock of git's (index.lock, the branch's .lock) stops it; carnet takes none, as no other
// git runs where git is not installed.
func (b goGitBackend) commit(_ context.Context, rels []string, message string) (CommitResult, error) {
	r := b.r
	w, base, err := b.walker(false, "", "HEAD")
	var head *plumbing.Reference
	if err == nil {
		head, err = w.repo.Storer.Reference(plumbing.HEAD)
	}
	if err != nil {
		return CommitResult{}, err
	} else if head.Type() != plumbing.SymbolicReference {
		return CommitResult{Skipped: "detached HEAD"}, nil
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
	author, committer := r.signatures(time.Now())
	s, hash, err := b.stage(w.repo, base, rels, nil, message+"\n", &git.CommitOptions{Author: &author, Committer: &committer, Parents: parents})
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
		return cmp.Or(index.NewEncoder(w).Encode(gitApplyIndex(s.user, s.idx, rels)), w.Flush())
	}); err != nil {
		return CommitResult{Hash: hash.String()}, fmt.Errorf("committed %s but could not update the index: %w", hash, err)
	}
	return CommitResult{Hash: hash.String()}, nil
}

// gitStaging is the repository as go-git's worktree sees it, with carnet's index instead of
// the user's, the branch left alone and, with mem, new objects kept in memory (for Pending).
type gitStaging struct {
	storage.Storer
	idx, user *index.Index
	mem       *memory.Storage
}

func (s *gitStaging) Index() (*index.Index, error)           { return s.idx, nil }
func (s *gitStaging) SetIndex(idx *index.Index) error        { s.idx = idx; return nil }
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

// stage adds the work-tree state of rels, through go-git's worktree, to an index of base's
// files (with the user's stat data where the content is the same: only changed files are
// read) and commits it, new objects going to mem unless nil; `.debug` folders left out.
func (b goGitBackend) stage(repo *git.Repository, base *object.Commit, rels []string, mem *memory.Storage,
	message string, opts *git.CommitOptions) (*gitStaging, plumbing.Hash, error) {
	s, stat, tracked := &gitStaging{Storer: repo.Storer, idx: &index.Index{Version: 2}, mem: mem}, map[string]*index.Entry{}, map[string]bool{}
	user, err := repo.Storer.Index()
	var t *object.Tree
	if err == nil && base != nil {
		t, err = base.Tree()
	}
	if err != nil {
		return nil, plumbing.ZeroHash, err
	}
	for _, e := range user.Entries {
		stat[e.Name] = e
	}
	if s.user = user; t != nil {
		w := object.NewTreeWalker(t, true, nil)
		defer w.Close()
		for name, e, err := w.Next(); err == nil; name, e, err = w.Next() {
			if e.Mode != filemode.Dir {
				ie := &index.Entry{Name: name, Hash: e.Hash, Mode: e.Mode}
				if u := stat[name]; u != nil && u.Hash == e.Hash && u.Stage == index.Merged {
					*ie = *u
				}
				tracked[name], s.idx.Entries = true, append(s.idx.Entries, ie)
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
	committed := func(p string) bool {
		return slices.ContainsFunc(rels, func(rel string) bool { return gitUnder(p, rel) })
	}
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

// gitReplaceFile writes a new file in tmpDir (of the same git folder), then renames it over path.
func gitReplaceFile(path, tmpDir string, write func(*os.File) error) error {
	f, err := os.CreateTemp(tmpDir, "carnet-tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	if err = cmp.Or(write(f), f.Sync(), f.Close(), os.MkdirAll(filepath.Dir(path), 0o777)); err == nil {
		err = os.Rename(f.Name(), path)
	}
	return err
}

// appendReflog records the commit in the branch's and HEAD's reflogs, where kept, as git does.
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

// gitParseDate reads a date of --date=raw or GIT_AUTHOR_DATE: "[@]<unix> <zone>", RFC 3339,
// RFC 2822 or git's own format.
func gitParseDate(s string) (time.Time, bool) {
	if f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(s), "@")); len(f) == 1 || len(f) == 2 {
		if sec, err := strconv.ParseInt(f[0], 10, 64); err == nil {
			z, err := time.Parse("-0700", f[len(f)-1])
			if len(f) == 1 {
				z, err = time.Time{}, nil
			}
			return time.Unix(sec, 0).In(z.Location()), err == nil
		}
	}
	for _, layout := range []string{time.RFC3339, time.RFC1123Z, "Mon Jan 2 15:04:05 2006 -0700"} {
		if t, err := time.Parse(layout, strings.TrimSpace(s)); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}

// gitConfigs reads the repository's config files, after (with global) the system and global
// ones, as git orders them: later ones win. Includes are not followed.
func (r *Repo) gitConfigs(global bool) []*config.Config {
	var paths []string
	if home, _ := os.UserHomeDir(); global && os.Getenv("GIT_CONFIG_GLOBAL") != "" {
		paths = []string{"/etc/gitconfig", os.Getenv("GIT_CONFIG_GLOBAL")}
	} else if global {
		paths = []string{"/etc/gitconfig", gitUserFile("", "config"), filepath.Join(home, ".gitconfig")}
	}
	if len(paths) > 0 && os.Getenv("GIT_CONFIG_NOSYSTEM") != "" {
		paths = paths[1:]
	}
	var out []*config.Config
	for _, p := range append(paths, filepath.Join(r.commonDir, "config"), filepath.Join(r.gitDir, "config.worktree")) {
		if f, err := os.Open(p); err == nil {
			if c, err := config.ReadConfig(bufio.NewReader(f)); err == nil {
				out = append(out, c)
			}
			f.Close()
		}
	}
	return out
}

func gitConfigGet(configs []*config.Config, section, key string) string {
	v := ""
	for _, c := range configs {
		v = cmp.Or(c.Raw.Section(section).Options.Get(key), v)
	}
	return v
}

// gitUserFile is a file of the user's git: the configured path (~/ expanded), else
// $XDG_CONFIG_HOME/git/name, else ~/.config/git/name.
func gitUserFile(configured, name string) string {
	home, _ := os.UserHomeDir()
	if rest, ok := strings.CutPrefix(configured, "~/"); ok {
		return filepath.Join(home, rest)
	}
	return cmp.Or(configured, filepath.Join(cmp.Or(os.Getenv("XDG_CONFIG_HOME"), filepath.Join(home, ".config")), "git", name))
}

func gitJoin(prefix, name string) string { return strings.TrimPrefix(prefix+"/"+name, "/") }
