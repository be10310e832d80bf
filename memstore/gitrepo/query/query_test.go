package query

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
	"time"

	"carnet/memstore/gitrepo"
)

// lookupRepo is a repository made by the test, committed to with fixed dates and a config of
// its own (the user's is never read by these commands).
type lookupRepo struct {
	t   *testing.T
	dir string
	env []string
}

// lookupBase is the date of the first commit of lookupRepo: 2026-03-01 12:00 UTC.
var lookupBase = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func newLookupRepo(t *testing.T) *lookupRepo {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[user]\n\tname = T\n\temail = t@example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := &lookupRepo{t: t, dir: t.TempDir(), env: []string{"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "XDG_CONFIG_HOME=" + home}}
	r.git("init", "-q", "-b", "main")
	return r
}

func (r *lookupRepo) git(args ...string) string {
	r.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = r.dir, append(os.Environ(), r.env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		r.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func (r *lookupRepo) write(path, content string) {
	r.t.Helper()
	p := filepath.Join(r.dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		r.t.Fatal(err)
	}
}

// mv renames a tracked file, making the folder it goes to.
func (r *lookupRepo) mv(from, to string) {
	r.t.Helper()
	if err := os.MkdirAll(filepath.Join(r.dir, filepath.Dir(to)), 0o755); err != nil {
		r.t.Fatal(err)
	}
	r.git("mv", from, to)
}

// commit commits everything, dated day days after lookupBase, and returns its hash.
func (r *lookupRepo) commit(day int, msg string) string {
	r.t.Helper()
	r.git("add", "-A")
	date := fmt.Sprintf("@%d +0000", lookupBase.AddDate(0, 0, day).Unix())
	cmd := exec.Command("git", "commit", "-q", "--allow-empty", "-m", msg)
	cmd.Dir, cmd.Env = r.dir, append(os.Environ(), append(r.env, "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		r.t.Fatalf("git commit: %v\n%s", err, out)
	}
	return r.git("rev-parse", "HEAD")
}

func (r *lookupRepo) open() *gitrepo.Repo {
	r.t.Helper()
	rp, err := gitrepo.Open(r.dir)
	if err != nil {
		r.t.Fatal(err)
	}
	return rp
}

func TestFirstParentChangesRenamesAndDeletions(t *testing.T) {
	t.Parallel()
	r := newLookupRepo(t)
	r.write("app.js", "function route() {}\n// a long enough body for rename detection\n// line three\n")
	r.write("old/notes.txt", "notes\n")
	c0 := r.commit(0, "start")
	r.mv("app.js", "src/app.js")
	c1 := r.commit(2, "move app.js")
	r.git("rm", "-q", "old/notes.txt")
	r.write("src/app.js", "function route() {}\n// a long enough body for rename detection\n// line three\n// four\n")
	c2 := r.commit(4, "drop notes, touch app")
	rp := r.open()
	ctx := context.Background()

	sets, err := FirstParentChanges(ctx, rp, lookupBase.AddDate(0, 0, 1), "")
	if err != nil {
		t.Fatal(err)
	}
	want := []ChangeSet{
		{Hash: c2, Parent: c1, When: lookupBase.AddDate(0, 0, 4), Files: []PathChange{{Kind: 'D', Path: "old/notes.txt"}, {Kind: 'M', Path: "src/app.js"}}},
		{Hash: c1, Parent: c0, When: lookupBase.AddDate(0, 0, 2), Files: []PathChange{{Kind: 'R', Path: "src/app.js", From: "app.js"}}},
	}
	for i := range sets {
		sets[i].When = sets[i].When.UTC()
	}
	if !reflect.DeepEqual(sets, want) {
		t.Errorf("since day 1:\n got %+v\nwant %+v", sets, want)
	}
	sets, err = FirstParentChanges(ctx, rp, time.Time{}, c1)
	if err != nil || len(sets) != 1 || sets[0].Hash != c2 || sets[0].Parent != c1 {
		t.Errorf("from c1: %+v, %v", sets, err)
	}
	files, err := TrackedFiles(ctx, rp)
	if err != nil || !reflect.DeepEqual(files, []string{"src/app.js"}) {
		t.Errorf("tracked: %v, %v", files, err)
	}
	if got, err := CommitBefore(ctx, rp, lookupBase.AddDate(0, 0, 3)); err != nil || got != c1 {
		t.Errorf("commit before day 3: %s, %v; want %s", got, err, c1)
	}
	if got, err := CommitBefore(ctx, rp, lookupBase.AddDate(0, 0, -1)); err != nil || got != "" {
		t.Errorf("commit before the first: %q, %v", got, err)
	}
	if h, err := HeadHash(ctx, rp); err != nil || h != c2 {
		t.Errorf("head: %s, %v", h, err)
	}
}

// A merge counts as one first-parent commit holding the branch's changes.
func TestFirstParentChangesMerge(t *testing.T) {
	t.Parallel()
	r := newLookupRepo(t)
	r.write("a.go", "package a\n")
	r.commit(0, "start")
	r.git("checkout", "-q", "-b", "side")
	r.git("rm", "-q", "a.go")
	r.write("b.go", "package b\n")
	r.commit(1, "side: replace a by b")
	r.git("checkout", "-q", "main")
	r.write("c.go", "package c\n")
	r.commit(2, "main: c")
	r.git("merge", "-q", "--no-ff", "-m", "merge side", "side")
	sets, err := FirstParentChanges(context.Background(), r.open(), lookupBase.AddDate(0, 0, 1), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(sets) != 2 {
		t.Fatalf("want the merge and main's commit: %+v", sets)
	}
	got := fmt.Sprint(sets[0].Files)
	if got != fmt.Sprint([]PathChange{{Kind: 'D', Path: "a.go"}, {Kind: 'A', Path: "b.go"}}) {
		t.Errorf("the merge's changes against its first parent: %s", got)
	}
}

func TestGrepWordsAndWordChanges(t *testing.T) {
	t.Parallel()
	r := newLookupRepo(t)
	r.write("load.go", "package hook\n\nfunc ComposeLoad() {}\nvar budget_tokens = 1 // memstore.Write\n")
	r.write("memory_sessions/long_memory.md", "- `ComposeLoad` and `GoneName`\n")
	r.write("gone.go", "package hook\n\nfunc GoneName() {}\nfunc GoneName2() {}\n")
	c0 := r.commit(0, "start")
	r.write("gone.go", "package hook\n\nfunc GoneName2() {}\n// GoneName, GoneName\n")
	c1 := r.commit(1, "comment")
	r.git("rm", "-q", "gone.go")
	r.write("other.go", "package hook\n\nfunc ComposeLoad2() {}\n")
	c2 := r.commit(2, "remove gone.go")
	rp := r.open()
	ctx := context.Background()
	words := []string{"ComposeLoad", "budget_tokens", "memstore.Write", "GoneName", "Write", "Compose", "NeverThere"}
	found, err := GrepWords(ctx, rp, c2, words, []string{"memory_sessions"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"ComposeLoad": true, "budget_tokens": true, "memstore.Write": true, "Write": true}
	if !reflect.DeepEqual(found, want) {
		t.Errorf("at HEAD: %v, want %v", found, want)
	}
	if found, _ := GrepWords(ctx, rp, c0, []string{"GoneName"}, []string{"memory_sessions"}); !found["GoneName"] {
		t.Errorf("GoneName at the first commit: %v", found)
	}
	if found, _ := GrepWords(ctx, rp, c2, []string{"GoneName"}, nil); !found["GoneName"] {
		t.Errorf("without the exclusion the memory file holds GoneName: %v", found)
	}

	ch, err := WordChanges(ctx, rp, lookupBase.Add(-time.Hour), "", []string{"GoneName", "ComposeLoad"}, []string{"memory_sessions"})
	if err != nil {
		t.Fatal(err)
	}
	at := func(h string, d int) time.Time { return lookupBase.AddDate(0, 0, d) }
	wantGone := []WordDelta{{Hash: c2, When: at(c2, 2), Removed: 2}, {Hash: c1, When: at(c1, 1), Added: 2, Removed: 1}, {Hash: c0, When: at(c0, 0), Added: 1}}
	got := ch["GoneName"]
	for i := range got {
		got[i].When = got[i].When.UTC()
	}
	if !reflect.DeepEqual(got, wantGone) {
		t.Errorf("GoneName:\n got %+v\nwant %+v", got, wantGone)
	}
	if len(ch["ComposeLoad"]) != 1 || ch["ComposeLoad"][0].Hash != c0 {
		t.Errorf("ComposeLoad (ComposeLoad2 is another word; the memory file is left out): %+v", ch["ComposeLoad"])
	}
	ch, err = WordChanges(ctx, rp, time.Time{}, c1, []string{"GoneName"}, nil)
	if err != nil || len(ch["GoneName"]) != 1 || ch["GoneName"][0].Hash != c2 {
		t.Errorf("from c1: %+v, %v", ch, err)
	}
}

func TestResolveCommitsAndFiles(t *testing.T) {
	t.Parallel()
	r := newLookupRepo(t)
	r.write("memory_sessions/long_memory.md", "# Mémoire\n")
	c0 := r.commit(0, "start")
	r.write("memory_sessions/long_memory.md", "# Mémoire\n\n## 2026-03-02\n- fact\n")
	r.mv("memory_sessions/long_memory.md", "memory_sessions/long.md")
	r.write("src/x.go", "package x\n")
	c1 := r.commit(1, "more")
	tree := r.git("rev-parse", "HEAD^{tree}")
	rp := r.open()
	ctx := context.Background()
	got, err := ResolveCommits(ctx, rp, []string{c0[:7], c1, "deadbee", tree[:10], "not-hex"})
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{c0[:7]: c0, c1: c1}; !reflect.DeepEqual(got, want) {
		t.Errorf("resolved %v, want %v (a tree is not a commit, a missing hash is left out)", got, want)
	}
	if h, err := ResolveRevision(ctx, rp, "main~1"); err != nil || h != c0 {
		t.Errorf("main~1: %s, %v", h, err)
	}
	if _, err := ResolveRevision(ctx, rp, "nosuchbranch"); err == nil || !strings.Contains(err.Error(), "names no commit") {
		t.Errorf("unknown revision: %v", err)
	}
	files, err := ChangedFiles(ctx, rp, c0, c1, []string{"memory_sessions"})
	if err != nil || fmt.Sprint(files) != fmt.Sprint([]PathChange{{Kind: 'A', Path: "memory_sessions/long.md"}, {Kind: 'D', Path: "memory_sessions/long_memory.md"}}) &&
		fmt.Sprint(files) != fmt.Sprint([]PathChange{{Kind: 'R', Path: "memory_sessions/long.md", From: "memory_sessions/long_memory.md"}}) {
		t.Errorf("changed under memory_sessions: %v, %v", files, err)
	}
}

func TestWordFinder(t *testing.T) {
	t.Parallel()
	f := newWordFinder([]string{"foo", "foo.bar", "a::b", "x_y", "bad.", ".bad"})
	var got []string
	f.each("foo.bar foox xfoo foo, a::b x_y x_yz _x_y foo", func(w string) { got = append(got, w) })
	want := []string{"foo", "foo.bar", "foo", "a::b", "x_y", "foo"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// Without git the lookups say git is needed, and HEAD is still read (by go-git): checked by a
// run of this test binary whose PATH holds no git (TestLookupsNeedGitHelper).
func TestLookupsNeedGit(t *testing.T) {
	t.Parallel()
	r := newLookupRepo(t)
	r.write("a.go", "package a\n")
	c := r.commit(0, "start")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLookupsNeedGitHelper$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), "PATH="+t.TempDir(), "CARNET_QUERY_HELPER_REPO="+r.dir, "CARNET_QUERY_HELPER_HEAD="+c)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS: TestLookupsNeedGitHelper") {
		t.Errorf("without git: %v\n%s", err, out)
	}
}

// TestLookupsNeedGitHelper is not a test: it is the run of TestLookupsNeedGit without git.
func TestLookupsNeedGitHelper(t *testing.T) {
	dir, c := os.Getenv("CARNET_QUERY_HELPER_REPO"), os.Getenv("CARNET_QUERY_HELPER_HEAD")
	if dir == "" {
		t.Skip("run by TestLookupsNeedGit")
	}
	rp, err := gitrepo.Open(dir)
	if err != nil || rp.HasGit() {
		t.Fatalf("open: %v; git found: %v", err, rp != nil && rp.HasGit())
	}
	ctx := context.Background()
	if h, err := HeadHash(ctx, rp); err != nil || h != c {
		t.Errorf("head without git: %s, %v", h, err)
	}
	if _, err := TrackedFiles(ctx, rp); !errors.Is(err, ErrNeedsGit) {
		t.Errorf("tracked files: %v", err)
	}
	if _, err := GrepWords(ctx, rp, c, []string{"ParseDoc"}, nil); !errors.Is(err, ErrNeedsGit) {
		t.Errorf("grep: %v", err)
	}
	if _, err := ResolveCommits(ctx, rp, []string{c[:7]}); !errors.Is(err, ErrNeedsGit) {
		t.Errorf("commits: %v", err)
	}
	if dir, err := HooksDir(ctx, rp); err != nil || dir != filepath.Join(rp.Root(), ".git", "hooks") {
		t.Errorf("hooks folder: %s, %v", dir, err)
	}
	if runs := Runs(); runs != 0 {
		t.Errorf("%d git runs without git", runs)
	}
}

// CommitsAfter answers in one run what FirstParentChanges and WordChanges answer in two.
func TestCommitsAfter(t *testing.T) {
	t.Parallel()
	r := newLookupRepo(t)
	r.write("app.js", "function route() {}\n// enough lines\n// for a rename\n// to be seen\n")
	r.write("lib.go", "package lib\n\nfunc ParseThing() {}\n")
	r.write("memory_sessions/x.md", "- `ParseThing`\n")
	c0 := r.commit(0, "start")
	r.mv("app.js", "web/app with space.js")
	r.write("lib.go", "package lib\n")
	r.commit(1, "move and drop")
	r.write("memory_sessions/x.md", "")
	r.write("new.go", "package lib\n\n// ParseThing is back\n")
	r.commit(2, "add")
	rp := r.open()
	ctx := context.Background()
	words, ex := []string{"ParseThing"}, []string{"memory_sessions"}
	sets, deltas, err := CommitsAfter(ctx, rp, c0, words, ex)
	if err != nil {
		t.Fatal(err)
	}
	want, err := FirstParentChanges(ctx, rp, time.Time{}, c0)
	if err != nil {
		t.Fatal(err)
	}
	wantDeltas, err := WordChanges(ctx, rp, time.Time{}, c0, words, ex)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(sets) != fmt.Sprint(want) || fmt.Sprint(deltas) != fmt.Sprint(wantDeltas) {
		t.Errorf("one run:\n%v\n%v\ntwo runs:\n%v\n%v", sets, deltas, want, wantDeltas)
	}
	if len(sets) != 2 || !strings.Contains(fmt.Sprint(sets[1].Files), "web/app with space.js") || len(deltas["ParseThing"]) != 2 {
		t.Errorf("%v %v", sets, deltas)
	}
}
