// Package gitrepo is carnet's git layer, with no memory vocabulary: find a repository once
// (Open), commit exactly some paths leaving the user's staged work alone (CommitPaths), the
// history of a folder (History), the diff of a commit (CommitDiff), the uncommitted changes
// of a folder (Pending, PendingDiff), a file at a revision (BlobAt).
//
// Where git is installed, all of it runs the user's git and parses its porcelain, --format
// and -z output (cli.go); where it is not, go-git answers, refusing in one line what it cannot
// read exactly (gogit.go). A new operation of this narrow interface is a Repo method in a
// file of its own that runs r.Git or r.GitRead when r.HasGit(), and reads r.goGit() otherwise.
// What only git answers lives in packages of their own, on the runner Git, GitRead and
// GitStream: rewriting a text out of history (gitrepo/purge), the batched lookups of the
// reference check (gitrepo/query).
package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
)

// ErrNotGitRepository is returned by Open (and so by every read) outside a git work tree.
var ErrNotGitRepository = errors.New("not a git repository")

// Commit is one commit of a folder's history.
type Commit struct {
	Hash    string
	Author  string
	Email   string
	When    time.Time // author date
	Message string    // full message, without its final newline
	Files   []FileChange
}

// FileChange is one file a commit (or the work tree) changed under the folder asked about.
type FileChange struct {
	Path    string // new path, relative to the top-level of the work tree
	From    string // old path for a rename, else ""
	Kind    string // "A", "M", "D", "R"
	Added   int    // lines added
	Deleted int    // lines deleted
	Unknown bool   // the counts are unknown: a partial clone lacks a version of the file
}

// CommitResult says what CommitPaths did.
type CommitResult struct {
	Hash    string // full hex hash of the new commit; "" when no commit was made
	Skipped string // why no commit was made: "not a git repository", "detached HEAD", "merge in progress", "rebase in progress", "cherry-pick in progress", "revert in progress", "nothing to commit"
}

// backend is the one narrow interface to a repository: the user's git (cliBackend) or go-git
// (goGitBackend). Paths are slash paths relative to the top-level.
type backend interface {
	commit(ctx context.Context, rels []string, message string) (CommitResult, error)
	history(rel string, n int) ([]Commit, error)
	commitDiff(hash, rel string) (string, error)
	status(rel string, patch bool) ([]FileChange, string, error)
	blob(rev, rel string) ([]byte, error)
}

// Repo is a repository found once and kept: its folders. Nothing read from it is kept, so a
// Repo kept for hours (the UI, the MCP server) sees what other processes wrote.
type Repo struct {
	base      string // relative paths given to the methods are relative to this folder
	root      string // top-level of the work tree
	gitDir    string // per-work-tree git folder: HEAD, index, MERGE_HEAD…
	commonDir string // shared git folder: objects, refs (== gitDir outside linked work trees)
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
	return &Repo{base: base, root: root, gitDir: gitDir, commonDir: commonDir}, nil
}

// At is the same repository with relative paths taken from dir.
func (r *Repo) At(dir string) *Repo { c := *r; c.base = dir; return &c }

// Root is the top-level folder of the work tree.
func (r *Repo) Root() string { return r.root }

// CommonDir is the git folder the work trees share: objects, refs, hooks, config.
func (r *Repo) CommonDir() string { return r.commonDir }

// Prefix is the folder dir (absolute, or relative to the folder the Repo was opened from) as
// a slash path from the top-level ("" for the top-level itself).
func (r *Repo) Prefix(dir string) (string, error) { return r.relPath(dir) }

// Config is the value of section.key in the repository's own config files, as go-git reads
// them (for where git is not installed); "" when unset.
func (r *Repo) Config(section, key string) string {
	return gitConfigGet(r.gitConfigs(false), section, key)
}

// Head is the commit HEAD names ("" on an unborn branch), read by go-git from the refs where
// it reads them exactly, so that no process runs; ok is false where it cannot (ask git).
func (r *Repo) Head() (hash string, ok bool) {
	if r.unsupported(false) != "" {
		return "", false
	}
	repo, err := r.goGit()
	if err != nil {
		return "", false
	}
	ref, err := repo.Head()
	if err != nil {
		return "", errors.Is(err, plumbing.ErrReferenceNotFound)
	}
	return ref.Hash().String(), true
}

// FindRepoRoot returns the top-level folder of the git work tree holding dir.
func FindRepoRoot(dir string) (string, bool) {
	root, _, _, err := gitFindDirs(dir)
	return root, err == nil
}

// Lookups counts the walks up to a .git folder this process made (Open, FindRepoRoot), for
// the tests that check a repository is looked for once per workspace.
func Lookups() int64 { return lookups.Load() }

