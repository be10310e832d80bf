package purge

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"carnet/memstore/gitrepo"
)

// The purge is checked on real repositories made here, with git itself: what git log, git
// grep, git ls-tree and git cat-file say before and after.

const purgeSecret = "ghp_0123456789abcdefABCDEF0123456789abcd"

// purgeT is a repository for the purge tests, with git isolated from the user's config.
type purgeT struct {
	t   *testing.T
	dir string
	n   int // commits made, for distinct dates
}

func newPurgeT(t *testing.T) *purgeT {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git CLI not found")
	}
	home := t.TempDir()
	cfg := filepath.Join(home, "gitconfig")
	if err := os.WriteFile(cfg, []byte("[user]\n\tname = Test User\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "xdg"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", cfg)
	for _, v := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_AUTHOR_DATE", "GIT_COMMITTER_DATE"} {
		t.Setenv(v, "")
		os.Unsetenv(v)
	}
	p := &purgeT{t: t, dir: t.TempDir()}
	p.git("init", "-q", "-b", "main")
	return p
}

func (p *purgeT) git(args ...string) string {
	p.t.Helper()
	out, err := p.try(args...)
	if err != nil {
		p.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return out
}

func (p *purgeT) try(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = p.dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

func (p *purgeT) write(rel, content string) {
	p.t.Helper()
	abs := filepath.Join(p.dir, rel)
	if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
		p.t.Fatal(err)
	}
}

func (p *purgeT) read(rel string) string {
	p.t.Helper()
	data, err := os.ReadFile(filepath.Join(p.dir, rel))
	if err != nil {
		p.t.Fatal(err)
	}
	return string(data)
}

// commit commits everything with msg, at a date of its own.
func (p *purgeT) commit(msg string) string {
	p.t.Helper()
	p.n++
	date := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC).Add(time.Duration(p.n) * time.Hour).Format(time.RFC3339)
	cmd := exec.Command("git", "commit", "-q", "--allow-empty", "-m", msg)
	cmd.Dir = p.dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
	if err := exec.Command("git", "-C", p.dir, "add", "-A").Run(); err != nil {
		p.t.Fatal(err)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		p.t.Fatalf("git commit: %v\n%s", err, out)
	}
	return strings.TrimSpace(p.git("rev-parse", "HEAD"))
}

func (p *purgeT) repo() *gitrepo.Repo {
	p.t.Helper()
	rp, err := gitrepo.Open(p.dir)
	if err != nil {
		p.t.Fatal(err)
	}
	return rp
}

// dropLines is the rewrite of the tests: every line holding the secret goes.
func dropLines(_ string, data []byte) ([]byte, error) {
	var b bytes.Buffer
	for l := range strings.Lines(string(data)) {
		if !strings.Contains(l, purgeSecret) {
			b.WriteString(l)
		}
	}
	return b.Bytes(), nil
}

func dropMessageLines(msg []byte) []byte { out, _ := dropLines("", msg); return out }

// history builds, on two branches and a tag, a memory folder mem/ that holds the secret
// from its second commit on, a project file that holds it too (it is not memory: it stays),
// and a remote that has main.
func purgeHistory(p *purgeT) (before string) {
	p.write("src/app.go", "package app\n")
	p.write("mem/long.md", "# Long\n- first fact\n")
	before = p.commit("start")
	p.write("mem/logs/2026-03-01.md", "# Log\n- a bullet\n- the token is "+purgeSecret+"\n- after it\n")
	p.commit("memory(x): add 2 bullets\n\n- the token is " + purgeSecret + "\n\nCarnet-Writer: cli")
	p.write("src/app.go", "package app\n\n// uses "+purgeSecret+" in a test fixture\n")
	p.commit("code: a fixture naming " + purgeSecret) // a person's commit: its message stays
	p.git("tag", "-a", "v1", "-m", "release one")
	p.git("checkout", "-q", "-b", "dev")
	p.write("mem/long.md", "# Long\n- first fact\n- again "+purgeSecret+" here\n- dev fact\n")
	p.commit("memory(x): dev")
	p.git("tag", "light")
	p.git("checkout", "-q", "main")
	p.write("mem/logs/2026-03-02.md", "# Log\n- main goes on\n")
	p.commit("memory(x): main goes on")
	return before
}

// memRevs lists the commits of every branch and tag.
func (p *purgeT) allCommits(refs ...string) []string {
	out := p.git(append([]string{"rev-list"}, refs...)...)
	return strings.Fields(out)
}

