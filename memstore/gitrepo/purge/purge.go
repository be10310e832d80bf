// Package purge rewrites a text out of the history of some folders of a repository, through
// the user's git (git only: go-git cannot), and finds which commits and refs reach it (Find).
//
// The rewrite is `git fast-export | filter | git fast-import`: one pipeline, whatever the
// number of commits (git filter-branch forks a shell per commit, quotes the text into a
// script, and is deprecated by git itself), and the text never appears on a command line —
// only on pipes. Only the commits that hold the text, and those that descend from them, are
// exported (the others are excluded by their hash, so they keep it and their signatures);
// only the files under the folders are changed, every other blob and tree stays as it was,
// which Rewrite checks on every rewritten commit before it returns. The refs as they were are
// kept under BackupPrefix until DropBackups (or put back by RestoreBackup).
package purge

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"carnet/memstore/gitrepo"
)

// BackupPrefix is where Rewrite keeps the refs it rewrote, as they were: one folder per purge,
// BackupPrefix + "<stamp>/" + the ref's name without "refs/" ("heads/main", "tags/v1").
const BackupPrefix = "refs/carnet/backup/"

// Holding says where a text is found in the history of some folders: the commits whose
// changes bring a file holding it, and the refs that reach one of them.
type Holding struct {
	Commits  int      // commits whose changes (under the folders) bring a file holding the text
	Branches []string // local branches that reach it (short names), sorted
	Tags     []string // tags that reach it (short names), sorted
	Remotes  []string // remote-tracking refs that reach it ("origin/main"), sorted
	Others   []string // other refs that reach it (refs/stash, refs/notes/…), full names
	// Messages are the commits (abbreviated hashes) reachable from a ref whose message holds
	// the text; Rewrite rewrites those whose changes lie under the folders only.
	Messages []string
}

// Empty reports whether no ref reaches the text.
func (h Holding) Empty() bool {
	return len(h.Branches)+len(h.Tags)+len(h.Remotes)+len(h.Others)+len(h.Messages) == 0
}

// Options say what Rewrite rewrites.
type Options struct {
	// Paths are the folders (or files) whose history is rewritten, relative to the folder the
	// Repo was opened from (or absolute); nothing outside them changes.
	Paths []string
	// Text is what must be gone; it is searched byte for byte.
	Text []byte
	// Rewrite gives the new content of a file under Paths that holds Text. What it returns
	// must not hold Text any more.
	Rewrite func(path string, data []byte) ([]byte, error)
	// Message, when set, rewrites the message of a rewritten commit whose changes all lie
	// under Paths and hold Text (the commits a tool made for those files); the messages of
	// other commits are kept byte for byte.
	Message func(msg []byte) []byte
	// Now names the backup (its stamp); zero is time.Now().
	Now time.Time
}

// RefUpdate is a ref Rewrite rewrote: its full name, and its value before and after.
type RefUpdate struct {
	Ref      string
	Old, New string
}

// Result says what Rewrite did.
type Result struct {
	Backup    string      // the backup folder of refs, BackupPrefix + stamp; "" when nothing was rewritten
	Refs      []RefUpdate // the branches and tags rewritten, sorted by name
	Commits   int         // the commits rewritten
	Files     int         // the file versions rewritten (a file, in a commit that changes it)
	Messages  int         // the commit messages rewritten
	Kept      []string    // commits (abbreviated) whose message still holds the text: their changes are not all under the folders
	StillHeld Holding     // what still reaches the text after the rewrite: remote-tracking and other refs
}

// ErrDirty refuses a rewrite of history while the work tree has uncommitted changes.
var ErrDirty = errors.New("the work tree has uncommitted changes")

// Find finds the commits and refs that reach text in the history of paths (every ref
// but the backups of Rewrite).
func Find(ctx context.Context, repo *gitrepo.Repo, paths []string, text []byte) (Holding, error) {
	if !repo.HasGit() {
		return Holding{}, errors.New("finding a text in history needs git, which is not installed")
	}
	if len(text) == 0 {
		return Holding{}, errors.New("no text to look for")
	}
	rels, err := purgePaths(repo, paths)
	if err != nil {
		return Holding{}, err
	}
	refs, err := purgeRefs(ctx, repo)
	if err != nil {
		return Holding{}, err
	}
	s := &holdScan{repo: repo, paths: rels, text: text, refs: refs}
	if err := s.run(ctx); err != nil {
		return Holding{}, err
	}
	return s.holding(), nil
}