var lookups atomic.Int64

// BlobVersion is the first 10 hex digits of the git blob hash of data (the MCP `version`):
// what `git hash-object` prints for a file holding data, in a SHA-1 repository.
func BlobVersion(data []byte) string {
	return plumbing.ComputeHash(plumbing.BlobObject, data).String()[:10]
}

// HasGit says whether the user's git is there to run (else go-git answers).
func (r *Repo) HasGit() bool { return gitCLI() != "" }

// with runs ask on r's backend, dir made relative to the top-level.
func with[T any](r *Repo, dir string, ask func(b backend, rel string) (T, error)) (T, error) {
	rel, err := r.relPath(dir)
	if err != nil {
		var none T
		return none, err
	}
	if r.HasGit() {
		return ask(cliBackend{r}, rel)
	}
	return ask(goGitBackend{r}, rel)
}

// History returns the last n commits (newest first; n<=0: all) that `git log -- dir` lists
// (dir absolute, or relative to the folder the Repo was opened from), with the files each
// changed under dir and their +/- counts against its first parent.
func (r *Repo) History(dir string, n int) ([]Commit, error) {
	return with(r, dir, func(b backend, rel string) ([]Commit, error) { return b.history(rel, n) })
}

// CommitDiff returns the git-style unified diff of what commit hash (full or abbreviated)
// changed under dir, against its first parent.
func (r *Repo) CommitDiff(hash, dir string) (string, error) {
	if hash = strings.ToLower(strings.TrimSpace(hash)); len(hash) < 4 || len(hash) > 64 || strings.Trim(hash, "0123456789abcdef") != "" {
		return "", fmt.Errorf("%q is not a commit hash", hash)
	}
	return with(r, dir, func(b backend, rel string) (string, error) { return b.commitDiff(hash, rel) })
}

// Pending lists the uncommitted changes under dir, the work tree (untracked files included,
// gitignored ones and `.debug` folders not) against HEAD, with +/- counts; a move is a rename.
func (r *Repo) Pending(dir string) ([]FileChange, error) {
	return with(r, dir, func(b backend, rel string) ([]FileChange, error) {
		files, _, err := b.status(rel, false)
		return files, err
	})
}

// PendingDiff is the git-style unified diff of Pending.
func (r *Repo) PendingDiff(dir string) (string, error) {
	return with(r, dir, func(b backend, rel string) (string, error) {
		_, patch, err := b.status(rel, true)
		return patch, err
	})
}

// BlobAt returns file path's content at revision rev (a hash, a branch, HEAD~2…); an error
// wrapping fs.ErrNotExist when rev has no such file.
func (r *Repo) BlobAt(rev, path string) ([]byte, error) {
	return with(r, path, func(b backend, rel string) ([]byte, error) {
		if rel == "" || rev == "" || strings.ContainsAny(rev, " \t\r\n:") || strings.ContainsAny(rel, "\r\n") {
			return nil, fmt.Errorf("%s at %q: not a file at a revision", path, rev)
		}
		return b.blob(rev, rel)
	})
}

// CommitPaths makes one commit on the current branch, on top of HEAD, of exactly the
// work-tree state of paths (absolute, or relative to the folder the Repo was opened from): a
// path missing from the work tree is removed (a move committed as old+new paths is a rename);
// a folder stands for every file under it git would see (untracked ignored files and `.debug`
// folders left out), so passing the memory folder also takes along the files of an earlier
// commit a failing hook refused. The rest of the user's index stays as it was. On a detached
// HEAD or during a merge, rebase, cherry-pick or revert it commits nothing and says why.
//
// With git it is `git commit --only`: the user's hooks, signing, filters, index format and
// reflog apply, and a refused commit returns git's reason in one line. Without git, go-git
// writes it (author from GIT_AUTHOR_*, else git config, else "carnet <carnet@localhost>").
// carnet's writers take turns on a lock of their own; ctx bounds the commit (SIGTERM).
func (r *Repo) CommitPaths(ctx context.Context, paths []string, message string) (CommitResult, error) {
	if message = strings.TrimRight(message, " \t\r\n"); strings.TrimSpace(message) == "" {
		return CommitResult{}, errors.New("empty commit message")
	}
	var rels []string
	for _, p := range paths {
		rel, err := r.relPath(p)
		if err != nil {
			return CommitResult{}, err
		}
		if rel == "" {
			return CommitResult{}, fmt.Errorf("%s is the whole work tree; carnet commits memory paths only", p)
		}
		rels = append(rels, rel)
	}
	sort.Strings(rels)
	rels = slices.Compact(rels)
	unlock, err := r.lockCommits(ctx)
	if err != nil {
		return CommitResult{}, err
	}
	defer unlock()
	wait := gitLockBackoff
	for attempt := 1; ; attempt++ {
		if why := r.busy(); why != "" {
			return CommitResult{Skipped: why}, nil
		}
		res, err := with(r, "", func(b backend, _ string) (CommitResult, error) { return b.commit(ctx, rels, message) })
		if _, locked := errors.AsType[*gitLockedError](err); !locked || attempt == gitLockRetries {
			return res, err
		}
		select {
		case <-ctx.Done():
			return res, err
		case <-time.After(wait):
		}
		wait *= 2
	}
}

