package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/gofrs/flock"
)

// Commits through the user's git: `git commit --only -- <paths>` commits the work-tree state
// of exactly those paths (other staged work stays staged, untouched) and runs the user's
// hooks, signing, filters and index format as for any commit they make.

// gitLockRetries bounds the attempts of a commit that finds a git lock taken by another
// process (index.lock, a ref's .lock); gitLockBackoff is the first wait between them.
const (
	gitLockRetries = 3
	gitLockBackoff = 50 * time.Millisecond
)

// gitLockedError is a commit that found a lock of git's taken by another process.
type gitLockedError struct{ path string }

func (e *gitLockedError) Error() string {
	return fmt.Sprintf("another git process holds %s; nothing was committed, the next commit will take these files", e.path)
}

// lockCommits takes carnet's own repository-wide lock, so that carnet's writers commit one
// after the other instead of failing on each other's index.lock. It is a flock on a file in
// the git common folder: the system drops it when its holder dies.
func (r *gitRepo) lockCommits(ctx context.Context) (func(), error) {
	l := flock.New(filepath.Join(r.commonDir, "carnet-commit.lock"))
	ok, err := l.TryLockContext(ctx, 10*time.Millisecond)
	if err != nil || !ok {
		if err == nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("waiting for another carnet commit: %w", err)
	}
	return func() { _ = l.Unlock() }, nil
}

// gitStatusEntry is one path of `git status --porcelain=v2`.
type gitStatusEntry struct {
	kind byte // '1' changed, 'u' unmerged, '?' untracked, '!' ignored
	path string
}

// gitStatus is what `git status --porcelain=v2 --branch -z` says.
type gitStatus struct {
	detached, unborn bool
	entries          []gitStatusEntry
}

func gitParseStatus(out string) gitStatus {
	var st gitStatus
	for rec := range strings.SplitSeq(out, "\x00") {
		switch {
		case rec == "":
		case rec == "# branch.head (detached)":
			st.detached = true
		case rec == "# branch.oid (initial)":
			st.unborn = true
		case rec[0] == '1':
			if f := strings.SplitN(rec, " ", 9); len(f) == 9 {
				st.entries = append(st.entries, gitStatusEntry{'1', f[8]})
			}
		case rec[0] == 'u':
			if f := strings.SplitN(rec, " ", 11); len(f) == 11 {
				st.entries = append(st.entries, gitStatusEntry{'u', f[10]})
			}
		case rec[0] == '?' || rec[0] == '!':
			if len(rec) > 2 {
				st.entries = append(st.entries, gitStatusEntry{rec[0], rec[2:]})
			}
		}
	}
	return st
}

// gitUnder says whether path p is rel or lies under it.
func gitUnder(p, rel string) bool {
	return p == rel || strings.HasPrefix(p, rel+"/")
}

// gitInDebug says whether p lies in a `.debug` folder (carnet's own logs, never committed).
func gitInDebug(p string) bool {
	return strings.HasPrefix(p, ".debug/") || strings.Contains(p, "/.debug/")
}

// commitCLI makes the commit of CommitPaths with the git CLI.
func (r *gitRepo) commitCLI(ctx context.Context, rels []string, message string) (CommitResult, error) {
	out, err := r.git(ctx, append([]string{"status", "--porcelain=v2", "--branch", "-z", "-uall",
		"--ignored=matching", "--no-renames", "--"}, rels...)...)
	if err != nil {
		return CommitResult{}, r.cliError(err)
	}
	st := gitParseStatus(out)
	if st.detached {
		return CommitResult{Skipped: "detached HEAD"}, nil
	}
	add := st.toAdd(r.namedFiles(rels))
	specs := slices.DeleteFunc(slices.Clone(rels), func(rel string) bool { return !st.touched(rel, add) })
	if len(specs) == 0 {
		return CommitResult{Skipped: "nothing to commit"}, nil
	}

	args, err := r.identityArgs(ctx)
	if err != nil {
		return CommitResult{}, err
	}
	if len(add) > 0 {
		if _, err := r.git(ctx, append([]string{"add", "--intent-to-add", "--force", "--"}, add...)...); err != nil {
			return CommitResult{}, r.cliError(err)
		}
	}
	args = append(args, "commit", "--only", "--quiet", "-m", message, "--")
	if _, err = r.git(ctx, append(args, specs...)...); err != nil {
		return r.commitFailed(ctx, err, add)
	}
	head, err := r.git(ctx, "rev-parse", "--verify", "HEAD")
	if err != nil {
		return CommitResult{}, r.cliError(err)
	}
	return CommitResult{Hash: strings.TrimSpace(head)}, nil
}

