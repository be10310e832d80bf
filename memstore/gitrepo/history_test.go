package gitrepo

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/memory"
)

// gitTHistoryRepo builds two projects' memories, code commits, a move and a merge.
func gitTHistoryRepo(t *testing.T) string {
	repo := gitTRepo(t)
	a, b := "projects/a/memory_sessions", "projects/b/memory_sessions"
	gitTWrite(t, repo, a+"/long_memory.md", "# Mémoire long terme — a\n")
	gitTWrite(t, repo, b+"/long_memory.md", "# Mémoire long terme — b\n")
	gitTCommit(t, repo, "init both", 1)
	gitTWrite(t, repo, a+"/logs/2026-01-01.md", "# Log session — 2026-01-01\n\n## Contexte\n- a1\n- a2\n- a3\n")
	gitTCommit(t, repo, "a: day one", 2)
	gitTWrite(t, repo, b+"/logs/2026-01-01.md", "# Log session — 2026-01-01\n\n## Contexte\n- b1\n")
	gitTCommit(t, repo, "b: day one", 3)
	gitTWrite(t, repo, "src/main.go", "package main\n")
	gitTCommit(t, repo, "code", 4)
	gitTWrite(t, repo, a+"/logs/2026-01-01.md", "# Log session — 2026-01-01\n\n## Contexte\n- a1\n- a2 changed\n- a3\n- a4\n")
	gitTWrite(t, repo, a+"/long_memory.md", "# Mémoire long terme — a\n\n## 2026-01-01\n- fait\n")
	gitTWrite(t, repo, b+"/long_memory.md", "# Mémoire long terme — b\n\n- both\n")
	gitTCommit(t, repo, "a and b", 5)
	// A side branch touching a, merged back with a merge commit.
	gitT(t, repo, "checkout", "-q", "-b", "side")
	gitTWrite(t, repo, a+"/logs/2026-01-02.md", "# Log session — 2026-01-02\n\n## Objectif\n- side\n")
	gitTCommit(t, repo, "a: side branch", 6)
	gitT(t, repo, "checkout", "-q", "main")
	gitTWrite(t, repo, b+"/logs/2026-01-02.md", "# Log session — 2026-01-02\n\n## Objectif\n- b main\n")
	gitTWrite(t, repo, a+"/long_memory.md", "# Mémoire long terme — a\n\n## 2026-01-01\n- fait\n- fait sur main\n")
	gitTCommit(t, repo, "a and b: main branch", 7)
	if out, err := gitTTry(repo, []string{"GIT_AUTHOR_DATE=@1774000008 +0100", "GIT_COMMITTER_DATE=@1774000008 +0100"},
		"merge", "-q", "--no-ff", "-m", "merge side", "side"); err != nil {
		t.Fatalf("merge: %v\n%s", err, out)
	}
	// A move into archives and a deletion.
	gitTMkdir(t, repo, a+"/logs/archives")
	gitT(t, repo, "mv", a+"/logs/2026-01-01.md", a+"/logs/archives/2026-01-01.md")
	gitTWrite(t, repo, b+"/logs/2026-01-02.md", "")
	gitTCommit(t, repo, "a: archive", 9)
	gitT(t, repo, "rm", "-q", a+"/logs/2026-01-02.md")
	gitTCommit(t, repo, "a: forget", 10)
	return repo
}

// gitTDiffTree returns what git says a commit changed under dir against its
// first parent: name-status and numstat, parsed from -z output.
func gitTDiffTree(t *testing.T, repo, hash, dir string) []FileChange {
	t.Helper()
	args := []string{"diff-tree", "-r", "-M", "--root", "-z"}
	rev := []string{hash}
	if strings.TrimSpace(gitT(t, repo, "rev-list", "--parents", "-n", "1", hash)) != hash {
		rev = []string{hash + "^1", hash}
	}
	status := strings.Split(gitT(t, repo, append(append(append(args, "--name-status"), rev...), "--", gitTSpec(dir))...), "\x00")
	num := strings.Split(gitT(t, repo, append(append(append(args, "--numstat"), rev...), "--", gitTSpec(dir))...), "\x00")
	if len(rev) == 1 { // diff-tree --root prints the commit first
		status, num = status[1:], num[1:]
	}
	var out []FileChange
	for len(status) > 1 {
		fc := FileChange{Kind: status[0][:1]}
		if fc.Kind == "R" {
			fc.From, fc.Path, status = status[1], status[2], status[3:]
		} else {
			fc.Path, status = status[1], status[2:]
		}
		f := strings.Split(num[0], "\t")
		fc.Added, _ = strconv.Atoi(f[0])
		fc.Deleted, _ = strconv.Atoi(f[1])
		if f[2] == "" { // a rename: the two paths follow
			num = num[3:]
		} else {
			num = num[1:]
		}
		out = append(out, fc)
	}
	return out
}

