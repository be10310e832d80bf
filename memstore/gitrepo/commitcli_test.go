package gitrepo

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Commits through the user's git: its hooks, signing, filters and formats apply.

// gitTNeedCLI skips a test that is about the git CLI path when git is not installed.
func gitTNeedCLI(t *testing.T) {
	t.Helper()
	if gitCLIPath() == "" {
		t.Skip("git CLI not found")
	}
}

func gitTHook(t *testing.T, repo, name, script string) {
	t.Helper()
	p := filepath.Join(repo, ".git", "hooks", name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := writeExec(p, []byte("#!/bin/sh\n"+script)); err != nil {
		t.Fatal(err)
	}
}

func TestCommitPathsPreCommitHook(t *testing.T) {
	gitTNeedCLI(t)
	repo := gitTRepo(t)
	mem := "projects/a/memory_sessions"
	gitTWrite(t, repo, gitTLong, "v1\n")
	head := gitTCommit(t, repo, "init", 1)
	gitTHook(t, repo, "pre-commit", "echo 'checking memory…' >&2\necho 'pre-commit: secrets found in memory' >&2\nexit 1\n")

	// A new log and a change: the commit is refused, the files stay as written.
	gitTWrite(t, repo, gitTLong, "v2\n")
	gitTWrite(t, repo, gitTLog, "# Log\n")
	res, err := commitPaths(repo, []string{gitTLong, gitTLog}, "carnet: refused")
	if err == nil || res.Hash != "" {
		t.Fatalf("CommitPaths with a failing pre-commit hook = %+v, %v", res, err)
	}
	if msg := err.Error(); strings.Contains(msg, "\n") || !strings.Contains(msg, "pre-commit: secrets found in memory") {
		t.Errorf("error %q: want git's last line, on one line", msg)
	}
	gitTEqual(t, "HEAD", strings.TrimSpace(gitT(t, repo, "rev-parse", "HEAD")), head)
	gitTEqual(t, "file", gitTRead(t, repo, gitTLong), "v2\n")
	gitTEqual(t, "status after a refused commit", gitTLines(gitT(t, repo, "status", "--porcelain", "-uall")),
		[]string{" M " + gitTLong, "?? " + gitTLog})

	// The hook is fixed; the next write commits the memory folder: the refused files go along.
	gitTHook(t, repo, "pre-commit", "echo ran >> \"$(git rev-parse --git-dir)/hook-ran\"\n")
	gitTWrite(t, repo, mem+"/logs/2026-03-23.md", "# Log 2\n")
	res, err = commitPaths(repo, []string{mem}, "carnet: next write")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths after the hook is fixed = %+v, %v", res, err)
	}
	gitTEqual(t, "committed", gitTLines(gitT(t, repo, "show", "--name-only", "--format=", "HEAD")),
		[]string{gitTLog, mem + "/logs/2026-03-23.md", gitTLong})
	gitTEqual(t, "hook ran", gitTRead(t, repo, ".git/hook-ran"), "ran\n")
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string(nil))
}

func TestCommitPathsSigning(t *testing.T) {
	gitTNeedCLI(t)
	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "v1\n")
	gitTCommit(t, repo, "init", 1)
	// A stand-in for gpg: it records the call and answers as gpg does.
	bin := t.TempDir()
	calls := filepath.Join(bin, "calls")
	gitTWrite(t, bin, "gpg", "#!/bin/sh\necho \"$@\" >> "+calls+"\ncat >/dev/null\n"+
		"echo '[GNUPG:] SIG_CREATED D 1 8 00 1774000000 0123456789ABCDEF' >&2\n"+
		"printf -- '-----BEGIN PGP SIGNATURE-----\\n\\nc3RhbmQtaW4=\\n-----END PGP SIGNATURE-----\\n'\n")
	os.Chmod(filepath.Join(bin, "gpg"), 0o755)
	gitT(t, repo, "config", "commit.gpgsign", "true")
	gitT(t, repo, "config", "user.signingkey", "0123456789ABCDEF")
	gitT(t, repo, "config", "gpg.program", filepath.Join(bin, "gpg"))

	gitTWrite(t, repo, gitTLong, "v2\n")
	res, err := commitPaths(repo, []string{gitTLong}, "carnet: signed")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths = %+v, %v", res, err)
	}
	if c := gitT(t, repo, "cat-file", "commit", "HEAD"); !strings.Contains(c, "gpgsig -----BEGIN PGP SIGNATURE-----") {
		t.Errorf("the commit is not signed:\n%s", c)
	}
	if b, err := os.ReadFile(calls); err != nil || !strings.Contains(string(b), "0123456789ABCDEF") {
		t.Errorf("gpg was not called with the signing key: %q, %v", b, err)
	}

	// Signing fails: nothing committed, the reason in one line.
	gitTWrite(t, bin, "gpg", "#!/bin/sh\necho 'gpg: signing failed: No pinentry' >&2\nexit 2\n")
	gitTWrite(t, repo, gitTLong, "v3\n")
	res, err = commitPaths(repo, []string{gitTLong}, "carnet: unsigned")
	if err == nil || res.Hash != "" || strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "gpg failed to sign") {
		t.Errorf("CommitPaths with a failing gpg = %+v, %v", res, err)
	}
	gitTEqual(t, "file", gitTRead(t, repo, gitTLong), "v3\n")
}

