package gitrepo

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestGitHelperCommitLoop is not a test: it is the process TestCommitPathsKilled kills, a
// carnet writer committing memory in a loop.
func TestGitHelperCommitLoop(t *testing.T) {
	repo := os.Getenv("CARNET_GITREPO_HELPER_REPO")
	if repo == "" {
		t.Skip("run by TestCommitPathsKilled")
	}
	gitCLIOff = os.Getenv("CARNET_GITREPO_HELPER_GOGIT") != ""
	r, err := Open(repo)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Println("ready")
	for i := 0; ; i++ {
		rel := fmt.Sprintf("projects/a/memory_sessions/logs/k%d-%d.md", os.Getpid(), i)
		gitTWrite(t, repo, rel, fmt.Sprintf("commit %d\n", i))
		gitTWrite(t, repo, gitTLong, fmt.Sprintf("long %d %d\n", os.Getpid(), i))
		if _, err := r.CommitPaths(context.Background(), []string{rel, gitTLong}, "carnet: loop"); err != nil {
			t.Fatal(err)
		}
		fmt.Println("committed")
	}
}

// TestCommitPathsKilled kills a committing carnet (SIGKILL, at a random moment) again and
// again: no git lock is left behind, and the repository stays sound. Through git, git's own
// lock handling applies (git finishes its commit); through go-git, a lock a killed carnet
// left is removed by the next commit, which recognises it as its own.
func TestCommitPathsKilled(t *testing.T) { gitTBoth(t, testCommitPathsKilled) }

func testCommitPathsKilled(t *testing.T) {
	// The git a killed carnet started goes on alone; as a subreaper this process inherits it
	// and can wait for it to end before looking for locks.
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0); e != 0 {
		t.Skipf("prctl(PR_SET_CHILD_SUBREAPER): %v", e)
	}
	repo := gitTRepo(t)
	gitTWrite(t, repo, gitTLong, "v1\n")
	gitTCommit(t, repo, "init", 1)
	rng := rand.New(rand.NewPCG(7, uint64(len(t.Name()))))
	const runs = 12
	for run := range runs {
		cmd := exec.Command(os.Args[0], "-test.run=^TestGitHelperCommitLoop$", "-test.count=1")
		cmd.Env = append(os.Environ(), "CARNET_GITREPO_HELPER_REPO="+repo)
		if gitCLIOff {
			cmd.Env = append(cmd.Env, "CARNET_GITREPO_HELPER_GOGIT=1")
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewReader(out)
		line, _ := lines.ReadString('\n')
		if run == 0 && line == "ready\n" {
			// However loaded the machine, the first run kills a helper that has committed.
			line, _ = lines.ReadString('\n')
			if line == "committed\n" {
				line = "ready\n"
			}
		}
		if line != "ready\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("run %d: the helper said %q", run, line)
		}
		time.Sleep(time.Duration(rng.IntN(200)) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		for {
			var ws syscall.WaitStatus
			if _, err := syscall.Wait4(-1, &ws, 0, nil); err == syscall.ECHILD {
				break
			}
		}
		if gitCLIOff {
			// A lock left by the killed carnet is carnet's own, and the next commit drops it.
			gitTOnlyOwnLocks(t, repo)
			gitTWrite(t, repo, gitTLong, fmt.Sprintf("after run %d\n", run))
			if res, err := commitPaths(repo, []string{gitTLong}, "carnet: after a kill"); err != nil || res.Hash == "" {
				t.Fatalf("run %d: the commit after a kill: %+v, %v", run, res, err)
			}
		}
		gitTNoLocks(t, repo)
	}
	if n := strings.TrimSpace(gitT(t, repo, "rev-list", "--count", "HEAD")); n == "1" {
		t.Errorf("no commit was made in %d runs", runs)
	}
	res, err := commitPaths(repo, []string{"projects/a/memory_sessions"}, "carnet: sweep")
	if err != nil {
		t.Fatalf("the last commit: %+v, %v", res, err)
	}
	gitTEqual(t, "status", gitTLines(gitT(t, repo, "status", "--porcelain")), []string(nil))
}

const prSetChildSubreaper = 36

// gitTOnlyOwnLocks fails when a git lock is left that carnet did not record as its own.
func gitTOnlyOwnLocks(t *testing.T, repo string) {
	t.Helper()
	own := map[string]bool{}
	notes, _ := filepath.Glob(filepath.Join(repo, ".git", "carnet-locks", "*.path"))
	for _, n := range notes {
		b, _ := os.ReadFile(n)
		own[string(b)] = true
	}
	filepath.WalkDir(filepath.Join(repo, ".git"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lock") && filepath.Base(p) != "carnet-commit.lock" {
			if !own[p] {
				t.Errorf("a lock carnet does not know: %s", p)
			} else {
				t.Logf("a killed carnet left its own %s", p)
			}
		}
		return nil
	})
}
