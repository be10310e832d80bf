package gitrepo

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Reads on every repository shape: what git says, or an error — never another answer.

const gitTMem = "projects/a/memory_sessions"

// gitTLogHashes is `git log --format=%H -- dir`.
func gitTLogHashes(t *testing.T, repo, dir string) []string {
	t.Helper()
	return gitTLines(gitT(t, repo, "log", "--format=%H", "--", dir))
}

func gitTHashes(cs []Commit) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Hash)
	}
	return out
}

func TestHistoryGraftsAndReplaceRefs(t *testing.T) {
	gitTNeedCLI(t)
	repo := gitTHistoryRepo(t)
	before := gitTLogHashes(t, repo, gitTMem)
	root := strings.TrimSpace(gitT(t, repo, "rev-list", "--max-parents=0", "HEAD"))
	archive := strings.TrimSpace(gitT(t, repo, "rev-parse", "HEAD~1"))
	check := func(what string) {
		t.Helper()
		if got := gitTLogHashes(t, repo, gitTMem); len(got) >= len(before) {
			t.Fatalf("%s: git log is not changed by it (%d commits)", what, len(got))
		}
		gitTHistoryAgainstGit(t, repo)
		got, err := commitDiff(repo, archive, gitTMem)
		if err != nil {
			t.Fatal(err)
		}
		gitTEqual(t, what+": CommitDiff", got, gitT(t, repo, "show", "-M", "--format=", archive, "--", gitTMem))
	}
	// "a: archive" now follows the first commit directly.
	gitTWrite(t, repo, ".git/info/grafts", archive+" "+root+"\n")
	check("grafts")
	os.Remove(filepath.Join(repo, ".git", "info", "grafts"))
	gitT(t, repo, "replace", "--graft", archive, root)
	check("replace ref")
	gitT(t, repo, "pack-refs", "--all")
	check("packed replace ref")

	gitCLIOff = true
	defer func() { gitCLIOff = false }()
	if _, err := history(repo, gitTMem, 0); err == nil || !strings.Contains(err.Error(), "replace refs") {
		t.Errorf("History without git on a repository with replace refs: %v; want an error", err)
	}
}

func TestHistorySharedClone(t *testing.T) {
	origin := gitTHistoryRepo(t)
	gitT(t, origin, "repack", "-q", "-d") // some objects packed, later ones loose
	gitTWrite(t, origin, gitTMem+"/logs/2026-02-01.md", "# Log\n- loose\n")
	gitTCommit(t, origin, "loose", 20)
	for _, how := range []string{"--shared", "--reference"} {
		t.Run(how, func(t *testing.T) {
			clone := filepath.Join(t.TempDir(), "clone")
			args := []string{"clone", "-q", how, origin, clone}
			if how == "--reference" {
				args = []string{"clone", "-q", "--reference", origin, "--no-local", "file://" + origin, clone}
			}
			gitT(t, t.TempDir(), args...)
			if _, err := os.Stat(filepath.Join(clone, ".git", "objects", "info", "alternates")); err != nil {
				t.Fatal("the clone has no alternates")
			}
			gitTWrite(t, clone, gitTMem+"/long_memory.md", "# Mémoire\n- dans le clone\n")
			gitTCommit(t, clone, "in the clone", 30)
			gitTHistoryAgainstGit(t, clone)
			head := strings.TrimSpace(gitT(t, clone, "rev-parse", "HEAD~1"))
			got, err := commitDiff(clone, head[:7], gitTMem)
			if err != nil {
				t.Fatal(err)
			}
			gitTEqual(t, "CommitDiff", got, gitT(t, clone, "show", "-M", "--format=", head, "--", gitTMem))
		})
	}
}

func TestHistoryPackIndexV1(t *testing.T) {
	repo := gitTHistoryRepo(t)
	gitT(t, repo, "gc", "-q")
	packs, _ := filepath.Glob(filepath.Join(repo, ".git", "objects", "pack", "*.pack"))
	if len(packs) == 0 {
		t.Fatal("no pack")
	}
	for _, p := range packs {
		idx := strings.TrimSuffix(p, ".pack") + ".idx"
		os.Chmod(idx, 0o644)
		gitT(t, repo, "index-pack", "--index-version=1", "-o", idx+".v1", p)
		if err := os.Rename(idx+".v1", idx); err != nil {
			t.Fatal(err)
		}
	}
	os.Remove(filepath.Join(repo, ".git", "objects", "info", "commit-graph"))
	for _, p := range packs {
		if idx := gitTRead(t, filepath.Dir(p), filepath.Base(strings.TrimSuffix(p, ".pack")+".idx")); strings.HasPrefix(idx, "\377tOc") {
			t.Fatalf("%s is still a version 2 index", p)
		}
	}
	gitTHistoryAgainstGit(t, repo)
}

