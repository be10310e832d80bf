// Package gitrepo is carnet's git layer, with no memory vocabulary: find and open a
// repository, commit exactly a set of paths without touching the user's staged work
// (commit.go), the history of one folder by subtree hash (history.go), uncommitted changes
// (pending.go), the diffs shown for all of them (diff.go) and blob versions. Reads go
// through a small pack reader of its own where measured faster, else go-git.
package gitrepo

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/go-git/go-billy/v5"
	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// ErrNotGitRepository is returned by the read functions of the git layer
// (History, CommitDiff, Pending…) when the folder is not inside a git work tree.
var ErrNotGitRepository = errors.New("not a git repository")

// BlobVersion is the first 10 hex digits of the git blob hash of data (the MCP `version`):
// the same digits `git hash-object` prints for a file holding data.
func BlobVersion(data []byte) string {
	return plumbing.ComputeHash(plumbing.BlobObject, data).String()[:10]
}

// FindRepoRoot returns the top-level folder of the git work tree holding dir.
func FindRepoRoot(dir string) (string, bool) {
	root, _, _, err := gitFindDirs(dir)
	if err != nil {
		return "", false
	}
	return root, true
}

// Repo is a repository found once and kept: the folder relative paths are taken from, the
// top-level of its work tree and its git folders. Every operation opens the object storage it
// needs and closes it, so a Repo kept for a long time (the UI, the MCP server) always sees
// what other processes wrote; only the walk up to .git is saved.
type Repo struct {
	base      string // relative paths given to the methods are relative to this folder
	root      string
	gitDir    string
	commonDir string
	reads     *readerCache // the object storage the reads share, reopened when packs change
}

// readerCache keeps one open object storage for the reads of a Repo (the timeline's history
// and its fifty diffs read through one), reopened when the packs, the commit-graph or the
// alternates change (a gc, a fetch). Loose objects and refs are read from disk each time.
type readerCache struct {
	mu    sync.Mutex
	r     *gitRepo
	stamp string
}

// reader returns the shared storage, locked until release is called.
func (rp *Repo) reader() (r *gitRepo, release func()) {
	c := rp.reads
	c.mu.Lock()
	stamp := rp.objectsStamp()
	if c.r == nil || c.stamp != stamp {
		if c.r != nil {
			_ = c.r.Close()
		}
		c.r, c.stamp = rp.open(), stamp
	}
	return c.r, c.mu.Unlock
}

// objectsStamp changes when the set of packs, the commit-graph or the alternates change.
func (rp *Repo) objectsStamp() string {
	var b strings.Builder
	for _, p := range []string{"objects/pack", "objects/info/commit-graph", "objects/info/commit-graphs",
		"objects/info/commit-graphs/commit-graph-chain", "objects/info/alternates", "shallow", "config"} {
		if fi, err := os.Stat(filepath.Join(rp.commonDir, p)); err == nil {
			fmt.Fprintf(&b, "%s:%d:%d;", p, fi.ModTime().UnixNano(), fi.Size())
		}
	}
	return b.String()
}

// Open finds the repository holding dir; relative paths later given to the Repo are taken
// relative to dir. It returns ErrNotGitRepository outside a git work tree.
func Open(dir string) (*Repo, error) {
	base, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	root, gitDir, commonDir, err := gitFindDirs(base)
	if err != nil {
		return nil, err
	}
	return &Repo{base: base, root: root, gitDir: gitDir, commonDir: commonDir, reads: &readerCache{}}, nil
}

// At is the same repository with relative paths taken from dir.
func (r *Repo) At(dir string) *Repo {
	c := *r
	c.base, c.reads = dir, &readerCache{}
	return &c
}

// Lookups counts the walks up to a .git folder this process made (Open, FindRepoRoot): a
// trace for tests that check a repository is looked for once per workspace.
func Lookups() int64 { return lookups.Load() }

var lookups atomic.Int64

// Root is the top-level folder of the work tree.
func (r *Repo) Root() string { return r.root }

// open opens the object storage of the repository.
func (r *Repo) open() *gitRepo {
	fs := billy.Filesystem(osfs.New(r.gitDir))
	if r.commonDir != r.gitDir {
		fs = dotgit.NewRepositoryFilesystem(fs, osfs.New(r.commonDir))
	}
	st := filesystem.NewStorageWithOptions(fs, cache.NewObjectLRUDefault(),
		filesystem.Options{KeepDescriptors: true})
	obj := newGitObjects(st, r.gitDir, r.commonDir)
	obj.partial = gitIsPartialClone(r.commonDir)
	return &gitRepo{root: r.root, base: r.base, gitDir: r.gitDir, commonDir: r.commonDir, st: st, obj: obj}
}

// gitIsPartialClone says whether objects may be missing on purpose: a promisor remote
// (`clone --filter`) will give them on demand.
func gitIsPartialClone(commonDir string) bool {
	c := gitReadConfigFile(filepath.Join(commonDir, "config"))
	if c == nil {
		return false
	}
	if c.Raw.Section("extensions").Options.Get("partialclone") != "" {
		return true
	}
	for _, s := range c.Raw.Section("remote").Subsections {
		if strings.EqualFold(s.Options.Get("promisor"), "true") {
			return true
		}
	}
	return false
}