// Rewrite rewrites opt.Text out of the history of opt.Paths on every local branch and tag that
// reaches it, keeping the refs as they were under a backup. It refuses on a detached HEAD,
// during a merge or a rebase, on uncommitted changes (ErrDirty), and when a branch to rewrite
// is checked out in another work tree. Remote-tracking refs are not rewritten: StillHeld
// says which still reach the text (push the rewritten branches to change them). After the
// rewrite it checks that every rewritten commit differs from its original under opt.Paths
// only and that no rewritten ref reaches the text; if not, the refs are put back and it
// fails.
func Rewrite(ctx context.Context, repo *gitrepo.Repo, opt Options) (Result, error) {
	if !repo.HasGit() {
		return Result{}, errors.New("rewriting history needs git, which is not installed")
	}
	if opt.Rewrite == nil || len(opt.Text) == 0 {
		return Result{}, errors.New("purge: nothing to rewrite")
	}
	rels, err := purgePaths(repo, opt.Paths)
	if err != nil {
		return Result{}, err
	}
	if err := CheckClean(ctx, repo); err != nil {
		return Result{}, err
	}
	refs, err := purgeRefs(ctx, repo)
	if err != nil {
		return Result{}, err
	}
	s := &holdScan{repo: repo, paths: rels, text: opt.Text, refs: refs}
	if err := s.run(ctx); err != nil {
		return Result{}, err
	}
	var rewrite []gitRef
	for _, r := range refs {
		if s.held[r.commit] && (strings.HasPrefix(r.name, "refs/heads/") || strings.HasPrefix(r.name, "refs/tags/")) {
			rewrite = append(rewrite, r)
		}
	}
	res := Result{}
	if len(rewrite) == 0 {
		res.StillHeld = s.holding()
		return res, nil
	}
	if err := checkedOutElsewhere(ctx, repo, rewrite); err != nil {
		return res, err
	}
	// every version of a file to rewrite, rewritten before anything changes
	newData := map[string][]byte{} // blob + "\x00" + path → its new content
	for key, data := range s.toRewrite() {
		blob, p, _ := strings.Cut(key, "\x00")
		out, err := opt.Rewrite(p, data)
		if err != nil {
			return res, fmt.Errorf("cannot rewrite %s (blob %s): %w", p, blob[:min(10, len(blob))], err)
		}
		if bytes.Contains(out, opt.Text) {
			return res, fmt.Errorf("cannot rewrite %s (blob %s): the text is still there after the rewrite", p, blob[:min(10, len(blob))])
		}
		newData[key] = out
	}
	oldHeadTree, _ := gitOut(ctx, repo, "rev-parse", "--verify", "-q", "HEAD^{tree}")
	stamp := cmpTime(opt.Now).UTC().Format("20060102-150405")
	res.Backup, err = backup(ctx, repo, stamp, rewrite)
	if err != nil {
		return res, err
	}
	f := &exportFilter{paths: rels, text: opt.Text, newData: newData, message: opt.Message,
		blobs: map[string]string{}, commits: map[string]string{}}
	marks, err := fastRewrite(ctx, repo, s.exportArgs(rewrite), f)
	if err != nil {
		return res, undo(ctx, repo, res.Backup, fmt.Errorf("the rewrite failed, nothing changed: %w", err))
	}
	res.Files, res.Messages, res.Kept = f.files, f.messages, f.kept
	if err := checkRewrite(ctx, repo, rels, f.commits, marks); err != nil {
		return res, undo(ctx, repo, res.Backup, err)
	}
	res.Commits = len(f.commits)
	for _, r := range rewrite {
		now, err := gitOut(ctx, repo, "rev-parse", "--verify", "-q", r.name)
		if err != nil {
			return res, undo(ctx, repo, res.Backup, fmt.Errorf("%s is gone after the rewrite", r.name))
		}
		res.Refs = append(res.Refs, RefUpdate{Ref: r.name, Old: r.value, New: now})
	}
	after, err := Find(ctx, repo, opt.Paths, opt.Text)
	if err != nil {
		return res, undo(ctx, repo, res.Backup, err)
	}
	if len(after.Branches)+len(after.Tags) > 0 {
		return res, undo(ctx, repo, res.Backup, fmt.Errorf("after the rewrite, %s still reach the text", strings.Join(slices.Concat(after.Branches, after.Tags), ", ")))
	}
	res.StillHeld = after
	if newTree, _ := gitOut(ctx, repo, "rev-parse", "--verify", "-q", "HEAD^{tree}"); oldHeadTree != "" && newTree != oldHeadTree {
		// the checked-out branch held the text in its last commit: the index and the files
		// follow it, as a checkout would (the work tree was clean)
		if _, err := gitOut(ctx, repo, "read-tree", "-m", "-u", oldHeadTree, newTree); err != nil {
			return res, fmt.Errorf("history is rewritten, but the work tree could not follow HEAD (%w): run git reset --keep HEAD", err)
		}
	}
	return res, nil
}

func cmpTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Now()
	}
	return t
}

