package gitrepo

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// The git layer is checked against the git CLI itself: fixtures are made and
// results verified with real git commands.

// gitTEnv isolates git from the user's configuration: a global config with
// a known user, no system config.
func gitTEnv(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git CLI not found")
	}
	home := t.TempDir()
	global := filepath.Join(home, "gitconfig")
	gitTWrite(t, home, "gitconfig", "[user]\n\tname = Test User\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n")
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "xdg"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", global)
	for _, v := range []string{"GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_AUTHOR_DATE",
		"GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL", "GIT_COMMITTER_DATE", "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE"} {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
}

// gitTRepo returns a fresh repository on branch main.
func gitTRepo(t *testing.T) string {
	t.Helper()
	gitTEnv(t)
	dir := t.TempDir()
	gitT(t, dir, "init", "-q", "-b", "main")
	return dir
}

// gitT runs git in dir and returns its standard output; a failure ends the test.
func gitT(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := gitTTry(dir, nil, args...)
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

func gitTTry(dir string, env []string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return string(out) + stderr.String(), err
	}
	return string(out), nil
}

// gitTCommit commits everything with a fixed date (seconds after a base), so
// that commit order never depends on the clock.
func gitTCommit(t *testing.T, dir, msg string, at int) string {
	t.Helper()
	gitT(t, dir, "add", "-A")
	date := fmt.Sprintf("@%d +0100", 1774000000+at)
	if out, err := gitTTry(dir, []string{"GIT_AUTHOR_DATE=" + date, "GIT_COMMITTER_DATE=" + date}, "commit", "-q", "-m", msg); err != nil {
		t.Fatalf("git commit: %v\n%s", err, out)
	}
	return strings.TrimSpace(gitT(t, dir, "rev-parse", "HEAD"))
}

func gitTWrite(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func gitTMkdir(t *testing.T, root, rel string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(root, filepath.FromSlash(rel)), 0o755); err != nil {
		t.Fatal(err)
	}
}

func gitTRead(t *testing.T, root, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func gitTLines(s string) []string {
	var out []string
	for l := range strings.SplitSeq(strings.TrimRight(s, "\n"), "\n") {
		if l != "" {
			out = append(out, l)
		}
	}
	return out
}

func gitTEqual(t *testing.T, what string, got, want any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got: %#v\nwant: %#v", what, got, want)
	}
}

func TestGitBlobVersion(t *testing.T) {
	gitTEnv(t)
	dir := t.TempDir()
	for i, content := range []string{"", "hello\n", "# Log session — 2026-03-22\n\n## Contexte\n- é\n", "no newline"} {
		name := fmt.Sprintf("f%d", i)
		gitTWrite(t, dir, name, content)
		want := strings.TrimSpace(gitT(t, dir, "hash-object", name))[:10]
		if got := BlobVersion([]byte(content)); got != want {
			t.Errorf("BlobVersion(%q) = %s, git hash-object says %s", content, got, want)
		}
	}
}

func TestGitFindRepoRoot(t *testing.T) {
	repo := gitTRepo(t)
	gitTWrite(t, repo, "projects/a/memory_sessions/long_memory.md", "x\n")
	gitTCommit(t, repo, "init", 1)
	for _, dir := range []string{repo, filepath.Join(repo, "projects", "a", "memory_sessions")} {
		if got, ok := FindRepoRoot(dir); !ok || got != repo {
			t.Errorf("FindRepoRoot(%s) = %q, %v; want %q", dir, got, ok, repo)
		}
	}
	if got, ok := FindRepoRoot(t.TempDir()); ok {
		t.Errorf("FindRepoRoot outside a repository = %q, true", got)
	}
	// A linked work tree has a .git file; its root is its own folder.
	wt := filepath.Join(t.TempDir(), "wt")
	gitT(t, repo, "worktree", "add", "-q", "-b", "side", wt)
	if got, ok := FindRepoRoot(filepath.Join(wt, "projects")); !ok || got != wt {
		t.Errorf("FindRepoRoot in a linked work tree = %q, %v; want %q", got, ok, wt)
	}
}