func TestPurgeHolding(t *testing.T) {
	p := newPurgeT(t)
	purgeHistory(p)
	h, err := Find(context.Background(), p.repo(), []string{"mem"}, []byte(purgeSecret))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(h.Branches, []string{"dev", "main"}) || !slices.Equal(h.Tags, []string{"light", "v1"}) || h.Commits != 2 {
		t.Fatalf("holding = %+v, want branches dev, main, tags light, v1, 2 commits", h)
	}
	if len(h.Messages) != 2 {
		t.Fatalf("messages holding it = %v, want the memory commit's and the code commit's", h.Messages)
	}
	none, err := Find(context.Background(), p.repo(), []string{"mem"}, []byte("nowhere at all"))
	if err != nil || !none.Empty() {
		t.Fatalf("holding of a text that is nowhere = %+v, %v", none, err)
	}
}

func TestPurgeAcrossBranchesAndTag(t *testing.T) {
	p := newPurgeT(t)
	before := purgeHistory(p)
	bare := filepath.Join(t.TempDir(), "remote.git")
	p.git("init", "-q", "--bare", bare)
	p.git("remote", "add", "origin", bare)
	p.git("push", "-q", "origin", "main")
	p.git("fetch", "-q", "origin")

	oldRefs := map[string]string{}
	for _, r := range []string{"refs/heads/main", "refs/heads/dev", "refs/tags/v1", "refs/tags/light"} {
		oldRefs[r] = strings.TrimSpace(p.git("rev-parse", r))
	}
	oldCommits := p.allCommits("main", "dev")
	oldBlob := strings.TrimSpace(p.git("rev-parse", "main:mem/logs/2026-03-01.md"))
	// the checked-out branch's last commit holds the secret: the work tree follows the rewrite
	p.write("mem/logs/2026-03-02.md", "# Log\n- main goes on\n- "+purgeSecret+" once more\n")
	p.commit("memory(x): once more")

	rp := p.repo()
	now := time.Date(2026, 3, 10, 9, 30, 0, 0, time.UTC)
	res, err := Rewrite(context.Background(), rp, Options{Paths: []string{"mem"}, Text: []byte(purgeSecret),
		Rewrite: dropLines, Message: dropMessageLines, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if res.Backup != BackupPrefix+"20260310-093000" || len(res.Refs) != 4 {
		t.Fatalf("result = %+v, want a backup of 4 refs", res)
	}
	if !slices.Equal(res.StillHeld.Remotes, []string{"origin/main"}) || len(res.StillHeld.Branches) > 0 {
		t.Fatalf("still held = %+v, want origin/main only", res.StillHeld)
	}
	if res.Messages != 1 || len(res.Kept) != 1 {
		t.Fatalf("messages rewritten %d, kept %v: want the memory commit's rewritten, the code commit's kept", res.Messages, res.Kept)
	}

	// nothing of the secret in the memory history of any branch or tag
	refs := []string{"main", "dev", "v1", "light"}
	logp := p.git(append(append([]string{"log", "-p"}, refs...), "--", "mem")...)
	if strings.Contains(logp, purgeSecret) {
		t.Fatalf("git log -p still shows the secret under mem/:\n%s", logp)
	}
	for _, c := range p.allCommits(refs...) {
		if out, err := p.try("grep", "-F", purgeSecret, c, "--", "mem"); err == nil {
			t.Fatalf("git grep finds the secret in %s:\n%s", c, out)
		}
	}
	// the project file outside memory keeps it, in every commit, and the work tree is clean
	if !strings.Contains(p.git("show", "main:src/app.go"), purgeSecret) {
		t.Fatal("the project file outside memory lost its content")
	}
	if st := p.git("status", "--porcelain"); st != "" {
		t.Fatalf("the work tree is not clean after the purge:\n%s", st)
	}
	if strings.Contains(p.read("mem/logs/2026-03-02.md"), purgeSecret) || !strings.Contains(p.read("mem/logs/2026-03-02.md"), "main goes on") {
		t.Fatalf("the work tree's file did not follow the rewrite: %q", p.read("mem/logs/2026-03-02.md"))
	}

	// the commit before the secret keeps its hash; every rewritten commit keeps its non-memory
	// trees, its author, date and the other lines of memory
	if !slices.Contains(p.allCommits("main"), before) {
		t.Fatal("the commit before the secret was rewritten too")
	}
	newCommits := p.allCommits("main", "dev")
	if len(newCommits) != len(oldCommits)+1 {
		t.Fatalf("%d commits after, %d before: a commit was lost or added", len(newCommits), len(oldCommits)+1)
	}
	pairs := purgePairs(p, oldRefs, res)
	if len(pairs) == 0 {
		t.Fatal("no rewritten commit to compare")
	}
	for old, nw := range pairs {
		for _, sub := range []string{"src", "src/app.go"} {
			if a, b := p.git("rev-parse", old+":"+sub), p.git("rev-parse", nw+":"+sub); a != b {
				t.Fatalf("%s differs between %s and %s", sub, old[:7], nw[:7])
			}
		}
		if a, b := p.git("log", "-1", "--format=%an %ae %ad %cd", old), p.git("log", "-1", "--format=%an %ae %ad %cd", nw); a != b {
			t.Fatalf("author or dates changed: %q → %q", a, b)
		}
		for f := range strings.FieldsSeq(p.git("ls-tree", "-r", "--name-only", old, "--", "mem")) {
			want, _ := dropLines("", []byte(p.git("show", old+":"+f)))
			if got := p.git("show", nw+":"+f); got != string(want) {
				t.Fatalf("%s in %s: got %q, want %q (every other line unchanged)", f, nw[:7], got, want)
			}
		}
	}
	// the annotated tag is still annotated, with its message
	if p.git("cat-file", "-t", "v1") != "tag\n" || !strings.Contains(p.git("cat-file", "-p", "v1"), "release one") {
		t.Fatal("tag v1 lost its annotation")
	}

	// the backup holds the refs as they were until dropped; then the old objects are gone
	bs, err := Backups(context.Background(), rp)
	if err != nil || len(bs) != 1 || bs[0].Refs["refs/tags/light"] != oldRefs["refs/tags/light"] {
		t.Fatalf("backups = %+v, %v", bs, err)
	}
	p.git("remote", "remove", "origin") // the remote-tracking refs still reach the old objects
	dropped, err := DropBackups(context.Background(), rp)
	if err != nil || len(dropped) != 1 {
		t.Fatalf("DropBackups = %v, %v", dropped, err)
	}
	if out := p.git("for-each-ref", BackupPrefix); out != "" {
		t.Fatalf("backup refs left: %s", out)
	}
	all := p.git("for-each-ref", "--format=%(refname)")
	for r := range strings.FieldsSeq(all) {
		if out, err := p.try("grep", "-F", purgeSecret, r, "--", "mem"); err == nil {
			t.Fatalf("git grep over %s finds it:\n%s", r, out)
		}
	}
	if logAll := p.git("log", "-p", "--all", "--", "mem"); strings.Contains(logAll, purgeSecret) {
		t.Fatal("git log -p --all -- mem still shows it")
	}
	if _, err := p.try("cat-file", "-e", oldBlob); err == nil {
		t.Fatal("the old blob holding the secret is still in the object store")
	}
}

// purgePairs maps each original commit of the rewritten refs (from the backup) to its
// rewritten one, walking both first-parent chains and the dev branch.
func purgePairs(p *purgeT, oldRefs map[string]string, res Result) map[string]string {
	pairs := map[string]string{}
	for _, u := range res.Refs {
		if !strings.HasPrefix(u.Ref, "refs/heads/") {
			continue
		}
		olds := strings.Fields(p.git("rev-list", "--first-parent", u.Old))
		news := strings.Fields(p.git("rev-list", "--first-parent", u.New))
		for i := range min(len(olds), len(news)) {
			if olds[i] != news[i] {
				pairs[olds[i]] = news[i]
			}
		}
	}
	_ = oldRefs
	return pairs
}

func TestPurgeRefusesDirtyAndRestores(t *testing.T) {
	p := newPurgeT(t)
	purgeHistory(p)
	p.write("src/app.go", "package app // edited\n")
	rp := p.repo()
	opt := Options{Paths: []string{"mem"}, Text: []byte(purgeSecret), Rewrite: dropLines}
	if _, err := Rewrite(context.Background(), rp, opt); !errors.Is(err, ErrDirty) || !strings.Contains(err.Error(), "src/app.go") {
		t.Fatalf("purge on a dirty work tree: %v, want ErrDirty naming src/app.go", err)
	}
	if out := p.git("for-each-ref", BackupPrefix); out != "" {
		t.Fatal("a refused purge left a backup")
	}
	p.git("checkout", "--", "src/app.go")
	main := strings.TrimSpace(p.git("rev-parse", "main"))
	res, err := Rewrite(context.Background(), rp, opt)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := RestoreBackup(context.Background(), rp, strings.TrimPrefix(res.Backup, BackupPrefix)); err != nil {
		t.Fatal(err)
	}
	if got := strings.TrimSpace(p.git("rev-parse", "main")); got != main {
		t.Fatalf("main after restore = %s, want %s", got, main)
	}
	if out := p.git("for-each-ref", BackupPrefix); out != "" {
		t.Fatal("the restored backup is still there")
	}
}

func TestPurgeFailingRewriteChangesNothing(t *testing.T) {
	p := newPurgeT(t)
	purgeHistory(p)
	refs := p.git("for-each-ref")
	keep := func(_ string, data []byte) ([]byte, error) { return data, nil } // leaves the text
	_, err := Rewrite(context.Background(), p.repo(), Options{Paths: []string{"mem"}, Text: []byte(purgeSecret), Rewrite: keep})
	if err == nil || !strings.Contains(err.Error(), "still there") {
		t.Fatalf("a rewrite that keeps the text: %v", err)
	}
	if got := p.git("for-each-ref"); got != refs {
		t.Fatalf("refs changed:\n%s\nwant\n%s", got, refs)
	}
}
