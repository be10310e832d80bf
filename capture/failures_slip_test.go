package capture

import (
	"strings"
	"testing"
)

// The shell refusing the line itself is the agent's slip, retried, not the project failing:
// a cd that failed anywhere in a chain (its folder missing, a cd wrapper the shell does not
// define), a glob or a pair of parentheses zsh found no match for, a line it could not
// parse. A script of the project that fails on its own syntax did fail.
func TestShellSlipsAreNoFailures(t *testing.T) {
	t.Parallel()
	r := Capture(turn("try the wizard", "Done.",
		bash("1", "mkdir -p /repo/tmp && cd /repo/tmp", "cd:1: command not found: __zoxide_z", true),
		bash("2", "ls -la ./src/app/(public)/", "(eval):1: no matches found: ./src/app/(public)/", true),
		bash("3", "npm run build && cd dist && ls", "bash: line 1: cd: dist: No such file or directory", true),
		bash("4", "rm logs/*.log", "zsh:1: no matches found: logs/*.log", true),
		bash("5", "echo $((1+)) && make", "(eval):1: parse error near `)'", true),
		bash("6", "./scripts/build.sh", "./scripts/build.sh: line 3: syntax error near unexpected token `('", true),
		bash("7", "npm test", "FAIL src/a.test.ts > adds: expected 2, got 3", true)), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "build.sh") || !strings.Contains(r.Problems[1], "npm test") {
		t.Errorf("problems = %q", r.Problems)
	}
}

// A call that exits non-zero and prints no word of an error reported a state, it did not
// fail: an ssh login check that has no shell to give, a server the agent stopped, a
// command that printed nothing. A test, build or lint run that fails that quietly still
// failed, and an error in what the call printed still counts.
func TestQuietNonZeroExitIsNoFailure(t *testing.T) {
	t.Parallel()
	r := Capture(turn("set up the deploy key", "Done.",
		bash("1", "ssh -T git@git.example.com", "Hi dev! You have authenticated, but there is no shell access.", true),
		bash("2", "pkill -f 'vite --port 5173'", "", true),
		bash("3", "docker stop web", "web", true),
		bash("4", "go test ./...", "ok  \tcarnet/a\t0.01s", true),
		bash("5", "curl -sf https://api.example.com/health", "curl: (7) Failed to connect to api.example.com port 443", true)), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "go test") || !strings.Contains(r.Problems[1], "curl") {
		t.Errorf("problems = %q", r.Problems)
	}
}