func TestHistory(t *testing.T) {
	repo := gitTHistoryRepo(t)
	gitTHistoryAgainstGit(t, repo)
	// Again once packed, with a commit-graph: the fast readers take over.
	gitT(t, repo, "gc", "-q")
	if _, err := os.Stat(filepath.Join(repo, ".git", "objects", "info", "commit-graph")); err != nil {
		t.Fatal("git gc wrote no commit-graph")
	}
	gitTHistoryAgainstGit(t, repo)

	a, err := history(repo, "projects/a/memory_sessions", 0)
	if err != nil {
		t.Fatal(err)
	}
	var subjects []string
	for _, c := range a {
		subjects = append(subjects, c.Message)
	}
	gitTEqual(t, "subjects", subjects, []string{"a: forget", "a: archive", "merge side", "a and b: main branch", "a: side branch", "a and b", "a: day one", "init both"})
	gitTEqual(t, "archive files", a[1].Files, []FileChange{{
		Path: "projects/a/memory_sessions/logs/archives/2026-01-01.md", From: "projects/a/memory_sessions/logs/2026-01-01.md", Kind: "R"}})
	gitTEqual(t, "merge files", a[2].Files, []FileChange{{Path: "projects/a/memory_sessions/logs/2026-01-02.md", Kind: "A", Added: 4}})
	if a[0].Author != "Test User" || a[0].Email != "test@example.com" || a[0].When.Unix() != 1774000010 {
		t.Errorf("commit metadata: %+v", a[0])
	}

	// From a subfolder of the work tree, relative paths are relative to it.
	sub, err := history(filepath.Join(repo, "projects"), "a/memory_sessions", 3)
	if err != nil || len(sub) != 3 || sub[0].Hash != a[0].Hash {
		t.Errorf("History from a subfolder: %d commits, %v", len(sub), err)
	}
	if _, err := history(t.TempDir(), "x", 0); !errors.Is(err, ErrNotGitRepository) {
		t.Errorf("History outside a repository: %v", err)
	}
	empty := gitTRepo(t)
	if cs, err := history(empty, "x", 0); err != nil || len(cs) != 0 {
		t.Errorf("History of an empty repository: %v, %v", cs, err)
	}
}