// gitRepo is an open repository: its work tree, its git folders and an object
// storage that keeps pack files open between reads. Close it when done.
type gitRepo struct {
	root      string // top-level of the work tree
	base      string // the folder relative paths given by the caller are relative to
	gitDir    string // per-work-tree git folder: HEAD, index, MERGE_HEAD…
	commonDir string // shared git folder: objects, refs (== gitDir outside linked work trees)
	st        *filesystem.Storage
	obj       *gitObjects // fast reads of packed objects
}

// gitFindDirs walks up from dir to the first folder holding a `.git` folder or
// a `.git` file (linked work trees, submodules).
func gitFindDirs(dir string) (root, gitDir, commonDir string, err error) {
	lookups.Add(1)
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", "", "", err
	}
	for d := abs; ; {
		dot := filepath.Join(d, ".git")
		if fi, err := os.Stat(dot); err == nil {
			switch {
			case fi.IsDir():
				gitDir = dot
			case fi.Mode().IsRegular():
				if gitDir, err = gitReadGitFile(dot); err != nil {
					return "", "", "", err
				}
			}
			if gitDir != "" {
				if _, err := os.Stat(filepath.Join(gitDir, "HEAD")); err == nil {
					commonDir = gitDir
					if b, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
						commonDir = strings.TrimSpace(string(b))
						if !filepath.IsAbs(commonDir) {
							commonDir = filepath.Join(gitDir, commonDir)
						}
					}
					return d, gitDir, filepath.Clean(commonDir), nil
				}
				gitDir = ""
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", "", ErrNotGitRepository
		}
		d = parent
	}
}

// gitReadGitFile reads the `gitdir: …` line of a `.git` file.
func gitReadGitFile(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	dir, ok := strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
	if !ok {
		return "", fmt.Errorf("%s: no gitdir line", path)
	}
	dir = strings.TrimSpace(dir)
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(filepath.Dir(path), dir)
	}
	return filepath.Clean(dir), nil
}

// Close releases the pack files the storages kept open or mapped.
func (r *gitRepo) Close() error {
	r.obj.close()
	return r.st.Close()
}

// relPath turns a path given by the caller (absolute, or relative to the folder
// the repository was opened from) into a slash path relative to the top-level;
// "" is the top-level itself.
func (r *gitRepo) relPath(p string) (string, error) {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.base, p)
	}
	abs = filepath.Clean(abs)
	rel, err := filepath.Rel(r.root, abs)
	if err != nil || gitOutside(rel) {
		// The same folder reached through a symbolic link (/tmp and /private/tmp…).
		root, err1 := filepath.EvalSymlinks(r.root)
		real, err2 := EvalExisting(abs)
		if err1 == nil && err2 == nil {
			rel, err = filepath.Rel(root, real)
		}
		if err != nil || gitOutside(rel) {
			return "", fmt.Errorf("%s is outside the git work tree %s", p, r.root)
		}
	}
	rel = filepath.ToSlash(rel)
	if rel == "." {
		rel = ""
	}
	if rel == ".git" || strings.HasPrefix(rel, ".git/") {
		return "", fmt.Errorf("%s is inside the .git folder", p)
	}
	return rel, nil
}

func gitOutside(rel string) bool {
	return rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel)
}

// EvalExisting resolves the symbolic links of the longest existing prefix of p (p itself
// may have been deleted, or not be written yet); an error other than a missing file stops it.
func EvalExisting(p string) (string, error) {
	var rest []string
	for {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return "", err
		}
		parent := filepath.Dir(p)
		if parent == p {
			return "", err
		}
		rest = append([]string{filepath.Base(p)}, rest...)
		p = parent
	}
}

// abs is the file-system path of a slash path relative to the top-level.
func (r *gitRepo) abs(rel string) string {
	return filepath.Join(r.root, filepath.FromSlash(rel))
}

// head returns the hash of the commit HEAD points to; false on an unborn branch.
func (r *gitRepo) head() (plumbing.Hash, bool, error) {
	ref, err := r.st.Reference(plumbing.HEAD)
	for i := 0; err == nil && ref.Type() == plumbing.SymbolicReference && i < 10; i++ {
		ref, err = r.st.Reference(ref.Target())
	}
	switch {
	case errors.Is(err, plumbing.ErrReferenceNotFound):
		return plumbing.ZeroHash, false, nil
	case err != nil:
		return plumbing.ZeroHash, false, err
	case ref.Type() != plumbing.HashReference:
		return plumbing.ZeroHash, false, errors.New("HEAD: too many levels of symbolic references")
	}
	return ref.Hash(), true, nil
}

// headTree returns the tree of the HEAD commit; the zero hash on an unborn branch.
func (r *gitRepo) headTree() (plumbing.Hash, error) {
	h, ok, err := r.head()
	if err != nil || !ok {
		return plumbing.ZeroHash, err
	}
	ci, err := r.obj.commitInfo(h)
	return ci.tree, err
}

// treeAt returns the hash of the folder at path rel in tree root; the zero hash
// when there is no folder there.
func (r *gitRepo) treeAt(root plumbing.Hash, rel string) (plumbing.Hash, error) {
	h := root
	if rel == "" {
		return h, nil
	}
	for name := range strings.SplitSeq(rel, "/") {
		if h.IsZero() {
			return h, nil
		}
		e, ok, err := r.obj.treeEntry(h, name)
		if err != nil {
			return plumbing.ZeroHash, err
		}
		h = plumbing.ZeroHash
		if ok && e.Mode == filemode.Dir {
			h = e.Hash
		}
	}
	return h, nil
}