// busy says which operation in progress forbids a commit, or "".
func (r *Repo) busy() string {
	for _, s := range [][2]string{{"rebase-merge", "rebase"}, {"rebase-apply", "rebase"}, {"MERGE_HEAD", "merge"},
		{"CHERRY_PICK_HEAD", "cherry-pick"}, {"REVERT_HEAD", "revert"}} {
		if _, err := os.Stat(filepath.Join(r.gitDir, s[0])); err == nil {
			return s[1] + " in progress"
		}
	}
	return ""
}

// gitFindDirs walks up from dir to the first folder holding a `.git` folder, or a `.git`
// file (linked work trees, submodules) naming one.
func gitFindDirs(dir string) (root, gitDir, commonDir string, err error) {
	lookups.Add(1)
	d, err := filepath.Abs(dir)
	for ; err == nil; d = filepath.Dir(d) {
		dot := filepath.Join(d, ".git")
		gitDir = dot
		if b, err := os.ReadFile(dot); err == nil { // a .git file: "gitdir: <path>"
			line, _, _ := strings.Cut(string(b), "\n")
			gitDir, _ = strings.CutPrefix(strings.TrimSpace(line), "gitdir:")
			if gitDir = strings.TrimSpace(gitDir); !filepath.IsAbs(gitDir) {
				gitDir = filepath.Join(d, gitDir)
			}
		}
		if _, err := os.Stat(filepath.Join(gitDir, "HEAD")); err == nil {
			commonDir = gitDir
			if b, err := os.ReadFile(filepath.Join(gitDir, "commondir")); err == nil {
				if commonDir = strings.TrimSpace(string(b)); !filepath.IsAbs(commonDir) {
					commonDir = filepath.Join(gitDir, commonDir)
				}
			}
			return d, filepath.Clean(gitDir), filepath.Clean(commonDir), nil
		}
		if filepath.Dir(d) == d {
			return "", "", "", ErrNotGitRepository
		}
	}
	return "", "", "", err
}

// relPath turns a path given by the caller (absolute, or relative to the folder the Repo was
// opened from) into a slash path relative to the top-level; "" is the top-level itself.
func (r *Repo) relPath(p string) (string, error) {
	abs := p
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(r.base, p)
	}
	rel, err := filepath.Rel(r.root, filepath.Clean(abs))
	if err != nil || gitOutside(rel) { // the same folder through a symbolic link (/tmp and /private/tmp…)
		root, err1 := filepath.EvalSymlinks(r.root)
		real, err2 := EvalExisting(abs)
		if err1 == nil && err2 == nil {
			rel, err = filepath.Rel(root, real)
		}
		if err != nil || gitOutside(rel) {
			return "", fmt.Errorf("%s is outside the git work tree %s", p, r.root)
		}
	}
	if rel = filepath.ToSlash(rel); rel == "." {
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

// EvalExisting resolves the symbolic links of the longest existing prefix of p (p itself may
// have been deleted, or not be written yet); an error other than a missing file stops it.
func EvalExisting(p string) (string, error) {
	var rest []string
	for {
		real, err := filepath.EvalSymlinks(p)
		if err == nil {
			return filepath.Join(append([]string{real}, rest...)...), nil
		}
		parent := filepath.Dir(p)
		if !errors.Is(err, fs.ErrNotExist) || parent == p {
			return "", err
		}
		rest, p = append([]string{filepath.Base(p)}, rest...), parent
	}
}

// abs is the file-system path of a slash path relative to the top-level.
func (r *Repo) abs(rel string) string { return filepath.Join(r.root, filepath.FromSlash(rel)) }

// gitInDebug says whether p lies in a `.debug` folder (carnet's own logs, never committed).
func gitInDebug(p string) bool { return strings.Contains("/"+p, "/.debug/") }

// gitUnder says whether path p is rel or lies under it ("" holds everything).
func gitUnder(p, rel string) bool { return rel == "" || p == rel || strings.HasPrefix(p, rel+"/") }
