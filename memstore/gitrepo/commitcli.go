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
// after the other instead of failing on each other's index.lock: a flock on a file in the
// git common folder, which the system drops when its holder dies.
func (r *Repo) lockCommits(ctx context.Context) (func(), error) {
	l := flock.New(filepath.Join(r.commonDir, "carnet-commit.lock"))
	if ok, err := l.TryLockContext(ctx, 10*time.Millisecond); err != nil || !ok {
		return nil, fmt.Errorf("waiting for another carnet commit: %w", cmpErr(err, ctx.Err()))
	}
	return func() { _ = l.Unlock() }, nil
}

func cmpErr(err, otherwise error) error {
	if err != nil {
		return err
	}
	return otherwise
}

// gitStatus is what `git status --porcelain=v2 --branch -z` says.
type gitStatus struct {
	detached, unborn bool
	entries          []gitStatusEntry
}

// gitStatusEntry is a path of git status: kind '1' changed, 'u' unmerged, '?' untracked, '!' ignored.
type gitStatusEntry struct {
	kind byte
	path string
}

func gitParseStatus(out string) gitStatus {
	var st gitStatus
	for rec := range strings.SplitSeq(out, "\x00") {
		switch n := map[string]int{"1": 9, "u": 11, "?": 2, "!": 2}[rec[:min(len(rec), 1)]]; {
		case rec == "# branch.head (detached)":
			st.detached = true
		case rec == "# branch.oid (initial)":
			st.unborn = true
		case n > 0:
			if f := strings.SplitN(rec, " ", n); len(f) == n {
				st.entries = append(st.entries, gitStatusEntry{rec[0], f[n-1]})
			}
		}
	}
	return st
}

// commit makes the commit of CommitPaths with `git commit --only`. New files must be known
// to the index for it to take them: untracked files under the folders (but carnet's .debug
// logs), and the files named by the caller even when ignored, are added as intent-to-add
// first, and taken out again if the commit fails (the memory stays written, as it was).
func (b cliBackend) commit(ctx context.Context, rels []string, message string) (CommitResult, error) {
	r := b.r
	out, err := r.git(ctx, append([]string{"status", "--porcelain=v2", "--branch", "-z", "-uall",
		"--ignored=matching", "--no-renames", "--"}, rels...)...)
	if err != nil {
		return CommitResult{}, gitCommitError(err)
	}
	st := gitParseStatus(out)
	if st.detached {
		return CommitResult{Skipped: "detached HEAD"}, nil
	}
	var add, touched []string
	for _, rel := range rels {
		fi, err := os.Lstat(r.abs(rel))
		named := err == nil && !fi.IsDir() // a file the caller named, not a folder
		for _, e := range st.entries {
			switch {
			case e.kind == '?' && gitUnder(e.path, rel) && (!gitInDebug(e.path) || named):
				add, touched = append(add, e.path), append(touched, rel)
			case e.kind == '!' && named && (rel == e.path || strings.HasSuffix(e.path, "/") && strings.HasPrefix(rel, e.path)):
				add, touched = append(add, rel), append(touched, rel)
			case (e.kind == '1' || e.kind == 'u') && gitUnder(e.path, rel):
				touched = append(touched, rel)
			}
		}
	}
	slices.Sort(add)
	add = slices.Compact(add)
	specs := slices.DeleteFunc(slices.Clone(rels), func(rel string) bool { return !slices.Contains(touched, rel) })
	if len(specs) == 0 {
		return CommitResult{Skipped: "nothing to commit"}, nil
	}
	args, err := r.identityArgs(ctx)
	if err == nil && len(add) > 0 {
		_, err = r.git(ctx, append([]string{"add", "--intent-to-add", "--force", "--"}, add...)...)
	}
	if err != nil {
		return CommitResult{}, gitCommitError(err)
	}
	if _, err = r.git(ctx, append(append(args, "commit", "--only", "--quiet", "-m", message, "--"), specs...)...); err != nil {
		if re, ok := errors.AsType[*gitRunError](err); ok && re.err == nil && (strings.Contains(re.stdout, "nothing to commit") ||
			strings.Contains(re.stdout, "nothing added to commit") || strings.Contains(re.stdout, "no changes added to commit")) {
			err = nil
		}
		if len(add) > 0 {
			_, _ = r.git(context.WithoutCancel(ctx), append([]string{"rm", "--cached", "--quiet", "--ignore-unmatch", "--"}, add...)...)
		}
		if err == nil {
			return CommitResult{Skipped: "nothing to commit"}, nil
		}
		return CommitResult{}, gitCommitError(err)
	}
	head, err := r.git(ctx, "rev-parse", "--verify", "HEAD")
	return CommitResult{Hash: strings.TrimSpace(head)}, gitCommitError(err)
}

// identityArgs names carnet as the committer where the user's git config names nobody.
func (r *Repo) identityArgs(ctx context.Context) ([]string, error) {
	out, err := r.git(ctx, "config", "--get-regexp", `^user\.(name|email)$`)
	if re, ok := errors.AsType[*gitRunError](err); err != nil && (!ok || re.code != 1) {
		return nil, err
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

// gitCommitError is a failed git run in one line; a lock held by another git process is a
// *gitLockedError, which the commit retries.
func gitCommitError(err error) error {
	if re, ok := errors.AsType[*gitRunError](err); ok {
		for _, l := range []string{re.stderr, re.stdout} {
			if i := strings.Index(l, ".lock': File exists"); i >= 0 {
				return &gitLockedError{path: l[strings.LastIndex(l[:i], "'")+1 : i+len(".lock")]}
			}
		}
	}
	return err
}
