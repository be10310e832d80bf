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
	"strings"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/config"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	fdiff "github.com/go-git/go-git/v5/plumbing/format/diff"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// goGitBackend answers through go-git where git is not installed (its commits:
// gogitcommit.go); it also reads a partial clone's history, without fetching anything.
type goGitBackend struct{ r *Repo }

// goGit opens the repository with go-git (alternates included).
func (r *Repo) goGit() (*git.Repository, error) {
	fs := billy.Filesystem(osfs.New(r.gitDir))
	if r.commonDir != r.gitDir {
		fs = dotgit.NewRepositoryFilesystem(fs, osfs.New(r.commonDir))
	}
	st := filesystem.NewStorageWithOptions(fs, cache.NewObjectLRUDefault(), filesystem.Options{AlternatesFS: osfs.New("/")})
	return git.Open(st, osfs.New(r.root))
}

// walker opens the repository to read folder rel in commit rev (nil: HEAD is unborn), once
// it is known that go-git reads it exactly; worktree also asks whether its work-tree files
// under rel become blobs as they are.
func (b goGitBackend) walker(worktree bool, rel, rev string) (*gitWalk, *object.Commit, error) {
	if why := b.r.unsupported(worktree, rel); why != "" {
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
func (r *Repo) unsupported(worktree bool, rel string) string {
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
		return "core.autocrlf"
	case worktree && r.convertsContent(configs, rel):
		return "conversion attributes"
	}
	return ""
}

// convertsContent says whether an attributes file that can apply under folder rel sets (or
// unsets) an attribute that converts content between the work tree and the object store.
func (r *Repo) convertsContent(configs []*config.Config, rel string) bool {
	files := []string{filepath.Join(r.commonDir, "info", "attributes"), gitUserFile(gitConfigGet(configs, "core", "attributesfile"), "attributes")}
	for dir := rel; ; dir = filepath.Dir(dir) { // the folders above rel, then those under it
		if files = append(files, filepath.Join(r.abs(dir), ".gitattributes")); dir == "." || dir == "" {
			break
		}
	}
	_ = filepath.WalkDir(r.abs(rel), func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Name() == ".gitattributes" {
			files = append(files, p)
		}
		return nil
	})
	return slices.ContainsFunc(files, func(path string) bool {
		b, _ := os.ReadFile(path)
		for line := range strings.Lines(string(b)) {
			for i, a := range strings.Fields(line) {
				name, _, _ := strings.Cut(strings.TrimLeft(a, "-!"), "=")
				if i > 0 && line[0] != '#' && slices.Contains([]string{"text", "eol", "crlf", "filter", "ident", "working-tree-encoding"}, name) {
					return true
				}
			}
		}
		return false
	})
}

// partialClone says whether objects may be missing on purpose: a promisor remote
// (`clone --filter`) gives them on demand.
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
		next := 0 // the latest committer date, the first queued among equals
		for i, c := range queue {
			if c.Committer.When.After(queue[next].Committer.When) {
				next = i
			}
		}
		c := queue[next]
		queue = slices.Delete(queue, next, next+1)
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

// gitWalk reads folder rel in the commits of a repository.
type gitWalk struct {
	repo    *git.Repository
	rel     string
	partial bool                            // a partial clone: versions of files may be missing
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
	if err != nil || rel == "" {
		return h, err
	}
	e, err := t.FindEntry(rel)
	if err != nil && !errors.Is(err, object.ErrEntryNotFound) && !errors.Is(err, object.ErrDirectoryNotFound) {
		return h, err
	} else if err != nil || e.Mode != filemode.Dir {
		return plumbing.ZeroHash, nil
	}
	return e.Hash, nil
}

// parents are the parents of c the walk follows, and whether c changed rel: a parent with
// the same rel is the only one followed (the change, if any, came from there), so a merge
// that brought nothing new to rel is not listed.
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
// take it (gogitcommit.go).
func (b goGitBackend) status(rel string, patch bool) ([]FileChange, string, error) {
	w, head, err := b.walker(true, rel, "HEAD")
	var base, after *object.Tree
	if err == nil && head != nil {
		_, base, err = w.trees(head)
	}
	if err == nil {
		after, err = b.pending(w.repo, head, rel)
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
	if errors.Is(err, object.ErrFileNotFound) || errors.Is(err, object.ErrDirectoryNotFound) || errors.Is(err, object.ErrEntryNotFound) {
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
	files, fps := make([]FileChange, 0, len(changes)), map[string][]fdiff.FilePatch{}
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
			fps[fc.Path] = append(fps[fc.Path], p.FilePatches()[i])
		}
		files = append(files, fc)
	}
	slices.SortStableFunc(files, func(a, b FileChange) int { return strings.Compare(a.Path, b.Path) })
	var all gitPatch
	for _, f := range files {
		all = append(all, fps[f.Path]...)
	}
	var out strings.Builder
	if patch {
		err = fdiff.NewUnifiedEncoder(&out, fdiff.DefaultContextLines).Encode(all)
	}
	return files, out.String(), err
}

// gitPatch is file patches as one patch, for go-git's unified encoder.
type gitPatch []fdiff.FilePatch

func (p gitPatch) FilePatches() []fdiff.FilePatch { return p }
func (gitPatch) Message() string                  { return "" }

// gitJoin joins a folder prefix and a name with a slash.
func gitJoin(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "/" + name
}

// gitConfigs reads the config files git reads for the repository, in its order (later win):
// with global, the system and global ones first. Includes are not followed.
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

// gitConfigGet is the last value of section.key in configs.
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