const (
	gitTLog  = "projects/a/memory_sessions/logs/2026-03-22.md"
	gitTLong = "projects/a/memory_sessions/long_memory.md"
)

func TestCommitPathsKeepsUserIndex(t *testing.T) { gitTBoth(t, testCommitPathsKeepsUserIndex) }

func testCommitPathsKeepsUserIndex(t *testing.T) {
	repo := gitTRepo(t)
	gitTWrite(t, repo, "README.md", "readme v1\n")
	gitTWrite(t, repo, "notes.txt", "notes v1\n")
	gitTWrite(t, repo, gitTLong, "# Mémoire long terme — a\n")
	before := gitTCommit(t, repo, "init", 1)

	// The user's work in progress: a staged file (with a further unstaged
	// change on top), an unstaged change, a staged new file, and an older
	// version of a memory file staged by hand.
	gitTWrite(t, repo, "notes.txt", "notes staged\n")
	gitTWrite(t, repo, "src/new.go", "package src\n")
	gitT(t, repo, "add", "notes.txt", "src/new.go")
	gitTWrite(t, repo, "notes.txt", "notes unstaged on top\n")
	gitTWrite(t, repo, "README.md", "readme unstaged\n")
	gitTWrite(t, repo, gitTLong, "# Mémoire long terme — a\n\n## staged by hand\n")
	gitT(t, repo, "add", gitTLong)

	// carnet writes memory.
	gitTWrite(t, repo, gitTLong, "# Mémoire long terme — a\n\n## 2026-03-22\n- un fait\n")
	gitTWrite(t, repo, gitTLog, "# Log session — 2026-03-22\n\n## Contexte\n- test\n")

	res, err := commitPaths(repo, []string{gitTLong, filepath.Join(repo, gitTLog)}, "carnet: memory of a\n\nfrom the test")
	if err != nil {
		t.Fatal(err)
	}
	if res.Skipped != "" || len(res.Hash) != 40 {
		t.Fatalf("CommitPaths = %+v", res)
	}
	head := strings.TrimSpace(gitT(t, repo, "rev-parse", "HEAD"))
	gitTEqual(t, "HEAD", head, res.Hash)
	gitTEqual(t, "parent", strings.TrimSpace(gitT(t, repo, "rev-parse", "HEAD^")), before)
	gitTEqual(t, "committed files", gitTLines(gitT(t, repo, "show", "--name-only", "--format=", "HEAD")),
		[]string{gitTLog, gitTLong})
	gitTEqual(t, "message", gitT(t, repo, "log", "-1", "--format=%B"), "carnet: memory of a\n\nfrom the test\n\n")
	gitTEqual(t, "author", gitT(t, repo, "log", "-1", "--format=%an <%ae> / %cn <%ce>"), "Test User <test@example.com> / Test User <test@example.com>\n")
	gitTEqual(t, "committed content", gitT(t, repo, "show", "HEAD:"+gitTLong), gitTRead(t, repo, gitTLong))

	// The user's index is as it was.
	gitTEqual(t, "staged files", gitTLines(gitT(t, repo, "diff", "--cached", "--name-only")), []string{"notes.txt", "src/new.go"})
	gitTEqual(t, "staged content", gitT(t, repo, "show", ":notes.txt"), "notes staged\n")
	gitTEqual(t, "unstaged files", gitTLines(gitT(t, repo, "diff", "--name-only")), []string{"README.md", "notes.txt"})
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")),
		[]string{" M README.md", "MM notes.txt", "A  src/new.go"})
	gitT(t, repo, "fsck", "--no-progress")
	if out, err := gitTTry(repo, nil, "reflog", "-1", "--format=%gs"); err != nil || !strings.HasPrefix(out, "commit: carnet: memory of a") {
		t.Errorf("reflog: %q, %v", out, err)
	}
}