func TestCommitPathsAutocrlfAndFilters(t *testing.T) {
	gitTNeedCLI(t)
	repo := gitTRepo(t)
	gitT(t, repo, "config", "core.autocrlf", "true")
	gitTWrite(t, repo, gitTLong, "v1\r\n")
	gitTCommit(t, repo, "init", 1)
	// A git-crypt-like clean filter on the logs: what is committed is the filter's output.
	gitT(t, repo, "config", "filter.rot.clean", "tr a-z n-za-m")
	gitT(t, repo, "config", "filter.rot.smudge", "tr a-z n-za-m")
	gitTWrite(t, repo, ".gitattributes", "projects/a/memory_sessions/logs/** filter=rot\n")
	gitTCommit(t, repo, "attributes", 2)

	gitTWrite(t, repo, gitTLong, "v1\r\nv2\r\n")
	gitTWrite(t, repo, gitTLog, "secret\r\n")
	res, err := commitPaths(repo, []string{gitTLong, gitTLog}, "carnet: crlf")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths = %+v, %v", res, err)
	}
	gitTEqual(t, "committed long memory", gitT(t, repo, "cat-file", "blob", "HEAD:"+gitTLong), "v1\nv2\n")
	gitTEqual(t, "committed log", gitT(t, repo, "cat-file", "blob", "HEAD:"+gitTLog), "frperg\n")
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string(nil))
	if p, err := pending(repo, "projects/a/memory_sessions"); err != nil || len(p) != 0 {
		t.Errorf("Pending after the commit = %+v, %v; want nothing", p, err)
	}
}

func TestCommitPathsRepositoryFormats(t *testing.T) {
	gitTNeedCLI(t)
	for _, tc := range []struct {
		name  string
		setup func(t *testing.T, repo string)
		init  []string
	}{
		{"sha256", nil, []string{"--object-format=sha256"}},
		{"split index", func(t *testing.T, repo string) { gitT(t, repo, "update-index", "--split-index") }, nil},
		{"sparse index", func(t *testing.T, repo string) {
			gitT(t, repo, "sparse-checkout", "set", "--cone", "--sparse-index", "projects/a")
		}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gitTEnv(t)
			repo := t.TempDir()
			gitT(t, repo, append([]string{"init", "-q", "-b", "main"}, tc.init...)...)
			gitTWrite(t, repo, gitTLong, "v1\n")
			gitTWrite(t, repo, "src/code.go", "package src\n")
			gitTCommit(t, repo, "init", 1)
			if tc.setup != nil {
				tc.setup(t, repo)
			}
			gitTWrite(t, repo, gitTLong, "v2\n")
			gitTWrite(t, repo, gitTLog, "# Log\n")
			res, err := commitPaths(repo, []string{gitTLong, gitTLog}, "carnet: "+tc.name)
			if err != nil || res.Hash == "" {
				t.Fatalf("CommitPaths = %+v, %v", res, err)
			}
			gitTEqual(t, "HEAD", strings.TrimSpace(gitT(t, repo, "rev-parse", "HEAD")), res.Hash)
			gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string(nil))
			gitTEqual(t, "reflog", gitTLines(gitT(t, repo, "reflog", "-1", "--format=%H %gs")),
				[]string{res.Hash + " commit: carnet: " + tc.name})
			gitT(t, repo, "fsck", "--no-progress")
			hs, err := history(repo, "projects/a/memory_sessions", 0)
			if err != nil || len(hs) != 2 || hs[0].Hash != res.Hash {
				t.Fatalf("History = %+v, %v", hs, err)
			}
			gitTEqual(t, "files", hs[0].Files, []FileChange{
				{Path: gitTLog, Kind: "A", Added: 1},
				{Path: gitTLong, Kind: "M", Added: 1, Deleted: 1},
			})
		})
	}
}

