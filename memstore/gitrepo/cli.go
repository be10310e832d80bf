package gitrepo

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gofrs/flock"
)

// cliBackend reads and writes through the user's git.
type cliBackend struct{ r *Repo }

var (
	gitCLIOff  = false // forces go-git, as on a machine without git: tests run both
	gitCLIPath = sync.OnceValue(func() string { p, _ := exec.LookPath("git"); return p })
)

// gitCLI returns the git binary to run, or "" when carnet must do without.
func gitCLI() string {
	if gitCLIOff {
		return ""
	}
	return gitCLIPath()
}

const (
	gitWaitDelay   = 3 * time.Second       // for git to exit once asked to (SIGTERM: it drops its locks)
	gitLockRetries = 3                     // attempts of a commit that finds a lock of another git
	gitLockBackoff = 50 * time.Millisecond // the first wait between them
)

// gitEnvDrop would make git work on another repository, index or object store than the one
// found by the walk up to .git (a git hook calling carnet sets some).
var gitEnvDrop = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR",
	"GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_PREFIX", "GIT_NAMESPACE",
	"GIT_CEILING_DIRECTORIES", "GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS",
	"GIT_ICASE_PATHSPECS", "LC_ALL"}

func gitDropped(k string) bool { return slices.Contains(gitEnvDrop, k) }

// gitReadFlags keep the user's config from changing what the reads parse; gitPatchFlags make
// a patch as git shows it by default.
var (
	gitReadFlags = []string{"-c", "log.follow=false", "-c", "log.showSignature=false", "-c", "diff.noprefix=false",
		"-c", "diff.mnemonicPrefix=false", "-c", "diff.relative=false", "-c", "core.quotepath=true"}
	gitPatchFlags = []string{"--no-color", "--no-ext-diff", "--no-textconv", "--src-prefix=a/", "--dst-prefix=b/", "-M"}
)

// gitCmd is one run of git in the top-level folder dir; a read runs with gitReadFlags and
// takes no optional lock, never competing with the user's git for index.lock.
type gitCmd struct {
	dir       string
	env, args []string
	read      bool
}

// RunError is a git command that failed: its exit code (-1 when it did not exit by itself)
// and output; its message is git's last meaningful line.
type RunError struct {
	Args           []string
	Code           int
	Stdout, Stderr string
	Err            error // the error of the run itself when git did not exit by itself
}

func (e *RunError) Error() string {
	line := cmp.Or(gitLastLine(e.Stderr), gitLastLine(e.Stdout))
	if line == "" && e.Err != nil {
		line = e.Err.Error()
	}
	name := "git"
	if i := slices.IndexFunc(e.Args, func(a string) bool { return !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") }); i >= 0 {
		name += " " + e.Args[i]
	}
	return name + ": " + line
}

// gitLastLine is the last meaningful line of git's output, hints and advice left out,
// "fatal: "/"error: " removed; git's own error line wins over the generic fatal after it
// ("error: gpg failed to sign the data" / "fatal: failed to write commit object").
func gitLastLine(s string) string {
	last, lastError := "", ""
	for l := range strings.Lines(s) {
		switch l = strings.TrimSpace(l); {
		case l == "", strings.HasPrefix(l, "hint:"), strings.HasPrefix(l, "(use "):
			continue
		case strings.HasPrefix(l, "error: "):
			lastError = strings.TrimPrefix(l, "error: ")
		}
		last = l
	}
	if lastError != "" && strings.HasPrefix(last, "fatal: ") {
		return lastError
	}
	return strings.TrimPrefix(strings.TrimPrefix(last, "fatal: "), "error: ")
}

// command is the git process of a run, as Git describes it (SIGKILL after gitWaitDelay).
func (c gitCmd) command(ctx context.Context) (*exec.Cmd, error) {
	bin := gitCLI()
	if bin == "" {
		return nil, errors.New("git is not installed")
	}
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !gitDropped(k) {
			env = append(env, kv)
		}
	}
	args, env := []string{"-c", "core.quotepath=off", "--no-pager", "--literal-pathspecs"}, append(env, "LC_ALL=C", "GIT_TERMINAL_PROMPT=0")
	if c.read {
		args, env = append(args, gitReadFlags...), append(env, "GIT_OPTIONAL_LOCKS=0")
	}
	cmd := exec.CommandContext(ctx, bin, append(args, c.args...)...)
	gitStopOnCancel(cmd)
	cmd.WaitDelay, cmd.Dir, cmd.Env = gitWaitDelay, c.dir, append(env, c.env...)
	return cmd, nil
}