func TestCommitPathsDetachedHead(t *testing.T) { gitTBoth(t, testCommitPathsDetachedHead) }

func testCommitPathsDetachedHead(t *testing.T) {
	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "v1\n")
	head := gitTCommit(t, repo, "init", 1)
	gitT(t, repo, "checkout", "-q", "--detach")
	gitTWrite(t, repo, gitTLong, "v2\n")
	res, err := commitPaths(repo, []string{gitTLong}, "carnet: memory")
	if err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "result", res, CommitResult{Skipped: "detached HEAD"})
	gitTEqual(t, "HEAD", strings.TrimSpace(gitT(t, repo, "rev-parse", "HEAD")), head)
	gitTEqual(t, "file", gitTRead(t, repo, gitTLong), "v2\n")
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string{" M " + gitTLong})
}

func TestCommitPathsOperationInProgress(t *testing.T) {
	gitTBoth(t, testCommitPathsOperationInProgress)
}

func testCommitPathsOperationInProgress(t *testing.T) {
	for _, tc := range []struct {
		name, why string
		args      []string
	}{
		{"merge", "merge in progress", []string{"merge", "-q", "other"}},
		{"rebase", "rebase in progress", []string{"rebase", "-q", "other"}},
		{"cherry-pick", "cherry-pick in progress", []string{"cherry-pick", "other"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := gitTRepo(t)
			gitTWrite(t, repo, "code.txt", "base\n")
			gitTWrite(t, repo, gitTLong, "v1\n")
			gitTCommit(t, repo, "base", 1)
			gitT(t, repo, "checkout", "-q", "-b", "other")
			gitTWrite(t, repo, "code.txt", "theirs\n")
			gitTCommit(t, repo, "theirs", 2)
			gitT(t, repo, "checkout", "-q", "main")
			gitTWrite(t, repo, "code.txt", "ours\n")
			head := gitTCommit(t, repo, "ours", 3)
			if out, err := gitTTry(repo, nil, tc.args...); err == nil {
				t.Fatalf("git %v did not stop on a conflict: %s", tc.args, out)
			}
			gitTWrite(t, repo, gitTLong, "v2\n")
			res, err := commitPaths(repo, []string{gitTLong}, "carnet: memory")
			if err != nil {
				t.Fatal(err)
			}
			gitTEqual(t, "result", res, CommitResult{Skipped: tc.why})
			if tc.name != "rebase" { // a rebase detaches HEAD
				gitTEqual(t, "HEAD", strings.TrimSpace(gitT(t, repo, "rev-parse", "HEAD")), head)
			}
			gitTEqual(t, "file", gitTRead(t, repo, gitTLong), "v2\n")
		})
	}
}

func TestCommitPathsMoveIsRename(t *testing.T) { gitTBoth(t, testCommitPathsMoveIsRename) }

func testCommitPathsMoveIsRename(t *testing.T) {
	repo := gitTRepo(t)
	old := "projects/a/memory_sessions/logs/2026-01-02.md"
	moved := "projects/a/memory_sessions/logs/archives/2026-01-02.md"
	gitTWrite(t, repo, old, "# Log session — 2026-01-02\n\n## Contexte\n- un\n- deux\n- trois\n")
	first := gitTCommit(t, repo, "day one", 1)
	gitTWrite(t, repo, old, "# Log session — 2026-01-02\n\n## Contexte\n- un\n- deux\n- trois\n- quatre\n")
	second := gitTCommit(t, repo, "day one, later", 2)
	gitT(t, repo, "gc", "-q") // the base tree is read from a pack
	gitTWrite(t, repo, "unrelated.txt", "staged\n")
	gitT(t, repo, "add", "unrelated.txt")

	if err := os.MkdirAll(filepath.Dir(filepath.Join(repo, moved)), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(filepath.Join(repo, old), filepath.Join(repo, moved)); err != nil {
		t.Fatal(err)
	}
	res, err := commitPaths(repo, []string{old, moved}, "carnet: archive")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths = %+v, %v", res, err)
	}
	gitTEqual(t, "name-status", gitTLines(gitT(t, repo, "show", "-M", "--name-status", "--format=", "HEAD")),
		[]string{"R100\t" + old + "\t" + moved})
	if stat := gitT(t, repo, "show", "-M", "--stat", "--format=", "HEAD"); !strings.Contains(stat, "=>") {
		t.Errorf("git show --stat -M shows no rename:\n%s", stat)
	}
	gitTEqual(t, "log --follow", gitTLines(gitT(t, repo, "log", "--follow", "--format=%H", "--", moved)),
		[]string{res.Hash, second, first})
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string{"A  unrelated.txt"})
}

