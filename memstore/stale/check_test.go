package stale

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"carnet/memstore"
	"carnet/memstore/gitrepo/query"
)

// world is a repository made by the test with a memory folder, committed to on given days.
type world struct {
	t   *testing.T
	dir string
	env []string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[user]\n\tname = T\n\temail = t@example.com\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, dir: t.TempDir(), env: []string{"HOME=" + home, "GIT_CONFIG_NOSYSTEM=1", "XDG_CONFIG_HOME=" + home}}
	w.git("init", "-q", "-b", "main")
	w.write("memory_sessions/long_memory.md", "# Mémoire long terme — x\n")
	return w
}

func (w *world) git(args ...string) string {
	w.t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = w.dir, append(os.Environ(), w.env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		w.t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func (w *world) write(path, content string) {
	w.t.Helper()
	p := filepath.Join(w.dir, filepath.FromSlash(path))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) mv(from, to string) {
	w.t.Helper()
	if err := os.MkdirAll(filepath.Join(w.dir, filepath.Dir(to)), 0o755); err != nil {
		w.t.Fatal(err)
	}
	w.git("mv", from, to)
}

// commit commits everything at noon (local time) of date.
func (w *world) commit(date, msg string) string {
	w.t.Helper()
	w.git("add", "-A")
	d, err := time.ParseInLocation(time.DateOnly, date, time.Local)
	if err != nil {
		w.t.Fatal(err)
	}
	stamp := fmt.Sprintf("@%d %s", d.Add(12*time.Hour).Unix(), d.Format("-0700"))
	cmd := exec.Command("git", "commit", "-q", "--allow-empty", "-m", msg)
	cmd.Dir, cmd.Env = w.dir, append(os.Environ(), append(w.env, "GIT_AUTHOR_DATE="+stamp, "GIT_COMMITTER_DATE="+stamp)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		w.t.Fatalf("git commit: %v\n%s", err, out)
	}
	return w.git("rev-parse", "HEAD")
}

func (w *world) checker() *Checker {
	w.t.Helper()
	ws, err := memstore.Open(w.dir)
	if err != nil {
		w.t.Fatal(err)
	}
	c, err := New(ws.Projects[0])
	if err != nil {
		w.t.Fatal(err)
	}
	return c
}

// check runs a check of bullets (each "date|text") and returns, per bullet, what was found.
func (w *world) check(bullets ...string) map[string]string {
	w.t.Helper()
	rep, err := w.checker().Check(context.Background(), parse(bullets))
	if err != nil {
		w.t.Fatal(err)
	}
	return summarize(rep)
}

func parse(bullets []string) []Bullet {
	var bs []Bullet
	for i, b := range bullets {
		date, text, _ := strings.Cut(b, "|")
		bs = append(bs, Bullet{Path: "memory_sessions/long_memory.md", Line: i, Date: date, Text: text})
	}
	return bs
}

func summarize(rep *Report) map[string]string {
	out := map[string]string{}
	for _, r := range rep.Results {
		var vs []string
		for _, v := range r.Verdicts {
			vs = append(vs, v.String())
		}
		out[r.Bullet.Text] = strings.Join(vs, "; ")
	}
	return out
}

func expect(t *testing.T, got map[string]string, want map[string]string) {
	t.Helper()
	for text, w := range want {
		if got[text] != w {
			t.Errorf("%q:\n got %q\nwant %q", text, got[text], w)
		}
	}
	for text, g := range got {
		if _, ok := want[text]; !ok {
			t.Errorf("%q: unexpected verdict %q", text, g)
		}
	}
}

func TestCheckPaths(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	body := "function route() {}\n// enough lines\n// for git to see\n// a rename\n"
	w.write("app.js", body)
	w.write("src/util.go", "package src\n")
	w.write("docs/guide.md", "guide\n")
	w.write("old/a.txt", "a\n")
	w.write("same-day.txt", "x\n")
	w.write("keep.go", "package keep\n")
	w.commit("2026-03-01", "start")
	w.write("src/util.go", "package src\n\n// more\n")
	w.commit("2026-03-03", "touch util")
	w.mv("app.js", "web/app.js")
	w.commit("2026-03-04", "move app.js")
	w.git("rm", "-q", "-r", "old")
	w.git("rm", "-q", "same-day.txt")
	del := w.commit("2026-03-05", "drop old/ and same-day.txt")
	w.write("later.go", "package later\n")
	w.commit("2026-03-06", "add later.go")
	moved := w.git("log", "-1", "--format=%H", "--", "web/app.js")

	got := w.check(
		"2026-03-02|`app.js` handles routing",
		"2026-03-02|`src/util.go` holds helpers",
		"2026-03-02|the `docs/` folder and `docs/guide.md`",
		"2026-03-02|`old/` has the archive, `old/a.txt` too",
		"2026-03-05|`same-day.txt` was removed today",
		"2026-03-07|Removed `old/a.txt` last week",
		"2026-03-02|`later.go` will hold the rest",
		"2026-03-02|`never.go` and `nope/dir/` were never there",
		"2026-03-02|`keep.go:12` and `util.go` by base name",
	)
	expect(t, got, map[string]string{
		"`app.js` handles routing":                "`app.js` renamed to `web/app.js` in " + moved[:7],
		"`src/util.go` holds helpers":             "`src/util.go` changed by 1 commits since",
		"the `docs/` folder and `docs/guide.md`":  "`docs/` is there; `docs/guide.md` is there",
		"`old/` has the archive, `old/a.txt` too": "`old/` deleted in " + del[:7] + "; `old/a.txt` deleted in " + del[:7],
		"`later.go` will hold the rest":           "`later.go` changed by 1 commits since",
		"`keep.go:12` and `util.go` by base name": "`keep.go:12` is there; `util.go` changed by 1 commits since",
	})

	// A file deleted in the working tree, not committed; a renamed file moved back by hand.
	if err := os.Remove(filepath.Join(w.dir, "keep.go")); err != nil {
		t.Fatal(err)
	}
	w.write("app.js", body)
	got = w.check("2026-03-02|`keep.go` and `app.js`")
	expect(t, got, map[string]string{"`keep.go` and `app.js`": "`keep.go` deleted in the working tree; `app.js` is there"})
}

// A rename followed further, then a deletion of the new name.
func TestCheckRenameChain(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.write("a.go", "package a\n\n// one\n// two\n// three\n")
	w.commit("2026-03-01", "a")
	w.mv("a.go", "b.go")
	r1 := w.commit("2026-03-02", "a → b")
	w.mv("b.go", "pkg/c.go")
	w.commit("2026-03-03", "b → c")
	got := w.check("2026-03-01|`a.go` is the entry point")
	expect(t, got, map[string]string{"`a.go` is the entry point": "`a.go` renamed to `pkg/c.go` in " + r1[:7]})
	w.git("rm", "-q", "pkg/c.go")
	gone := w.commit("2026-03-04", "drop c")
	got = w.check("2026-03-01|`a.go` is the entry point")
	expect(t, got, map[string]string{"`a.go` is the entry point": "`a.go` deleted in " + gone[:7]})
}

func TestCheckNames(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.write("load.go", "package hook\n\nfunc ComposeLoad() {}\n\nfunc trimSections() {}\n")
	w.write("config.go", "package hook\n\nvar budget_tokens = 2500\n")
	w.commit("2026-03-01", "start")
	// trimSections moves to another file: it is still in the code.
	w.write("load.go", "package hook\n\nfunc ComposeLoad() {}\n")
	w.write("trim.go", "package hook\n\nfunc trimSections() {}\n")
	w.commit("2026-03-02", "move trimSections")
	w.write("config.go", "package hook\n\nvar budgetTokens = 2500\n")
	rm := w.commit("2026-03-03", "rename the key")
	w.write("new.go", "package hook\n\nfunc addedLater() {}\n")
	w.commit("2026-03-04", "add addedLater")
	// The memory's own files never count as the code.
	w.write("memory_sessions/logs/2026-03-01.md", "# Log\n\n## Connaissances acquises\n- `budget_tokens` and `GhostName` and `trimSections`\n")
	w.commit("2026-03-05", "memory")

	got := w.check(
		"2026-03-01|`ComposeLoad` trims; `trimSections()` helps",
		"2026-03-01|the key `budget_tokens` sets the budget",
		"2026-03-01|`GhostName` was never in the code, nor `TypeScript`",
		"2026-03-03|`budget_tokens` is gone since this morning",
		"2026-03-02|`addedLater` will come",
	)
	expect(t, got, map[string]string{
		"`ComposeLoad` trims; `trimSections()` helps": "`ComposeLoad` is there; `trimSections()` is there",
		"the key `budget_tokens` sets the budget":     "`budget_tokens` removed from the code in " + rm[:7],
		"`addedLater` will come":                      "`addedLater` is there",
	})
}

func TestCheckCommits(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.write("a.go", "package a\n")
	c := w.commit("2026-03-01", "start")
	got := w.check(
		"2026-03-01|(verified: go test ./... ok, commit "+c[:7]+")",
		"2026-03-01|fixed in `abcdef1234` upstream",
	)
	expect(t, got, map[string]string{
		"(verified: go test ./... ok, commit " + c[:7] + ")": "`" + c[:7] + "` is there",
		"fixed in `abcdef1234` upstream":                     "`abcdef1234` is not a commit of this repository",
	})
	rep, _ := w.checker().Check(context.Background(), parse([]string{"2026-03-01|fixed in `abcdef1234` upstream"}))
	if len(rep.Stale()) != 0 || rep.Results[0].AllGone() {
		t.Errorf("a missing commit holds nothing back: %+v", rep.Results)
	}
}

// The verdicts are kept per HEAD: the same check again runs no git; after new commits, the
// verdicts brought forward from those commits are those a check from scratch finds.
func TestCheckCacheAndAdvance(t *testing.T) {
	w := newWorld(t) // not parallel: counts the git processes of this package
	w.write("app.js", "function route() {}\n")
	w.write("lib.go", "package lib\n\nfunc ParseThing() {}\nfunc KeepThing() {}\n")
	w.write("dir/x.txt", "x\n")
	w.commit("2026-03-01", "start")
	w.commit("2026-03-02", "nothing")
	bullets := []string{
		"2026-03-01|`app.js` routes",
		"2026-03-01|`ParseThing` and `KeepThing` parse",
		"2026-03-01|`dir/x.txt` and `ghost.go`",
		"2026-03-01|commit " + w.git("rev-parse", "--short=9", "HEAD"),
		"2026-03-02|`ParseThing` the day before",
		"2026-03-03|`ParseThing` the same day, `app.js` too",
	}
	first := w.check(bullets...)
	before := query.Runs()
	if again := w.check(bullets...); fmt.Sprint(again) != fmt.Sprint(first) || query.Runs() != before {
		t.Errorf("the same HEAD again ran %d git processes; %v vs %v", query.Runs()-before, again, first)
	}
	if _, err := os.Stat(filepath.Join(w.dir, "memory_sessions", "logs", ".debug", "stale.tsv")); err != nil {
		t.Errorf("no cache: %v", err)
	}

	w.git("rm", "-q", "app.js")
	w.write("lib.go", "package lib\n\nfunc KeepThing() {}\n")
	w.write("ghost.go", "package ghost\n")
	w.commit("2026-03-03", "drop app.js and ParseThing, add ghost.go")
	w.write("dir/x.txt", "y\n")
	w.commit("2026-03-04", "touch x")
	advanced := w.check(bullets...)
	if err := os.Remove(filepath.Join(w.dir, "memory_sessions", "logs", ".debug", "stale.tsv")); err != nil {
		t.Fatal(err)
	}
	fresh := w.check(bullets...)
	if fmt.Sprint(advanced) != fmt.Sprint(fresh) {
		t.Errorf("brought forward:\n%v\nfrom scratch:\n%v", advanced, fresh)
	}
	if fresh["`ParseThing` the same day, `app.js` too"] != "" || !strings.Contains(fresh["`ParseThing` the day before"], "removed from the code") {
		t.Errorf("a name removed on the bullet's day is not gone, one removed the day after is: %v", fresh)
	}
	if !strings.Contains(fresh["`app.js` routes"], "deleted in") || !strings.Contains(fresh["`ParseThing` and `KeepThing` parse"], "`ParseThing` removed from the code") ||
		!strings.Contains(fresh["`dir/x.txt` and `ghost.go`"], "`dir/x.txt` changed by 1 commits since; `ghost.go` changed by 1") {
		t.Errorf("after the commits: %v", fresh)
	}
}

// A check that runs out of time gives what the last check found, marked partial.
func TestCheckOutOfTime(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.write("app.go", "package app\n\nfunc RouteAll() {}\n")
	w.commit("2026-03-01", "start")
	bullets := parse([]string{"2026-03-01|`RouteAll` routes", "2026-03-02|`new.go` comes"})
	if _, err := w.checker().Check(context.Background(), bullets[:1]); err != nil {
		t.Fatal(err)
	}
	w.write("app.go", "package app\n")
	w.commit("2026-03-03", "drop RouteAll")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rep, err := w.checker().Check(ctx, bullets)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Partial || len(rep.Results) != 1 || rep.Results[0].Verdicts[0].State != OK {
		t.Errorf("out of time: %+v", rep)
	}
}

func TestCollect(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.write("memory_sessions/long_memory.md", "# Mémoire long terme — x\n\n## Notes\n- undated `a.go`\n\n## 2026-03-01\n- `b.go` one\n- ~~`c.go` old~~ (remplacé le 2026-03-02)\n\n## Architecture\n- `d.go` under the last date\n")
	w.write("memory_sessions/logs/2026-03-02.md", "# Log session — 2026-03-02\n\n## Travail produit\n- Removed `e.go`\n\n## Connaissances acquises\n- `f.go` parses\n\n## À suivre\n- Fix `g.go`\n- ✅ Done `h.go`\n- Port `k.go` (ouvert depuis le 2026-02-10)\n\n## Finalisé\n- ✅ `i.go`\n")
	w.write("memory_sessions/notes/api.md", "---\ntitle: API\nupdated: 2026-03-04\n---\n# API\n\n- `j.go` serves\n")
	ws, err := memstore.Open(w.dir)
	if err != nil {
		t.Fatal(err)
	}
	bs, err := Collect(ws.Projects[0])
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, b := range bs {
		got = append(got, fmt.Sprintf("%s:%d %s %s %v", filepath.Base(b.Path), b.Line, b.Date, b.Text, b.Open))
	}
	want := []string{
		"long_memory.md:6 2026-03-01 `b.go` one false",
		"long_memory.md:10 2026-03-01 `d.go` under the last date false",
		"2026-03-02.md:6 2026-03-02 `f.go` parses false",
		"2026-03-02.md:9 2026-03-02 Fix `g.go` true",
		"2026-03-02.md:11 2026-02-10 Port `k.go` (ouvert depuis le 2026-02-10) true",
		"api.md:6 2026-03-04 `j.go` serves false",
	}
	if !slices.Equal(got, want) {
		t.Errorf("collected:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