// run runs git and returns its standard output; its input is empty.
func (c gitCmd) run(ctx context.Context) (string, error) {
	cmd, err := c.command(ctx)
	if err != nil {
		return "", err
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err = cmd.Run()
	return stdout.String(), c.failed(ctx, err, stdout.String(), stderr.String())
}

// failed is the *RunError of a run that ended with err (nil when it succeeded).
func (c gitCmd) failed(ctx context.Context, err error, stdout, stderr string) error {
	if err == nil {
		return nil
	}
	e := &RunError{Args: c.args, Code: -1, Stdout: stdout, Stderr: stderr, Err: err}
	if x, ok := errors.AsType[*exec.ExitError](err); ok && x.Exited() {
		e.Code, e.Err = x.ExitCode(), nil
	}
	if ctx.Err() != nil {
		e.Err, e.Stderr, e.Stdout = fmt.Errorf("stopped: %w", context.Cause(ctx)), "", ""
	}
	return e
}

// Git runs git at the top-level of r's work tree, its input empty, and returns its standard
// output: the user's git on the repository Open found (the variables that would point it
// elsewhere dropped), C messages, no prompt, no pager, paths taken literally and unquoted
// (but in patches); a failure is a *RunError. When ctx ends, git and the hook it runs get
// SIGTERM, then SIGKILL.
func (r *Repo) Git(ctx context.Context, args ...string) (string, error) {
	return gitCmd{dir: r.root, args: args}.run(ctx)
}

// GitRead is Git for a read: flags keep the user's config from changing what it parses (log
// --follow, diff prefixes, quoted paths), and it takes no optional lock (index.lock).
func (r *Repo) GitRead(ctx context.Context, args ...string) (string, error) {
	return gitCmd{dir: r.root, args: args, read: true}.run(ctx)
}

// GitStream starts Git with stdin as its input (nil: empty) and returns its standard output
// as git writes it; wait, once that is read to the end, waits for git and returns Git's error.
func (r *Repo) GitStream(ctx context.Context, stdin io.Reader, args ...string) (stdout io.Reader, wait func() error, err error) {
	c := gitCmd{dir: r.root, args: args}
	cmd, err := c.command(ctx)
	if err != nil {
		return nil, nil, err
	}
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stderr = stdin, &stderr
	if stdout, err = cmd.StdoutPipe(); err == nil {
		err = cmd.Start()
	}
	if err != nil {
		return nil, nil, err
	}
	return stdout, func() error { return c.failed(ctx, cmd.Wait(), "", stderr.String()) }, nil
}

// history is `git log -- rel`. In a partial clone go-git reads it instead: git would fetch
// from the promisor remote every version of a file it lacks, to count lines.
func (b cliBackend) history(rel string, n int) ([]Commit, error) {
	if b.r.partialClone() && b.r.unsupported(false) == "" {
		return goGitBackend(b).history(rel, n)
	}
	out, err := b.r.GitRead(context.Background(), gitLogArgs(rel, "--max-count="+strconv.Itoa(cmp.Or(max(n, 0), -1)))...)
	if re, ok := errors.AsType[*RunError](err); ok && strings.Contains(re.Stderr, "does not have any commits yet") {
		return nil, nil
	}
	commits, merges, err := gitParseLog(out, err)
	if err != nil || len(merges) == 0 {
		return commits, err
	}
	// A merge is listed (it changed rel against every parent) without its files: they are its
	// diff against its first parent. (--diff-merges on the walk itself would also list the
	// merges that brought nothing, as it turns git's history simplification off.)
	diffs, _, err := gitParseLog(b.r.GitRead(context.Background(),
		gitLogArgs(rel, append([]string{"--no-walk=unsorted", "--diff-merges=first-parent"}, merges...)...)...))
	for _, d := range diffs {
		if i := slices.IndexFunc(commits, func(c Commit) bool { return c.Hash == d.Hash }); i >= 0 {
			commits[i].Files = d.Files
		}
	}
	return commits, err
}

func gitLogArgs(rel string, more ...string) []string {
	args := []string{"log", "-z", "--raw", "--numstat", "--no-abbrev", "-M", "--root", "--no-ext-diff", "--no-textconv",
		"--format=%H%x00%P%x00%an%x00%ae%x00%ad%x00%B", "--date=raw"}
	return append(append(args, more...), "--", cmp.Or(rel, "."))
}

// gitParseLog reads the output of gitLogArgs: the commits, and the hashes of the merges.
func gitParseLog(out string, err error) (commits []Commit, merges []string, _ error) {
	toks := strings.Split(out, "\x00")
	for i := 0; err == nil && i < len(toks); {
		if t := strings.TrimLeft(toks[i], "\n"); t == "" {
			i++
		} else if i+6 > len(toks) {
			err = errors.New("git log: unexpected output")
		} else {
			when, _ := gitParseDate(toks[i+4])
			c := Commit{Hash: t, Author: toks[i+2], Email: toks[i+3], When: when, Message: strings.TrimRight(toks[i+5], "\n")}
			if strings.Contains(toks[i+1], " ") {
				merges = append(merges, c.Hash)
			}
			c.Files, i = gitParseChanges(toks, i+6, true)
			commits = append(commits, c)
		}
	}
	return commits, merges, err
}

// gitParseChanges reads -z --raw and --numstat records from toks[i:] until something else
// (the next commit, when stopAtOther) and returns the files, sorted by path, and where it
// stopped. A copy is an addition, a type change a modification, a binary file counts 0 lines.
func gitParseChanges(toks []string, i int, stopAtOther bool) ([]FileChange, int) {
	files, num := []FileChange{}, map[string][2]int{}
	for ; i < len(toks); i++ {
		t := strings.TrimLeft(toks[i], "\n")
		if f := strings.Fields(t); strings.HasPrefix(t, ":") && len(f) >= 5 && i+1 < len(toks) {
			fc := FileChange{Kind: f[4][:1], Path: toks[i+1]}
			if i++; (fc.Kind == "R" || fc.Kind == "C") && i+1 < len(toks) {
				fc.From, fc.Path, i = fc.Path, toks[i+1], i+1
			}
			if fc.Kind == "C" {
				fc.Kind, fc.From = "A", ""
			} else if fc.Kind == "T" {
				fc.Kind = "M"
			}
			files = append(files, fc)
		} else if f := strings.SplitN(t, "\t", 3); len(f) == 3 {
			a, _ := strconv.Atoi(f[0])
			d, _ := strconv.Atoi(f[1])
			if f[2] == "" && i+2 < len(toks) { // a rename: the old and new paths follow
				f[2], i = toks[i+2], i+2
			}
			num[f[2]] = [2]int{a, d}
		} else if t != "" && stopAtOther {
			break
		}
	}
	for k, f := range files {
		files[k].Added, files[k].Deleted = num[f.Path][0], num[f.Path][1]
	}
	slices.SortStableFunc(files, func(a, b FileChange) int { return strings.Compare(a.Path, b.Path) })
	return files, i
}

// commitDiff is `git diff-tree -p` of the commit hash names, against its first parent.
func (b cliBackend) commitDiff(hash, rel string) (string, error) {
	args := append([]string{"diff-tree", "-p", "--root", "--no-commit-id", "--diff-merges=first-parent"}, gitPatchFlags...)
	return b.r.GitRead(context.Background(), append(args, hash+"^{commit}", "--", cmp.Or(rel, "."))...)
}

// blob is `git cat-file blob rev:rel`. (No operation reads many objects itself, git log, diff
// and status walking the history and the trees, so no long-lived `cat-file --batch` is kept.)
func (b cliBackend) blob(rev, rel string) ([]byte, error) {
	out, err := b.r.GitRead(context.Background(), "cat-file", "blob", rev+":"+rel)
	if re, ok := errors.AsType[*RunError](err); ok && re.Code == 128 && gitNoSuchFile.MatchString(re.Stderr) {
		return nil, fmt.Errorf("%s has no %s: %w", rev, rel, fs.ErrNotExist)
	}
	return []byte(out), err
}

// status is Pending (with patch, PendingDiff): `git status`, then if anything changed `git
// diff HEAD` through the user's index (only changed files are read), filters and eol rules,
// untracked files added as intent-to-add to a copy of it so that a moved file is a rename.
func (b cliBackend) status(rel string, patch bool) ([]FileChange, string, error) {
	ctx, r, spec := context.Background(), b.r, cmp.Or(rel, ".")
	out, err := r.GitRead(ctx, "status", "--porcelain=v2", "--branch", "-z", "-uall", "--no-renames", "--", spec)
	st := gitParseStatus(out)
	changed, add := false, []string{}
	for _, e := range st.entries {
		changed = changed || e.kind == '1' || e.kind == 'u'
		if e.kind == '?' && !gitInDebug(e.path) {
			add = append(add, e.path)
		}
	}
	if err != nil || !changed && len(add) == 0 {
		return nil, "", err
	}
	base, env := "HEAD", []string(nil)
	if st.unborn { // the empty tree
		out, err := gitCmd{dir: r.root, args: []string{"hash-object", "-t", "tree", "--stdin"}}.run(ctx)
		if base = strings.TrimSpace(out); err != nil {
			return nil, "", err
		}
	}
	if len(add) > 0 {
		tmp, err := os.MkdirTemp("", "carnet-index-")
		if err != nil {
			return nil, "", err
		}
		defer os.RemoveAll(tmp)
		env = []string{"GIT_INDEX_FILE=" + filepath.Join(tmp, "index")}
		data, err := os.ReadFile(filepath.Join(r.gitDir, "index"))
		if err == nil {
			err = os.WriteFile(filepath.Join(tmp, "index"), data, 0o600)
		}
		if err == nil || errors.Is(err, fs.ErrNotExist) {
			_, err = gitCmd{dir: r.root, env: env, args: append([]string{"-c", "core.splitIndex=false", "add", "--intent-to-add", "--"}, add...)}.run(ctx)
		}
		if err != nil {
			return nil, "", err
		}
	}
	if patch {
		out, err := gitCmd{dir: r.root, env: env, read: true, args: append(append([]string{"diff"}, gitPatchFlags...), base, "--", spec)}.run(ctx)
		return nil, out, err
	}
	out, err = gitCmd{dir: r.root, env: env, read: true, args: []string{"diff", "-z", "--raw", "--numstat", "--no-abbrev", "-M", "--no-ext-diff", "--no-textconv", base, "--", spec}}.run(ctx)
	files, _ := gitParseChanges(strings.Split(out, "\x00"), 0, false)
	return files, "", err
}

// gitStatus is what `git status --porcelain=v2 --branch -z` says: paths of kind '1' changed,
// 'u' unmerged, '?' untracked, '!' ignored.
type gitStatus struct {
	detached, unborn bool
	entries          []gitStatusEntry
}

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

// commit is `git commit --only -- <paths>` (other staged work stays staged). New files must
// be in the index for it to take them: untracked files under the folders (but .debug logs)
// and the files named even when ignored are added as intent-to-add, and taken out if it fails.
func (b cliBackend) commit(ctx context.Context, rels []string, message string) (CommitResult, error) {
	r := b.r
	out, err := r.Git(ctx, append([]string{"status", "--porcelain=v2", "--branch", "-z", "-uall", "--ignored=matching", "--no-renames", "--"}, rels...)...)
	st := gitParseStatus(out)
	if err != nil {
		return CommitResult{}, gitCommitError(err)
	} else if st.detached {
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
		_, err = r.Git(ctx, append([]string{"add", "--intent-to-add", "--force", "--"}, add...)...)
	}
	if err != nil {
		return CommitResult{}, gitCommitError(err)
	}
	if _, err := r.Git(ctx, append(append(args, "commit", "--only", "--quiet", "-m", message, "--"), specs...)...); err != nil {
		if len(add) > 0 { // the added files go back to untracked, as they were
			_, _ = r.Git(context.WithoutCancel(ctx), append([]string{"rm", "--cached", "--quiet", "--ignore-unmatch", "--"}, add...)...)
		}
		if re, ok := errors.AsType[*RunError](err); ok && re.Err == nil && gitNothingToCommit.MatchString(re.Stdout) {
			return CommitResult{Skipped: "nothing to commit"}, nil
		}
		return CommitResult{}, gitCommitError(err)
	}
	head, err := r.Git(ctx, "rev-parse", "--verify", "HEAD")
	return CommitResult{Hash: strings.TrimSpace(head)}, gitCommitError(err)
}

var gitNoSuchFile = regexp.MustCompile(`does not exist|exists on disk, but not in|[Nn]ot a valid object name|invalid object name`)

var gitNothingToCommit = regexp.MustCompile(`nothing (added )?to commit|no changes added to commit`)

// identityArgs names carnet as the committer where the user's git config names nobody.
func (r *Repo) identityArgs(ctx context.Context) ([]string, error) {
	out, err := r.Git(ctx, "config", "--get-regexp", `^user\.(name|email)$`)
	if re, ok := errors.AsType[*RunError](err); err != nil && (!ok || re.Code != 1) {
		return nil, err
	}
	var args []string
	for _, kv := range [][2]string{{"name", "carnet"}, {"email", "carnet@localhost"}} {
		if !strings.Contains(out, "user."+kv[0]+" ") {
			args = append(args, "-c", "user."+kv[0]+"="+kv[1])
		}
	}
	return args, nil
}

// gitLockedError is a commit that found a lock of git's held by another process.
type gitLockedError struct{ path string }

func (e *gitLockedError) Error() string {
	return "another git process holds " + e.path + "; nothing was committed, the next commit will take these files"
}

// gitCommitError is a failed git run in one line; a lock held by another git process is a
// *gitLockedError, which the commit retries.
func gitCommitError(err error) error {
	if re, ok := errors.AsType[*RunError](err); ok {
		for _, l := range []string{re.Stderr, re.Stdout} {
			if i := strings.Index(l, ".lock': File exists"); i >= 0 {
				return &gitLockedError{path: l[strings.LastIndex(l[:i], "'")+1 : i+len(".lock")]}
			}
		}
	}
	return err
}

// lockCommits takes carnet's own repository-wide lock, so that carnet's writers commit one
// after the other instead of failing on each other's index.lock: a flock on a file in the
// git common folder, which the system drops when its holder dies.
func (r *Repo) lockCommits(ctx context.Context) (func(), error) {
	l := flock.New(filepath.Join(r.commonDir, "carnet-commit.lock"))
	if ok, err := l.TryLockContext(ctx, 10*time.Millisecond); err != nil || !ok {
		return nil, fmt.Errorf("waiting for another carnet commit: %w", cmp.Or(err, ctx.Err()))
	}
	return func() { _ = l.Unlock() }, nil
}