func TestCommitPathsLinkedWorktree(t *testing.T) { gitTBoth(t, testCommitPathsLinkedWorktree) }

func testCommitPathsLinkedWorktree(t *testing.T) {
	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "v1\n")
	main := gitTCommit(t, repo, "init", 1)
	wt := filepath.Join(t.TempDir(), "wt")
	gitT(t, repo, "worktree", "add", "-q", "-b", "side", wt)
	gitTWrite(t, wt, gitTLong, "v2\n")
	gitTWrite(t, wt, "staged.txt", "staged\n")
	gitT(t, wt, "add", "staged.txt")
	res, err := commitPaths(wt, []string{gitTLong}, "carnet: from a linked work tree")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths = %+v, %v", res, err)
	}
	gitTEqual(t, "side", strings.TrimSpace(gitT(t, repo, "rev-parse", "side")), res.Hash)
	gitTEqual(t, "main", strings.TrimSpace(gitT(t, repo, "rev-parse", "main")), main)
	gitTEqual(t, "work tree status", gitTLines(gitT(t, wt, "status", "--porcelain")), []string{"A  staged.txt"})
	gitTEqual(t, "main status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string(nil))
	gitT(t, repo, "fsck", "--no-progress")
	if hs, err := history(wt, "projects/a/memory_sessions", 0); err != nil || len(hs) != 2 || hs[0].Hash != res.Hash {
		t.Errorf("History in the linked work tree: %d commits, %v", len(hs), err)
	}
}

// TestCommitPathsIndexV4 runs on an index as `feature.manyFiles` leaves it:
// version 4 (compressed paths) with an untracked cache.
func TestCommitPathsIndexV4(t *testing.T) { gitTBoth(t, testCommitPathsIndexV4) }

func testCommitPathsIndexV4(t *testing.T) {
	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "v1\n")
	gitTWrite(t, repo, "src/a.go", "package a\n")
	gitTWrite(t, repo, "src/b.go", "package a\n")
	gitTCommit(t, repo, "init", 1)
	gitT(t, repo, "config", "core.untrackedCache", "true")
	gitT(t, repo, "update-index", "--index-version", "4")
	gitTWrite(t, repo, "src/b.go", "package a // staged\n")
	gitT(t, repo, "add", "src/b.go")
	gitT(t, repo, "status", "--porcelain")
	gitTWrite(t, repo, gitTLong, "v2\n")
	res, err := commitPaths(repo, []string{gitTLong}, "carnet: v4")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths = %+v, %v", res, err)
	}
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string{"M  src/b.go"})
	gitTEqual(t, "staged content", gitT(t, repo, "show", ":src/b.go"), "package a // staged\n")
	if idx := gitTRead(t, repo, ".git/index"); idx[:4] != "DIRC" || idx[7] != 4 {
		t.Errorf("index header %q, want version 4", idx[:8])
	}
	gitT(t, repo, "fsck", "--no-progress")
}

func TestCommitPathsFirstCommit(t *testing.T) { gitTBoth(t, testCommitPathsFirstCommit) }

