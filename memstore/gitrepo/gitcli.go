package gitrepo

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"time"
)

// gitCLIOff forces the go-git backend, as on a machine without git; tests set it to run both.
var gitCLIOff = false

// gitCLIPath is the git found on PATH, looked for once; "" when there is none.
var gitCLIPath = sync.OnceValue(func() string {
	p, _ := exec.LookPath("git")
	return p
})

// gitCLI returns the git binary to run, or "" when carnet must do without.
func gitCLI() string {
	if gitCLIOff {
		return ""
	}
	return gitCLIPath()
}

// gitWaitDelay is how long git may take to exit once asked to (SIGTERM, after which it
// removes its own lock files) before it is killed.
const gitWaitDelay = 3 * time.Second

// gitEnvDrop are the variables that would make git work on another repository, index or
// object store than the one found by the walk up to .git (a git hook calling carnet sets some).
var gitEnvDrop = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR",
	"GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_PREFIX", "GIT_NAMESPACE",
	"GIT_CEILING_DIRECTORIES", "GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS",
	"GIT_ICASE_PATHSPECS", "LC_ALL"}

// gitReadFlags keep the user's config from changing what the reads parse or show.
var gitReadFlags = []string{"-c", "log.follow=false", "-c", "log.showSignature=false", "-c", "diff.noprefix=false",
	"-c", "diff.mnemonicPrefix=false", "-c", "diff.relative=false"}

// gitCmd is one run of git in the top-level folder of a work tree.
type gitCmd struct {
	dir   string   // the top-level of the work tree
	env   []string // more variables (GIT_INDEX_FILE=… for a temporary index)
	args  []string
	stdin []byte
	read  bool // a read: gitReadFlags, and no optional lock taken (GIT_OPTIONAL_LOCKS=0)
}

// gitRunError is a git command that exited with an error: its exit code and output.
type gitRunError struct {
	args           []string
	code           int
	stdout, stderr string
	err            error // the error of the run itself when git did not exit by itself
}

func (e *gitRunError) Error() string {
	line := cmpString(gitLastLine(e.stderr), gitLastLine(e.stdout))
	if line == "" && e.err != nil {
		line = e.err.Error()
	}
	return gitName(e.args) + ": " + line
}

// gitName is "git <subcommand>" for an argument list.
func gitName(args []string) string {
	if i := slices.IndexFunc(args, func(a string) bool { return !strings.HasPrefix(a, "-") && !strings.Contains(a, "=") }); i >= 0 {
		return "git " + args[i]
	}
	return "git"
}

func cmpString(a, b string) string {
	if a != "" {
		return a
	}
	return b
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

// command is git with the repository found by the walk up to .git, C messages, no prompt,
// no pager, paths unquoted and taken literally; when ctx ends git (and the hook it runs)
// gets SIGTERM, then SIGKILL after gitWaitDelay.
func (c gitCmd) command(ctx context.Context) (*exec.Cmd, error) {
	bin := gitCLI()
	if bin == "" {
		return nil, errors.New("git is not installed")
	}
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); !slices.Contains(gitEnvDrop, k) {
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

// run runs git and returns its standard output; its input is empty (or c.stdin).
func (c gitCmd) run(ctx context.Context) (string, error) {
	cmd, err := c.command(ctx)
	if err != nil {
		return "", err
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdin, cmd.Stdout, cmd.Stderr = bytes.NewReader(c.stdin), &stdout, &stderr
	if err := cmd.Run(); err != nil {
		e := &gitRunError{args: c.args, code: -1, stdout: stdout.String(), stderr: stderr.String(), err: err}
		if x, ok := errors.AsType[*exec.ExitError](err); ok && x.Exited() {
			e.code, e.err = x.ExitCode(), nil
		}
		if ctx.Err() != nil {
			e.err, e.stderr, e.stdout = fmt.Errorf("stopped: %w", context.Cause(ctx)), "", ""
		}
		return stdout.String(), e
	}
	return stdout.String(), nil
}

// git runs git in the top-level of r's work tree.
func (r *Repo) git(ctx context.Context, args ...string) (string, error) {
	return gitCmd{dir: r.root, args: args}.run(ctx)
}

// gitRead runs a read (env: more variables): the user's config cannot change what is parsed,
// and git takes no optional lock, so a read never competes with the user's git for index.lock.
func (r *Repo) gitRead(ctx context.Context, env []string, args ...string) (string, error) {
	return gitCmd{dir: r.root, env: env, args: args, read: true}.run(ctx)
}