// gitTHistoryAgainstGit compares History with git log and git diff-tree for several folders.
func gitTHistoryAgainstGit(t *testing.T, repo string) {
	t.Helper()
	for _, dir := range []string{"projects/a/memory_sessions", "projects/b/memory_sessions", "projects/a/memory_sessions/logs", "src", ""} {
		want := gitTLines(gitT(t, repo, "log", "--format=%H", "--", gitTSpec(dir)))
		all, err := history(repo, dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, c := range all {
			got = append(got, c.Hash)
			gitTEqual(t, dir+" "+c.Message+" files", c.Files, gitTDiffTree(t, repo, c.Hash, dir))
		}
		gitTEqual(t, "history of "+dir, got, want)

		two, err := history(repo, dir, 2)
		if err != nil {
			t.Fatal(err)
		}
		if len(two) != min(2, len(want)) || (len(two) > 0 && two[0].Hash != want[0]) {
			t.Errorf("history(%q, 2) = %d commits", dir, len(two))
		}
	}

}

// gitTSpec is dir as a git pathspec ("" is the whole tree).
func gitTSpec(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

func TestCommitDiff(t *testing.T) {
	repo := gitTRepo(t)
	mem := "projects/a/memory_sessions"
	long1 := "# Mémoire long terme — a\n\n## 2026-03-09\n- fact one\n- fact two\n"
	long2 := long1 + "- fact three\n"
	log1 := "# Log session — 2026-03-22\n\n## Contexte\n- Premier jour.\n"
	gitTWrite(t, repo, mem+"/long_memory.md", long1)
	gitTWrite(t, repo, "projects/b/memory_sessions/long_memory.md", "b\n")
	gitTCommit(t, repo, "one", 1)
	gitTWrite(t, repo, mem+"/long_memory.md", long2)
	gitTWrite(t, repo, mem+"/logs/2026-03-22.md", log1)
	gitTWrite(t, repo, "projects/b/memory_sessions/long_memory.md", "b changed\n")
	second := gitTCommit(t, repo, "two", 2)

	short := func(s string) string { return plumbing.ComputeHash(plumbing.BlobObject, []byte(s)).String()[:7] }
	want := "diff --git a/" + mem + "/logs/2026-03-22.md b/" + mem + "/logs/2026-03-22.md\n" +
		"new file mode 100644\n" +
		"index 0000000.." + short(log1) + "\n" +
		"--- /dev/null\n" +
		"+++ b/" + mem + "/logs/2026-03-22.md\n" +
		"@@ -0,0 +1,4 @@\n" +
		"+# Log session — 2026-03-22\n" +
		"+\n" +
		"+## Contexte\n" +
		"+- Premier jour.\n" +
		"diff --git a/" + mem + "/long_memory.md b/" + mem + "/long_memory.md\n" +
		"index " + short(long1) + ".." + short(long2) + " 100644\n" +
		"--- a/" + mem + "/long_memory.md\n" +
		"+++ b/" + mem + "/long_memory.md\n" +
		"@@ -3,3 +3,4 @@\n" +
		" ## 2026-03-09\n" +
		" - fact one\n" +
		" - fact two\n" +
		"+- fact three\n"
	got, err := commitDiff(repo, second, mem)
	if err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "CommitDiff", got, want)
	gitTEqual(t, "git show", gitT(t, repo, "show", "--format=", second, "--", mem), want)
	if got, err := commitDiff(repo, second[:8], mem); err != nil || got != want {
		t.Errorf("CommitDiff with an abbreviated hash: %v", err)
	}

	// More shapes, checked against git show: deletion, renames (identical and
	// edited), no final newline, changes in the middle, hunks far apart with
	// function lines, an empty file.
	var lines []string
	for i := range 40 {
		lines = append(lines, fmt.Sprintf("- item %d\n", i))
	}
	// Hand-written prose: git names hunks after such lines (its default funcname).
	lines[5], lines[25] = "Note écrite à la main, assez longue pour dépasser les quatre-vingts octets de git.  \n", "Autre note\n"
	gitTWrite(t, repo, mem+"/logs/long.md", strings.Join(lines, ""))
	gitTWrite(t, repo, mem+"/logs/nonl.md", "# x\n- a\n- b")
	gitTCommit(t, repo, "three", 3)
	lines[2], lines[30] = "- changed 2\n", "- changed 30\n"
	lines = append(lines[:20], append([]string{"- inserted\n"}, lines[20:]...)...)
	gitTWrite(t, repo, mem+"/logs/long.md", strings.Join(lines, ""))
	gitTWrite(t, repo, mem+"/logs/nonl.md", "# x\n- a\n- c")
	gitTWrite(t, repo, mem+"/logs/empty.md", "")
	gitTMkdir(t, repo, mem+"/logs/archives")
	gitT(t, repo, "mv", mem+"/logs/2026-03-22.md", mem+"/logs/archives/2026-03-22.md")
	gitT(t, repo, "rm", "-q", mem+"/long_memory.md")
	gitTWrite(t, repo, mem+"/logs/moved.md", "# Log\n\n## Contexte\n- un\n- deux\n- trois\n- quatre\n- cinq\n")
	shapes := gitTCommit(t, repo, "shapes", 4)
	gitT(t, repo, "mv", mem+"/logs/moved.md", mem+"/logs/archives/moved.md")
	gitTWrite(t, repo, mem+"/logs/archives/moved.md", "# Log\n\n## Contexte\n- un\n- deux\n- trois\n- quatre\n- six\n")
	fourth := gitTCommit(t, repo, "four", 5)
	for _, h := range []string{shapes, fourth} {
		got, err := commitDiff(repo, h, mem)
		if err != nil {
			t.Fatal(err)
		}
		gitTEqual(t, "CommitDiff against git show", got, gitT(t, repo, "show", "-M", "--format=", h, "--", mem))
	}
}

func TestPending(t *testing.T) {
	repo := gitTRepo(t)
	mem := "projects/a/memory_sessions"
	gitTWrite(t, repo, ".gitignore", "*.tmp\n")
	gitTWrite(t, repo, mem+"/.gitignore", "logs/.debug/\n")
	gitTWrite(t, repo, mem+"/long_memory.md", "# Mémoire long terme — a\n\n## 2026-03-09\n- fact one\n")
	gitTWrite(t, repo, mem+"/logs/old.md", "# Log session — 2026-01-01\n\n## Contexte\n- ancien\n- vieux\n")
	gitTWrite(t, repo, mem+"/logs/same.md", "unchanged\n")
	gitTWrite(t, repo, "projects/b/memory_sessions/long_memory.md", "b\n")
	gitTCommit(t, repo, "init", 1)

	gitTWrite(t, repo, mem+"/long_memory.md", "# Mémoire long terme — a\n\n## 2026-03-09\n- fact one\n- fact two\n")
	if err := os.Remove(filepath.Join(repo, mem, "logs", "old.md")); err != nil {
		t.Fatal(err)
	}
	gitTWrite(t, repo, mem+"/logs/2026-03-22.md", "# Log session — 2026-03-22\n\n## Objectif\n- nouveau\n")
	gitTWrite(t, repo, mem+"/logs/.debug/hook.log", "ignored\n")
	gitTWrite(t, repo, mem+"/logs/scratch.tmp", "ignored\n")
	gitTWrite(t, repo, "projects/b/memory_sessions/long_memory.md", "b changed\n")

	got, err := pending(repo, mem)
	if err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "Pending", got, []FileChange{
		{Path: mem + "/logs/2026-03-22.md", Kind: "A", Added: 4},
		{Path: mem + "/logs/old.md", Kind: "D", Deleted: 5},
		{Path: mem + "/long_memory.md", Kind: "M", Added: 1},
	})
	short := func(s string) string { return plumbing.ComputeHash(plumbing.BlobObject, []byte(s)).String()[:7] }
	want := "diff --git a/" + mem + "/logs/2026-03-22.md b/" + mem + "/logs/2026-03-22.md\n" +
		"new file mode 100644\n" +
		"index 0000000.." + short("# Log session — 2026-03-22\n\n## Objectif\n- nouveau\n") + "\n" +
		"--- /dev/null\n" +
		"+++ b/" + mem + "/logs/2026-03-22.md\n" +
		"@@ -0,0 +1,4 @@\n" +
		"+# Log session — 2026-03-22\n" +
		"+\n" +
		"+## Objectif\n" +
		"+- nouveau\n" +
		"diff --git a/" + mem + "/logs/old.md b/" + mem + "/logs/old.md\n" +
		"deleted file mode 100644\n" +
		"index " + short("# Log session — 2026-01-01\n\n## Contexte\n- ancien\n- vieux\n") + "..0000000\n" +
		"--- a/" + mem + "/logs/old.md\n" +
		"+++ /dev/null\n" +
		"@@ -1,5 +0,0 @@\n" +
		"-# Log session — 2026-01-01\n" +
		"-\n" +
		"-## Contexte\n" +
		"-- ancien\n" +
		"-- vieux\n" +
		"diff --git a/" + mem + "/long_memory.md b/" + mem + "/long_memory.md\n" +
		"index " + short("# Mémoire long terme — a\n\n## 2026-03-09\n- fact one\n") + ".." +
		short("# Mémoire long terme — a\n\n## 2026-03-09\n- fact one\n- fact two\n") + " 100644\n" +
		"--- a/" + mem + "/long_memory.md\n" +
		"+++ b/" + mem + "/long_memory.md\n" +
		"@@ -2,3 +2,4 @@\n" +
		" \n" +
		" ## 2026-03-09\n" +
		" - fact one\n" +
		"+- fact two\n"
	diff, err := pendingDiff(repo, mem)
	if err != nil {
		t.Fatal(err)
	}
	gitTEqual(t, "PendingDiff", diff, want)
	// git agrees once the new file is known to the index (intent to add).
	gitT(t, repo, "add", "-N", mem+"/logs/2026-03-22.md")
	gitTEqual(t, "git diff HEAD", gitT(t, repo, "diff", "HEAD", "--", mem), want)

	if got, err := pending(repo, "projects/b/memory_sessions"); err != nil || len(got) != 1 || got[0].Kind != "M" {
		t.Errorf("Pending of b = %+v, %v", got, err)
	}
	if got, err := pending(repo, "projects/c/memory_sessions"); err != nil || len(got) != 0 {
		t.Errorf("Pending of a missing folder = %+v, %v", got, err)
	}
	// An unborn branch: everything is new.
	fresh := gitTRepo(t)
	gitTWrite(t, fresh, "m/long_memory.md", "x\n")
	if got, err := pending(fresh, "m"); err != nil || len(got) != 1 || got[0].Kind != "A" {
		t.Errorf("Pending before the first commit = %+v, %v", got, err)
	}
}