func testCommitPathsFirstCommit(t *testing.T) {
	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "first\n")
	gitTWrite(t, repo, "other.txt", "not committed\n")
	res, err := commitPaths(repo, []string{gitTLong}, "carnet: first")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths = %+v, %v", res, err)
	}
	gitTEqual(t, "commits", strings.TrimSpace(gitT(t, repo, "rev-list", "--count", "HEAD")), "1")
	gitTEqual(t, "branch", strings.TrimSpace(gitT(t, repo, "symbolic-ref", "--short", "HEAD")), "main")
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string{"?? other.txt"})
	gitT(t, repo, "fsck", "--no-progress")
}

func TestCommitPathsSkips(t *testing.T) { gitTBoth(t, testCommitPathsSkips) }

func testCommitPathsSkips(t *testing.T) {
	gitTEnv(t)
	plain := t.TempDir()
	gitTWrite(t, plain, "m.md", "x\n")
	if _, err := Open(plain); !errors.Is(err, ErrNotGitRepository) {
		t.Errorf("Open outside a repository: %v, want ErrNotGitRepository", err)
	}

	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "same\n")
	head := gitTCommit(t, repo, "init", 1)
	res, err := commitPaths(repo, []string{gitTLong}, "carnet")
	gitTEqual(t, "unchanged file", res, CommitResult{Skipped: "nothing to commit"})
	if err != nil {
		t.Error(err)
	}
	res, err = commitPaths(repo, []string{"projects/a/memory_sessions/logs/never.md"}, "carnet")
	gitTEqual(t, "missing untracked file", res, CommitResult{Skipped: "nothing to commit"})
	if err != nil {
		t.Error(err)
	}
	if _, err := commitPaths(repo, []string{"../elsewhere.md"}, "carnet"); err == nil {
		t.Error("a path outside the work tree was accepted")
	}
	if _, err := commitPaths(repo, []string{gitTLong}, " \n"); err == nil {
		t.Error("an empty message was accepted")
	}

	// Another git process holds the index: no commit, a clear error.
	gitTWrite(t, repo, gitTLong, "changed\n")
	gitTWrite(t, repo, ".git/index.lock", "")
	if _, err := commitPaths(repo, []string{gitTLong}, "carnet"); err == nil || !strings.Contains(err.Error(), "index.lock") {
		t.Errorf("with index.lock: err = %v", err)
	}
	gitTEqual(t, "HEAD", strings.TrimSpace(gitT(t, repo, "rev-parse", "HEAD")), head)
	if _, err := os.Stat(filepath.Join(repo, ".git", "index.lock")); err != nil {
		t.Error("carnet removed a lock it did not take")
	}
}

func TestCommitPathsFolder(t *testing.T) { gitTBoth(t, testCommitPathsFolder) }

func testCommitPathsFolder(t *testing.T) {
	repo := gitTRepo(t)
	mem := "projects/a/memory_sessions"
	gitTWrite(t, repo, ".gitignore", "*.tmp\n")
	gitTWrite(t, repo, mem+"/long_memory.md", "v1\n")
	gitTWrite(t, repo, mem+"/logs/2026-01-01.md", "old\n")
	gitTCommit(t, repo, "init", 1)

	gitTWrite(t, repo, mem+"/long_memory.md", "v2\n")
	gitTWrite(t, repo, mem+"/logs/2026-03-22.md", "new\n")
	gitTWrite(t, repo, mem+"/logs/.debug/hook.log", "debug\n")
	gitTWrite(t, repo, mem+"/logs/scratch.tmp", "ignored\n")
	gitTWrite(t, repo, "projects/a/code.go", "package a\n")
	if err := os.Remove(filepath.Join(repo, mem, "logs", "2026-01-01.md")); err != nil {
		t.Fatal(err)
	}
	res, err := commitPaths(filepath.Join(repo, "projects", "a"), []string{"memory_sessions"}, "carnet: folder")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths = %+v, %v", res, err)
	}
	gitTEqual(t, "tree", gitTLines(gitT(t, repo, "ls-tree", "-r", "--name-only", "HEAD")),
		[]string{".gitignore", mem + "/logs/2026-03-22.md", mem + "/long_memory.md"})
	// .debug is never committed, even when the project forgot to ignore it.
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")),
		[]string{"?? projects/a/code.go", "?? " + mem + "/logs/.debug/"})
}