// gitOut runs git in the top-level of the work tree and returns its output, trimmed.
func gitOut(ctx context.Context, repo *gitrepo.Repo, args ...string) (string, error) {
	out, err := repo.Git(ctx, args...)
	return strings.TrimSpace(out), err
}

// gitIn runs git with stdin as its input and returns its output.
func gitIn(ctx context.Context, repo *gitrepo.Repo, stdin []byte, args ...string) (string, error) {
	stdout, wait, err := repo.GitStream(ctx, bytes.NewReader(stdin), args...)
	if err != nil {
		return "", err
	}
	out, err := io.ReadAll(stdout)
	return string(out), cmp.Or(wait(), err)
}

// purgePaths makes paths relative to the top-level of the work tree, slash-separated.
func purgePaths(repo *gitrepo.Repo, paths []string) ([]string, error) {
	if len(paths) == 0 {
		return nil, errors.New("no folder to look in")
	}
	var out []string
	for _, p := range paths {
		rel, err := repo.Prefix(p)
		if err != nil || rel == "" {
			return nil, fmt.Errorf("%s is not a folder inside the work tree %s", p, repo.Root())
		}
		out = append(out, rel)
	}
	return out, nil
}

// under reports whether p (relative to the top-level) lies in one of paths.
func under(paths []string, p string) bool {
	for _, d := range paths {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// CheckClean refuses a rewrite of history on a detached HEAD, during a merge, rebase,
// cherry-pick or revert, and with uncommitted changes to tracked files (ErrDirty, naming a few)
// outside the paths of except (relative to the folder the Repo was opened from).
func CheckClean(ctx context.Context, repo *gitrepo.Repo, except ...string) error {
	var skip []string
	if len(except) > 0 {
		var err error
		if skip, err = purgePaths(repo, except); err != nil {
			return err
		}
	}
	if _, err := gitOut(ctx, repo, "symbolic-ref", "-q", "HEAD"); err != nil {
		return errors.New("HEAD is detached: check out a branch first")
	}
	gitDir, err := gitOut(ctx, repo, "rev-parse", "--absolute-git-dir")
	if err != nil {
		return err
	}
	for _, op := range [][2]string{{"MERGE_HEAD", "a merge"}, {"rebase-merge", "a rebase"}, {"rebase-apply", "a rebase"},
		{"CHERRY_PICK_HEAD", "a cherry-pick"}, {"REVERT_HEAD", "a revert"}} {
		if _, err := os.Stat(filepath.Join(gitDir, op[0])); err == nil {
			return fmt.Errorf("%s is in progress: finish it first", op[1])
		}
	}
	out, err := repo.Git(ctx, "status", "--porcelain", "-z", "--untracked-files=no", "--no-renames")
	if err != nil {
		return err
	}
	var files []string
	for e := range strings.SplitSeq(out, "\x00") {
		if len(e) > 3 && !under(skip, e[3:]) {
			files = append(files, e[3:])
		}
	}
	if len(files) == 0 {
		return nil
	}
	more := ""
	if len(files) > 3 {
		more = fmt.Sprintf(" and %d more", len(files)-3)
		files = files[:3]
	}
	return fmt.Errorf("%w (%s%s): commit or stash them first", ErrDirty, strings.Join(files, ", "), more)
}

// checkedOutElsewhere refuses a rewrite of a branch checked out in another work tree: its
// index and files would stay on the old commit.
func checkedOutElsewhere(ctx context.Context, repo *gitrepo.Repo, refs []gitRef) error {
	out, err := gitOut(ctx, repo, "worktree", "list", "--porcelain")
	if err != nil {
		return nil // no worktree support: only this one
	}
	here, _ := filepath.EvalSymlinks(repo.Root())
	dir := ""
	for l := range strings.Lines(out) {
		l = strings.TrimSpace(l)
		if d, ok := strings.CutPrefix(l, "worktree "); ok {
			dir = d
		}
		b, ok := strings.CutPrefix(l, "branch ")
		if !ok {
			continue
		}
		if d, _ := filepath.EvalSymlinks(dir); d == here {
			continue
		}
		if slices.ContainsFunc(refs, func(r gitRef) bool { return r.name == b }) {
			return fmt.Errorf("%s is checked out in another work tree (%s): it would be rewritten under it; remove that work tree or switch it to another branch first", strings.TrimPrefix(b, "refs/heads/"), dir)
		}
	}
	return nil
}

// Remotes lists the repository's remotes by name, sorted.
func Remotes(ctx context.Context, repo *gitrepo.Repo) ([]string, error) {
	if !repo.HasGit() {
		return nil, errors.New("git is not installed")
	}
	out, err := gitOut(ctx, repo, "remote")
	if err != nil {
		return nil, err
	}
	names := strings.Fields(out)
	slices.Sort(names)
	return names, nil
}