// TestLineCountsOfGoGit checks the +/- counts of the go-git backend against git's own on
// random edits.
func TestLineCountsOfGoGit(t *testing.T) {
	gitTEnv(t)
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 2))
	gen := func(n int) string {
		var b strings.Builder
		for range n {
			fmt.Fprintf(&b, "- line %d\n", rng.IntN(8))
		}
		return b.String()
	}
	for i := range 30 {
		a, b := gen(rng.IntN(30)), gen(rng.IntN(30))
		if i%3 == 0 { // a light edit of a rather than an unrelated file
			ls := strings.SplitAfter(a, "\n")
			for j := range ls {
				if ls[j] != "" && rng.IntN(4) == 0 {
					ls[j] = "- edited\n"
				}
			}
			b = strings.Join(ls, "") + "- tail\n"
		}
		gitTWrite(t, dir, "a", a)
		gitTWrite(t, dir, "b", b)
		out, _ := gitTTry(dir, nil, "diff", "--no-index", "--numstat", "a", "b")
		want := [2]int{}
		if f := strings.Fields(out); len(f) >= 2 {
			want[0], _ = strconv.Atoi(f[0])
			want[1], _ = strconv.Atoi(f[1])
		}
		files, _, err := gitDescribe(gitTMemTree(t, "f", a), gitTMemTree(t, "f", b), "", false, false)
		if err != nil {
			t.Fatal(err)
		}
		got := [2]int{}
		if len(files) == 1 {
			got = [2]int{files[0].Added, files[0].Deleted}
		}
		if got != want {
			t.Errorf("case %d: +/- = %v, git says %v\na:\n%s\nb:\n%s", i, got, want, a, b)
		}
	}
}

// gitTMemTree is a tree holding one file, in memory.
func gitTMemTree(t *testing.T, name, content string) *object.Tree {
	t.Helper()
	st := memory.NewStorage()
	blob := st.NewEncodedObject()
	blob.SetType(plumbing.BlobObject)
	w, _ := blob.Writer()
	w.Write([]byte(content))
	w.Close()
	bh, err := st.SetEncodedObject(blob)
	if err != nil {
		t.Fatal(err)
	}
	tree := &object.Tree{Entries: []object.TreeEntry{{Name: name, Mode: filemode.Regular, Hash: bh}}}
	obj := st.NewEncodedObject()
	if err := tree.Encode(obj); err != nil {
		t.Fatal(err)
	}
	th, err := st.SetEncodedObject(obj)
	if err != nil {
		t.Fatal(err)
	}
	got, err := object.GetTree(st, th)
	if err != nil {
		t.Fatal(err)
	}
	return got
}
