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

// Running the user's git: commits go through it when it is installed (commitcli.go), and the
// reads delegate to it on the repository shapes the own reader does not know (readcli.go).

// gitCLIOff forces the go-git paths, as on a machine without git; tests set it to run both.
var gitCLIOff = false

// gitCLIPath is the git found on PATH, looked for once; "" when there is none.
var gitCLIPath = sync.OnceValue(func() string {
	p, err := exec.LookPath("git")
	if err != nil {
		return ""
	}
	return p
})

// gitCLI returns the git binary to run, or "" when carnet must do without.
func gitCLI() string {
	if gitCLIOff {
		return ""
	}
	return gitCLIPath()
}

// gitWaitDelay is how long a git process may take to exit once asked to (SIGTERM, after which
// git removes its own lock files) before it is killed.
const gitWaitDelay = 3 * time.Second

// gitEnvDrop are the variables that would make git work on another repository, index or
// object store than the one found by the walk up to .git (a hook calling carnet from inside
// git sets some of them).
var gitEnvDrop = []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_COMMON_DIR",
	"GIT_OBJECT_DIRECTORY", "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_PREFIX", "GIT_NAMESPACE",
	"GIT_CEILING_DIRECTORIES", "GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS",
	"GIT_ICASE_PATHSPECS", "LC_ALL"}

// gitCmd is one run of git in the top-level folder of a work tree.
type gitCmd struct {
	dir   string   // where git runs: the top-level of the work tree
	env   []string // more variables (GIT_INDEX_FILE=… for a temporary index)
	args  []string
	stdin []byte
}

// gitRunError is a git command that exited with an error: its exit code and output.
type gitRunError struct {
	args           []string
	code           int
	stdout, stderr string
	err            error // the error of the run itself when git did not exit by itself
}

func (e *gitRunError) Error() string {
	line := gitLastLine(e.stderr)
	if line == "" {
		line = gitLastLine(e.stdout)
	}
	if line == "" && e.err != nil {
		line = e.err.Error()
	}
	name := "git"
	if len(e.args) > 0 {
		name += " " + e.args[0]
	}
	return name + ": " + line
}

// gitLastLine is the last meaningful line of git's output: hints, blank lines and advice
// left out, "fatal: "/"error: " prefixes removed. git's own error line wins over the generic
// fatal that follows it ("error: gpg failed to sign the data" / "fatal: failed to write
// commit object").
func gitLastLine(s string) string {
	last, lastError := "", ""
	for l := range strings.Lines(s) {
		l = strings.TrimSpace(l)
		switch {
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

// run runs git and returns its standard output. git runs with the repository found by the
// walk up to .git, C messages, no terminal prompt, no pager, stdin empty (or c.stdin), paths
// unquoted and taken literally; when ctx ends git (and the hook it runs) gets SIGTERM, then
// SIGKILL after gitWaitDelay.
func (c gitCmd) run(ctx context.Context) (string, error) {
	bin := gitCLI()
	if bin == "" {
		return "", errors.New("git is not installed")
	}
	args := append([]string{"-c", "core.quotepath=off", "--no-pager", "--literal-pathspecs"}, c.args...)
	cmd := exec.CommandContext(ctx, bin, args...)
	gitStopOnCancel(cmd)
	cmd.WaitDelay = gitWaitDelay
	cmd.Dir = c.dir
	env := make([]string, 0, len(os.Environ())+len(c.env)+3)
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !gitDropped(k) {
			env = append(env, kv)
		}
	}
	cmd.Env = append(append(env, "LC_ALL=C", "GIT_TERMINAL_PROMPT=0"), c.env...)
	if c.stdin != nil {
		cmd.Stdin = bytes.NewReader(c.stdin)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil {
		e := &gitRunError{args: c.args, code: -1, stdout: stdout.String(), stderr: stderr.String(), err: err}
		if x, ok := errors.AsType[*exec.ExitError](err); ok && x.Exited() {
			e.code, e.err = x.ExitCode(), nil
		}
		if ctx.Err() != nil {
			e.err = fmt.Errorf("stopped: %w", context.Cause(ctx))
			e.stderr, e.stdout = "", ""
		}
		return stdout.String(), e
	}
	return stdout.String(), nil
}

func gitDropped(k string) bool {
	return slices.Contains(gitEnvDrop, k)
}

// git runs git in the top-level of r's work tree.
func (r *gitRepo) git(ctx context.Context, args ...string) (string, error) {
	return gitCmd{dir: r.root, args: args}.run(ctx)
}