// TestCommitPathsConcurrent: carnet writers committing at the same time take turns; no
// commit is skipped, none takes another's file.
func TestCommitPathsConcurrent(t *testing.T) { gitTBoth(t, testCommitPathsConcurrent) }

func testCommitPathsConcurrent(t *testing.T) {
	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "v1\n")
	head := gitTCommit(t, repo, "init", 1)
	const writers = 8
	var wg sync.WaitGroup
	errs := make([]error, writers)
	hashes := make([]string, writers)
	for i := range writers {
		rel := fmt.Sprintf("projects/a/memory_sessions/logs/w%d.md", i)
		gitTWrite(t, repo, rel, fmt.Sprintf("writer %d\n", i))
		wg.Go(func() {
			r, err := Open(repo)
			if err == nil {
				var res CommitResult
				res, err = r.CommitPaths(context.Background(), []string{rel}, fmt.Sprintf("carnet: writer %d", i))
				hashes[i] = res.Hash
			}
			errs[i] = err
		})
	}
	wg.Wait()
	for i := range writers {
		if errs[i] != nil || hashes[i] == "" {
			t.Errorf("writer %d: %q, %v", i, hashes[i], errs[i])
		}
	}
	gitTEqual(t, "commits", strings.TrimSpace(gitT(t, repo, "rev-list", "--count", head+"..HEAD")), fmt.Sprint(writers))
	for i := range writers {
		if hashes[i] == "" {
			continue
		}
		gitTEqual(t, fmt.Sprintf("files of writer %d", i), gitTLines(gitT(t, repo, "show", "--name-only", "--format=", hashes[i])),
			[]string{fmt.Sprintf("projects/a/memory_sessions/logs/w%d.md", i)})
	}
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string(nil))
	gitT(t, repo, "fsck", "--no-progress")
}

// TestCommitPathsDeadline: a commit whose hook outlives the deadline is stopped, and git
// leaves no lock behind.
func TestCommitPathsDeadline(t *testing.T) {
	gitTNeedCLI(t)
	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "v1\n")
	head := gitTCommit(t, repo, "init", 1)
	started := filepath.Join(repo, ".git", "hook-started")
	gitTHook(t, repo, "pre-commit", "touch '"+started+"'\nexec sleep 30\n")
	gitTWrite(t, repo, gitTLong, "v2\n")
	r, err := Open(repo)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := r.CommitPaths(ctx, []string{gitTLong}, "carnet: too slow")
		done <- err
	}()
	for {
		if _, err := os.Stat(started); err == nil {
			break
		}
		select {
		case err := <-done:
			t.Fatalf("CommitPaths ended before its hook started: %v", err)
		default:
		}
		gitTWaitALittle()
	}
	cancel()
	if err := <-done; err == nil || !strings.Contains(err.Error(), "stopped") {
		t.Errorf("CommitPaths past its deadline: %v", err)
	}
	gitTNoLocks(t, repo)
	gitTEqual(t, "HEAD", strings.TrimSpace(gitT(t, repo, "rev-parse", "HEAD")), head)
}

// gitTNoLocks fails when a git lock file is left in the repository's git folder.
func gitTNoLocks(t *testing.T, repo string) {
	t.Helper()
	filepath.WalkDir(filepath.Join(repo, ".git"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lock") && filepath.Base(p) != "carnet-commit.lock" {
			t.Errorf("lock left behind: %s", p)
		}
		return nil
	})
	gitT(t, repo, "status", "--porcelain")
	gitT(t, repo, "fsck", "--no-progress")
}

// gitTWaitALittle pauses a polling loop.
func gitTWaitALittle() { time.Sleep(5 * time.Millisecond) }

// writeExec writes an executable with no fork under way: a parallel test's child would hold
// the file open for writing and its exec fail with "text file busy".
func writeExec(p string, data []byte) error {
	syscall.ForkLock.Lock()
	defer syscall.ForkLock.Unlock()
	return os.WriteFile(p, data, 0o755)
}
