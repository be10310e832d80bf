package gitrepo

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	git "github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// The go-git backend, as it runs where git is not installed: on a repository made without
// git (go-git's init, carnet's own commits, a merge written with go-git's objects).

// TestWithoutGit runs the TestGoGit tests again in a process whose PATH holds no git at all.
func TestWithoutGit(t *testing.T) {
	if os.Getenv("CARNET_GITREPO_NO_GIT") != "" {
		t.Skip("this is the run without git")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestGoGit", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "PATH="+t.TempDir(), "CARNET_GITREPO_NO_GIT=1")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- PASS: TestGoGitRepository") || strings.Contains(string(out), "--- SKIP") {
		t.Fatalf("the go-git tests with no git on PATH: %v\n%s", err, out)
	}
}

// gitTGoGitOnly makes the test run through go-git, with a known identity and no user config.
func gitTGoGitOnly(t *testing.T) {
	if os.Getenv("CARNET_GITREPO_NO_GIT") != "" && gitCLIPath() != "" {
		t.Fatalf("git is still found on PATH: %s", gitCLIPath())
	}
	gitCLIOff = true
	t.Cleanup(func() { gitCLIOff = false })
	home := t.TempDir()
	for k, v := range map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "xdg"), "GIT_CONFIG_NOSYSTEM": "1",
		"GIT_CONFIG_GLOBAL": filepath.Join(home, "none"), "GIT_AUTHOR_NAME": "Test User", "GIT_AUTHOR_EMAIL": "test@example.com",
		"GIT_COMMITTER_NAME": "Test User", "GIT_COMMITTER_EMAIL": "test@example.com"} {
		t.Setenv(k, v)
	}
}