// namedFiles are the paths of rels that name a file, not a folder.
func (r *gitRepo) namedFiles(rels []string) map[string]bool {
	isFile := map[string]bool{}
	for _, rel := range rels {
		if fi, err := os.Lstat(r.abs(rel)); err == nil && !fi.IsDir() {
			isFile[rel] = true
		}
	}
	return isFile
}

// toAdd lists the new files that must be known to the index for `commit --only` to take
// them: untracked files under the folders (but carnet's .debug logs), and the files named
// by the caller even when ignored.
func (st gitStatus) toAdd(isFile map[string]bool) []string {
	var add []string
	for _, e := range st.entries {
		switch e.kind {
		case '?':
			if !gitInDebug(e.path) || isFile[e.path] {
				add = append(add, e.path)
			}
		case '!':
			for rel := range isFile {
				if rel == e.path || strings.HasSuffix(e.path, "/") && strings.HasPrefix(rel, e.path) {
					add = append(add, rel)
				}
			}
		}
	}
	return add
}

// touched says whether rel holds a change to commit: a file to add, or a changed or
// unmerged one.
func (st gitStatus) touched(rel string, add []string) bool {
	for _, p := range add {
		if gitUnder(p, rel) {
			return true
		}
	}
	for _, e := range st.entries {
		if (e.kind == '1' || e.kind == 'u') && gitUnder(e.path, rel) {
			return true
		}
	}
	return false
}

// commitFailed handles a `git commit` that failed: the added files go back to untracked,
// as they were (the memory stays written), and a commit that found nothing to commit is
// skipped rather than failed.
func (r *gitRepo) commitFailed(ctx context.Context, err error, add []string) (CommitResult, error) {
	var re *gitRunError
	if errors.As(err, &re) && re.err == nil && gitNothingToCommit(re.stdout) {
		err = nil
	}
	if len(add) > 0 {
		_, _ = r.git(context.WithoutCancel(ctx), append([]string{"rm", "--cached", "--quiet", "--ignore-unmatch", "--"}, add...)...)
	}
	if err == nil {
		return CommitResult{Skipped: "nothing to commit"}, nil
	}
	return CommitResult{}, r.cliError(err)
}

// gitNothingToCommit recognises git commit's answer when the paths hold no change.
func gitNothingToCommit(stdout string) bool {
	return strings.Contains(stdout, "nothing to commit") || strings.Contains(stdout, "nothing added to commit") ||
		strings.Contains(stdout, "no changes added to commit")
}

// identityArgs names carnet as the committer where the user's git config names nobody.
func (r *gitRepo) identityArgs(ctx context.Context) ([]string, error) {
	out, err := r.git(ctx, "config", "--get-regexp", `^user\.(name|email)$`)
	var re *gitRunError
	if err != nil && (!errors.As(err, &re) || re.code != 1) {
		return nil, r.cliError(err)
	}
	var args []string
	if !strings.Contains(out, "user.name ") {
		args = append(args, "-c", "user.name=carnet")
	}
	if !strings.Contains(out, "user.email ") {
		args = append(args, "-c", "user.email=carnet@localhost")
	}
	return args, nil
}

// cliError turns a failed git run into one line; a lock held by another git process
// becomes a *gitLockedError, which the commit retries.
func (r *gitRepo) cliError(err error) error {
	var re *gitRunError
	if !errors.As(err, &re) {
		return err
	}
	for _, l := range []string{re.stderr, re.stdout} {
		if i := strings.Index(l, ".lock': File exists"); i >= 0 {
			start := strings.LastIndex(l[:i], "'") + 1
			return &gitLockedError{path: l[start : i+len(".lock")]}
		}
	}
	return err
}
