package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// promoteWS makes a workspace with one log old enough to archive, in a git repository.
func promoteWS(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		".gitignore":                         "memory_sessions/logs/.debug/\n",
		"memory_sessions/logs/2026-01-10.md": "# Log session — 2026-01-10\n\n## Connaissances acquises\n- The transcript is read from its end.\n\n## À suivre\n- Check the export on Windows.\n",
		"memory_sessions/long_memory.md":     "# Mémoire long terme — root\n\n## 2025-11-02\n- One lock per memory folder.\n",
	}
	for rel, content := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "initial"}} {
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=T", "GIT_AUTHOR_EMAIL=t@e", "GIT_COMMITTER_NAME=T", "GIT_COMMITTER_EMAIL=t@e")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	t.Setenv("CARNET_NOW", "2026-03-22")
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	t.Setenv("GIT_AUTHOR_NAME", "T")
	t.Setenv("GIT_AUTHOR_EMAIL", "t@e")
	t.Setenv("GIT_COMMITTER_NAME", "T")
	t.Setenv("GIT_COMMITTER_EMAIL", "t@e")
	return root
}

// onTerminal makes carnet believe it runs on a terminal for the rest of the test.
func onTerminal(t *testing.T) {
	old := isTerminal
	isTerminal = func(any) bool { return true }
	t.Cleanup(func() { isTerminal = old })
}

func TestPromotePromptsOnTerminal(t *testing.T) {
	for _, tc := range []struct {
		answer  string
		applied bool
	}{{"y\n", true}, {"yes\n", true}, {"n\n", false}, {"\n", false}, {"", false}} {
		root := promoteWS(t)
		onTerminal(t)
		t.Setenv("NO_COLOR", "1")
		var out, errb bytes.Buffer
		code := run([]string{"--root", root, "promote"}, strings.NewReader(tc.answer), &out, &errb)
		if code != 0 {
			t.Fatalf("answer %q: exit %d, stderr %s", tc.answer, code, errb.String())
		}
		if !strings.Contains(out.String(), "Apply this plan and commit it? [y/N] ") {
			t.Errorf("answer %q: no question asked:\n%s", tc.answer, out.String())
		}
		_, err := os.Stat(filepath.Join(root, "memory_sessions/logs/archives/2026-01-10.md"))
		if applied := err == nil; applied != tc.applied {
			t.Errorf("answer %q: applied %v, want %v\n%s", tc.answer, applied, tc.applied, out.String())
		}
		if tc.applied && !strings.Contains(out.String(), "committed ") {
			t.Errorf("answer %q: %s", tc.answer, out.String())
		}
		if !tc.applied && !strings.Contains(out.String(), "not applied: nothing written") {
			t.Errorf("answer %q: %s", tc.answer, out.String())
		}
	}
}

func TestPromoteColors(t *testing.T) {
	root := promoteWS(t)
	var out, errb bytes.Buffer

	// piped: plain
	t.Setenv("NO_COLOR", "")
	if code := run([]string{"--root", root, "promote", "--dry-run"}, strings.NewReader(""), &out, &errb); code != 0 || strings.Contains(out.String(), "\x1b[") {
		t.Fatalf("piped output: exit %d, colored %v", code, strings.Contains(out.String(), "\x1b["))
	}

	// a terminal: colored
	onTerminal(t)
	t.Setenv("TERM", "xterm-256color")
	out.Reset()
	if code := run([]string{"--root", root, "promote", "--dry-run"}, strings.NewReader(""), &out, &errb); code != 0 || !strings.Contains(out.String(), "\x1b[32m+- The transcript is read from its end.\x1b[m") {
		t.Fatalf("terminal output not colored (exit %d):\n%q", code, out.String())
	}

	// NO_COLOR and TERM=dumb win over the terminal
	for _, env := range [][2]string{{"NO_COLOR", "1"}, {"TERM", "dumb"}} {
		t.Setenv(env[0], env[1])
		out.Reset()
		run([]string{"--root", root, "promote", "--dry-run"}, strings.NewReader(""), &out, &errb)
		if strings.Contains(out.String(), "\x1b[") {
			t.Errorf("%s=%s: colored output", env[0], env[1])
		}
	}
}

// A promotion whose commit fails (another process holds .git/index.lock) leaves its files
// written; a rerun does not just say "nothing to promote": it lists them and commits them
// when confirmed (--yes), or says how when it cannot ask.
func TestPromoteAfterAFailedCommit(t *testing.T) {
	root := promoteWS(t)
	lock := filepath.Join(root, ".git", "index.lock")
	if err := os.WriteFile(lock, nil, 0o644); err != nil { // held by "another git process"
		t.Fatal(err)
	}
	promote := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		code := run(append([]string{"--root", root, "promote"}, args...), strings.NewReader(""), &out, &errb)
		return code, out.String(), errb.String()
	}
	git := func(args ...string) string {
		out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	head := git("rev-parse", "HEAD")
	code, out, errs := promote("--yes")
	if code == 0 || !strings.Contains(errs, "commit failed") || !strings.Contains(errs, "run carnet promote again") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errs)
	}
	if _, err := os.Stat(filepath.Join(root, "memory_sessions/logs/archives/2026-01-10.md")); err != nil || git("rev-parse", "HEAD") != head {
		t.Fatalf("the files were not written, or a commit was made: %v", err)
	}

	// Still locked: the rerun offers the commit, which fails again and says so.
	code, out, errs = promote("--yes")
	if code == 0 || !strings.Contains(out, "left uncommitted by a commit that failed") || !strings.Contains(errs, "the commit failed") {
		t.Fatalf("rerun, still locked: exit %d\n%s\n%s", code, out, errs)
	}
	if err := os.Remove(lock); err != nil {
		t.Fatal(err)
	}
	code, out, errs = promote()
	if code == 0 || !strings.Contains(out, "left uncommitted by a commit that failed") || !strings.Contains(errs, "--yes") {
		t.Fatalf("rerun without --yes: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = promote("--dry-run")
	if code != 0 || !strings.Contains(out, "dry run: nothing committed") || git("rev-parse", "HEAD") != head {
		t.Fatalf("dry run: exit %d\n%s\n%s", code, out, errs)
	}
	code, out, errs = promote("--yes")
	if code != 0 || !strings.Contains(out, "committed ") {
		t.Fatalf("rerun with --yes: exit %d\n%s\n%s", code, out, errs)
	}
	if st := git("status", "--porcelain", "memory_sessions"); st != "" {
		t.Errorf("memory still uncommitted after the rerun:\n%s", st)
	}
	if files := git("show", "--name-status", "--format=", "HEAD"); !strings.Contains(files, "logs/archives/2026-01-10.md") || !strings.Contains(files, "long_memory.md") {
		t.Errorf("last commit:\n%s", files)
	}
	code, out, _ = promote("--yes")
	if code != 0 || !strings.Contains(out, "nothing to promote") || strings.Contains(out, "not committed") {
		t.Errorf("third run: exit %d\n%s", code, out)
	}
}

// carnet -p with an unknown project exits 1 with the CLI's one-line error, as load does,
// instead of opening the UI on an error.
func TestUIUnknownProjectExits1(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	ui := runCarnet(t, bin, nil, nil, "--root", ws, "-p", "nope")
	load := runCarnet(t, bin, nil, nil, "--root", ws, "-p", "nope", "load")
	if ui.code != 1 || ui.stderr != load.stderr || !strings.Contains(ui.stderr, "nope") {
		t.Fatalf("carnet -p nope: exit %d, %q; carnet -p nope load: %q", ui.code, ui.stderr, load.stderr)
	}
}