func TestGoGitRepository(t *testing.T) {
	gitTGoGitOnly(t)
	repo := t.TempDir()
	if _, err := git.PlainInitWithOptions(repo, &git.PlainInitOptions{InitOptions: git.InitOptions{DefaultBranch: plumbing.Main}}); err != nil {
		t.Fatal(err)
	}
	commit := func(msg string, at int, paths ...string) string {
		t.Helper()
		t.Setenv("GIT_AUTHOR_DATE", fmt.Sprintf("@%d +0100", 1774000000+at))
		t.Setenv("GIT_COMMITTER_DATE", fmt.Sprintf("@%d +0100", 1774000000+at))
		res, err := commitPaths(repo, paths, msg)
		if err != nil || res.Hash == "" {
			t.Fatalf("CommitPaths(%s) = %+v, %v", msg, res, err)
		}
		return res.Hash
	}
	mem, other := "projects/a/memory_sessions", "projects/b/memory_sessions"
	log := mem + "/logs/2026-01-01.md"
	gitTWrite(t, repo, mem+"/long_memory.md", "# Mémoire long terme — a\n")
	gitTWrite(t, repo, other+"/long_memory.md", "b\n")
	gitTWrite(t, repo, "projects/.gitignore", "*.tmp\n")
	c1 := commit("init", 1, "projects")
	gitTWrite(t, repo, log, "# Log session — 2026-01-01\n\n## Contexte\n- a1\n- a2\n")
	c2 := commit("a: day one", 2, mem)
	gitTWrite(t, repo, other+"/long_memory.md", "b changed\n")
	c3 := commit("b", 3, other)
	gitTWrite(t, repo, log, "# Log session — 2026-01-01\n\n## Contexte\n- a1\n- a2 changed\n- a3\n")
	c4 := commit("a: more", 4, mem)

	// A side branch from c2 adding a log, merged back into main.
	r, err := git.PlainOpen(repo)
	if err != nil {
		t.Fatal(err)
	}
	setRef := func(name plumbing.ReferenceName, target string) {
		t.Helper()
		ref := plumbing.NewHashReference(name, plumbing.NewHash(target))
		if target == "" {
			ref = plumbing.NewSymbolicReference(plumbing.HEAD, name)
		}
		if err := r.Storer.SetReference(ref); err != nil {
			t.Fatal(err)
		}
	}
	side := mem + "/logs/2026-01-02.md"
	setRef("refs/heads/side", c2)
	setRef("refs/heads/side", "")
	gitTWrite(t, repo, side, "# Log session — 2026-01-02\n\n## Objectif\n- side\n")
	c5 := commit("a: side", 5, side)
	setRef(plumbing.Main, "")
	withSide := commit("the merge's tree", 6, side)
	tree, err := r.CommitObject(plumbing.NewHash(withSide))
	if err != nil {
		t.Fatal(err)
	}
	when := time.Unix(1774000006, 0)
	sig := object.Signature{Name: "Test User", Email: "test@example.com", When: when}
	obj := r.Storer.NewEncodedObject()
	merge := &object.Commit{Author: sig, Committer: sig, Message: "merge side\n", TreeHash: tree.TreeHash,
		ParentHashes: []plumbing.Hash{plumbing.NewHash(c4), plumbing.NewHash(c5)}}
	if err := merge.Encode(obj); err != nil {
		t.Fatal(err)
	}
	m, err := r.Storer.SetEncodedObject(obj)
	if err != nil {
		t.Fatal(err)
	}
	setRef(plumbing.Main, m.String())

	cs, err := history(repo, mem, 0)
	if err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "history of a", gitTHashes(cs), []string{m.String(), c5, c4, c2, c1})
	gitTEqual(t, "merge files", cs[0].Files, []FileChange{{Path: side, Kind: "A", Added: 4}})
	gitTEqual(t, "a: more files", cs[2].Files, []FileChange{{Path: log, Kind: "M", Added: 2, Deleted: 1}})
	if cs[2].Author != "Test User" || cs[2].Message != "a: more" || cs[2].When.Unix() != 1774000004 {
		t.Errorf("commit metadata: %+v", cs[2])
	}
	if bs, err := history(repo, other, 1); err != nil || len(bs) != 1 || bs[0].Hash != c3 {
		t.Errorf("history of b, 1 commit: %+v, %v", bs, err)
	}
	if os.Getenv("CARNET_GITREPO_NO_GIT") == "" && gitCLIPath() != "" { // git agrees
		gitCLIOff = false
		gitTEqual(t, "git log", gitTHashes(cs), gitTLogHashes(t, repo, mem))
		for _, c := range cs {
			gitTEqual(t, c.Message+" files, git diff-tree", c.Files, gitTDiffTree(t, repo, c.Hash, mem))
		}
		gitT(t, repo, "fsck", "--no-progress")
		gitCLIOff = true
	}

	diff, err := commitDiff(repo, c4[:8], mem)
	if err != nil || !strings.Contains(diff, "--- a/"+log+"\n+++ b/"+log+"\n") || !strings.Contains(diff, "\n-- a2\n+- a2 changed\n+- a3\n") {
		t.Errorf("CommitDiff(%s) = %v\n%s", c4[:8], err, diff)
	}
	if b, err := gitTOpen(t, repo).BlobAt(c2, log); err != nil || string(b) != "# Log session — 2026-01-01\n\n## Contexte\n- a1\n- a2\n" {
		t.Errorf("BlobAt(%s) = %q, %v", c2, b, err)
	}
	if _, err := gitTOpen(t, repo).BlobAt(c1, log); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("BlobAt of a file the commit lacks: %v", err)
	}

	// Uncommitted: a change, a move, a new file; ignored files and .debug left out.
	gitTWrite(t, repo, mem+"/long_memory.md", "# Mémoire long terme — a\n- fait\n")
	gitTMkdir(t, repo, mem+"/logs/archives")
	if err := os.Rename(filepath.Join(repo, side), filepath.Join(repo, mem, "logs", "archives", "2026-01-02.md")); err != nil {
		t.Fatal(err)
	}
	gitTWrite(t, repo, mem+"/logs/2026-01-03.md", "# Log\n")
	gitTWrite(t, repo, mem+"/logs/scratch.tmp", "ignored\n")
	gitTWrite(t, repo, mem+"/logs/.debug/hook.log", "debug\n")
	pend, err := pending(repo, mem)
	if err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "Pending", pend, []FileChange{
		{Path: mem + "/logs/2026-01-03.md", Kind: "A", Added: 1},
		{Path: mem + "/logs/archives/2026-01-02.md", From: side, Kind: "R"},
		{Path: mem + "/long_memory.md", Kind: "M", Added: 1},
	})
	if d, err := pendingDiff(repo, mem); err != nil || !strings.Contains(d, "+- fait\n") || !strings.Contains(d, "+++ b/"+mem+"/logs/2026-01-03.md\n") {
		t.Errorf("PendingDiff = %v\n%s", err, d)
	}
	if p, err := pending(repo, other); err != nil || len(p) != 0 {
		t.Errorf("Pending of b = %+v, %v", p, err)
	}
	// Committing the folder takes all of it, and leaves nothing pending.
	commit("carnet: a", 7, mem)
	if p, err := pending(repo, mem); err != nil || len(p) != 0 {
		t.Errorf("Pending after the commit = %+v, %v", p, err)
	}
	files := map[string]bool{}
	head, _ := r.Head()
	c, _ := r.CommitObject(head.Hash())
	fi, _ := c.Files()
	_ = fi.ForEach(func(f *object.File) error { files[f.Name] = true; return nil })
	if files[mem+"/logs/scratch.tmp"] || files[mem+"/logs/.debug/hook.log"] || !files[mem+"/logs/archives/2026-01-02.md"] || files[side] {
		t.Errorf("committed tree: %v", files)
	}
}

func gitTOpen(t *testing.T, dir string) *Repo {
	t.Helper()
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