func TestCommitPathsAuthor(t *testing.T) { gitTBoth(t, testCommitPathsAuthor) }

func testCommitPathsAuthor(t *testing.T) {
	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "v1\n")
	res, err := commitPaths(repo, []string{gitTLong}, "global user")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths = %+v, %v", res, err)
	}
	gitTEqual(t, "global config", gitT(t, repo, "log", "-1", "--format=%an <%ae>"), "Test User <test@example.com>\n")

	gitT(t, repo, "config", "user.name", "Repo User")
	gitT(t, repo, "config", "user.email", "repo@example.com")
	gitTWrite(t, repo, gitTLong, "v2\n")
	if _, err := commitPaths(repo, []string{gitTLong}, "repo user"); err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "repository config", gitT(t, repo, "log", "-1", "--format=%an <%ae>"), "Repo User <repo@example.com>\n")

	t.Setenv("GIT_AUTHOR_NAME", "Env Author")
	t.Setenv("GIT_AUTHOR_DATE", "@1774000000 +0200")
	gitTWrite(t, repo, gitTLong, "v3\n")
	if _, err := commitPaths(repo, []string{gitTLong}, "env author"); err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "environment", gitT(t, repo, "log", "-1", "--format=%an <%ae> %ad / %cn", "--date=raw"),
		"Env Author <repo@example.com> 1774000000 +0200 / Repo User\n")
	os.Unsetenv("GIT_AUTHOR_NAME")
	os.Unsetenv("GIT_AUTHOR_DATE")

	gitT(t, repo, "config", "--unset", "user.name")
	gitT(t, repo, "config", "--unset", "user.email")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(t.TempDir(), "none"))
	gitTWrite(t, repo, gitTLong, "v4\n")
	if _, err := commitPaths(repo, []string{gitTLong}, "no user"); err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "fallback", gitT(t, repo, "log", "-1", "--format=%an <%ae>"), "carnet <carnet@localhost>\n")
}

// gitTBoth runs a test of commits twice: through the git CLI, then through go-git (as on a
// machine without git).
func gitTBoth(t *testing.T, test func(t *testing.T)) {
	t.Run("git", func(t *testing.T) {
		if gitCLIPath() == "" {
			t.Skip("git CLI not found")
		}
		test(t)
	})
	t.Run("go-git", func(t *testing.T) {
		gitCLIOff = true
		defer func() { gitCLIOff = false }()
		test(t)
	})
}

// The operations as one call each, on a Repo opened for the call.
func commitPaths(dir string, paths []string, message string) (CommitResult, error) {
	r, err := Open(dir)
	if err != nil {
		return CommitResult{}, err
	}
	return r.CommitPaths(context.Background(), paths, message)
}

func history(dir, sub string, n int) ([]Commit, error) {
	r, err := Open(dir)
	if err != nil {
		return nil, err
	}
	return r.History(sub, n)
}

func commitDiff(dir, hash, sub string) (string, error) {
	r, err := Open(dir)
	if err != nil {
		return "", err
	}
	return r.CommitDiff(hash, sub)
}

func pending(dir, sub string) ([]FileChange, error) {
	r, err := Open(dir)
	if err != nil {
		return nil, err
	}
	return r.Pending(sub)
}

func pendingDiff(dir, sub string) (string, error) {
	r, err := Open(dir)
	if err != nil {
		return "", err
	}
	return r.PendingDiff(sub)
}