func TestHistoryPartialClone(t *testing.T) {
	origin := gitTHistoryRepo(t)
	gitT(t, origin, "config", "uploadpack.allowFilter", "true")
	clone := filepath.Join(t.TempDir(), "clone")
	gitT(t, t.TempDir(), "clone", "-q", "--filter=blob:none", "--no-local", "file://"+origin, clone)
	for _, dir := range []string{gitTMem, "projects/b/memory_sessions"} {
		cs, err := history(clone, dir, 0)
		if err != nil {
			t.Fatalf("History of %s in a partial clone: %v", dir, err)
		}
		gitTEqual(t, "history of "+dir, gitTHashes(cs), gitTLogHashes(t, origin, dir))
		unknown, known := 0, 0
		for _, c := range cs {
			want := gitTDiffTree(t, origin, c.Hash, dir)
			if len(c.Files) != len(want) {
				t.Errorf("%s: files %+v, git says %+v", c.Message, c.Files, want)
				continue
			}
			for i, f := range c.Files {
				if f.Unknown {
					unknown++
					want[i].Added, want[i].Deleted, want[i].Unknown = 0, 0, true
				} else {
					known++
				}
				gitTEqual(t, c.Message+" file", f, want[i])
			}
		}
		if unknown == 0 || known == 0 {
			t.Errorf("%s: %d files with unknown counts, %d known; want some of each", dir, unknown, known)
		}
	}
}

func TestReftable(t *testing.T) {
	gitTNeedCLI(t)
	gitTEnv(t)
	repo := t.TempDir()
	if _, err := gitTTry(repo, nil, "init", "-q", "-b", "main", "--ref-format=reftable"); err != nil {
		t.Skipf("%s cannot make a reftable repository (git init --ref-format needs git 2.45)", strings.TrimSpace(gitT(t, repo, "--version")))
	}
	gitTWrite(t, repo, gitTLong, "v1\n")
	gitTCommit(t, repo, "init", 1)
	gitTWrite(t, repo, gitTLong, "v2\n")
	res, err := commitPaths(repo, []string{gitTLong}, "carnet: reftable")
	if err != nil || res.Hash == "" {
		t.Fatalf("CommitPaths = %+v, %v", res, err)
	}
	cs, err := history(repo, gitTMem, 0)
	if err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "history", gitTHashes(cs), gitTLogHashes(t, repo, gitTMem))
	gitTEqual(t, "files", cs[0].Files, []FileChange{{Path: gitTLong, Kind: "M", Added: 1, Deleted: 1}})
}

// TestLargeDiffCounts: 3,000 lines changed in a 6,000-line file count as git counts them.
func TestLargeDiffCounts(t *testing.T) {
	repo := gitTRepo(t)
	var a, b strings.Builder
	for i := range 6000 {
		fmt.Fprintf(&a, "- line %d\n", i)
		if i%2 == 0 {
			fmt.Fprintf(&b, "- changed line %d\n", i)
		} else {
			fmt.Fprintf(&b, "- line %d\n", i)
		}
	}
	gitTWrite(t, repo, gitTLong, a.String())
	gitTCommit(t, repo, "a", 1)
	gitTWrite(t, repo, gitTLong, b.String())
	numstat := func() FileChange {
		f := strings.Fields(gitT(t, repo, "diff", "--numstat", "--", gitTLong))
		add, _ := strconv.Atoi(f[0])
		del, _ := strconv.Atoi(f[1])
		return FileChange{Path: gitTLong, Kind: "M", Added: add, Deleted: del}
	}
	want := numstat()
	if want.Added != 3000 || want.Deleted != 3000 {
		t.Fatalf("git counts %+v", want)
	}
	p, err := pending(repo, gitTMem)
	if err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "Pending", p, []FileChange{want})
	gitTCommit(t, repo, "b", 2)
	cs, err := history(repo, gitTMem, 1)
	if err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "History", cs[0].Files, []FileChange{want})
}
