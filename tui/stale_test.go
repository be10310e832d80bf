package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"carnet/lang/langtest"
	"carnet/memstore"
)

// staleWorkspace is a git repository whose code lost app.js on 2026-03-21, after a log of
// 2026-03-20 said two things about it.
func staleWorkspace(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	if _, err := memstore.Init(root, ""); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, memstore.ConfigFile), []byte("language = \"en\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[user]\n\tname = T\n\temail = t@example.com\n"), 0o644)
	git := func(date string, args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "XDG_CONFIG_HOME="+home)
		if date != "" {
			d, _ := time.ParseInLocation(time.DateOnly, date, time.Local)
			stamp := fmt.Sprintf("@%d %s", d.Add(10*time.Hour).Unix(), d.Format("-0700"))
			cmd.Env = append(cmd.Env, "GIT_AUTHOR_DATE="+stamp, "GIT_COMMITTER_DATE="+stamp)
		}
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	write := func(rel, content string) {
		p := filepath.Join(root, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	git("", "init", "-q", "-b", "main")
	write("app.js", "function route() {}\n")
	write("memory_sessions/logs/2026-03-20.md", "# Log session — 2026-03-20\n\n## Learnings\n- `app.js` routes the pages.\n- `app.js` renders the menu.\n- Dates are UTC.\n\n## Work done\n- Read `app.js`.\n")
	git("", "add", "-A")
	git("2026-03-19", "commit", "-q", "-m", "start")
	git("", "rm", "-q", "app.js")
	git("2026-03-21", "commit", "-q", "-m", "drop app.js")
	return root
}

// The stale view lists the bullets whose file is gone; S supersedes one, d deletes one,
// until nothing is stale; curating the log marks them.
func TestStaleViewFixSupersedeDelete(t *testing.T) {
	t.Parallel()
	root := staleWorkspace(t)
	log := filepath.Join(root, "memory_sessions", "logs", "2026-03-20.md")
	h := newHarness(t, root, true)
	h.press("enter") // the project
	h.press("!")
	s := topIs[*staleView](h, "the stale view")
	h.contains("2 stale bullets · checked against", "memory_sessions/logs/2026-03-20.md", "⚠ `app.js` routes the pages.", "— `app.js` deleted in ")
	h.lacks("Dates are UTC", "Read `app.js`")

	i, _ := s.list.selected()
	if s.rows[i].header != "" {
		h.press("down")
	}
	h.press("S")
	if !s.Capturing() {
		t.Fatal("S opens no field")
	}
	for range []rune("`app.js` routes the pages.") {
		h.press("backspace")
	}
	h.typeText("`web/main.js` routes the pages.")
	h.press("enter")
	h.contains("Superseded a stale bullet", "1 stale bullet ·")
	data := readFile(t, log)
	if !strings.Contains(data, "- `web/main.js` routes the pages.\n  - ~~`app.js` routes the pages.~~ (superseded on 2026-03-22)\n") {
		t.Fatalf("not superseded:\n%s", data)
	}

	h.press("d")
	h.contains("Delete “`app.js` renders the menu.”")
	h.press("y")
	h.contains("Deleted a stale bullet", "Nothing stale.")
	if data := readFile(t, log); strings.Contains(data, "renders the menu") || !strings.Contains(data, "- Read `app.js`.") {
		t.Fatalf("delete went wrong:\n%s", data)
	}
	out, err := exec.Command("git", "-C", root, "log", "-2", "--format=%s").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "delete a stale bullet") || !strings.Contains(string(out), "supersede a stale bullet") {
		t.Errorf("commits: %s %v", out, err)
	}
}

func TestCurateMarksStaleBullets(t *testing.T) {
	t.Parallel()
	h := newHarness(t, staleWorkspace(t), true)
	h.press("enter")
	for range 5 {
		if strings.Contains(h.plain(), "› 2026-03-20") {
			break
		}
		h.press("down")
	}
	h.press("c")
	topIs[*curate](h, "curate")
	h.contains("⚠ `app.js` routes the pages.  — `app.js` deleted in", "• Dates are UTC.", "• Read `app.js`.")
}

// In a French workspace the stale view, its keys and what became of each reference speak
// French, with no English word.
func TestStaleViewInFrench(t *testing.T) {
	t.Parallel()
	root := staleWorkspace(t)
	if err := os.WriteFile(filepath.Join(root, memstore.ConfigFile), []byte("language = \"fr\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarnessIn(t, root, true, "")
	h.press("enter", "!")
	topIs[*staleView](h, "the stale view")
	h.contains("2 puces périmées · vérifiées sur", "— `app.js` supprimé dans ", "remplacer")
	screen := h.plain()
	for _, memory := range []string{"`app.js` routes the pages.", "`app.js` renders the menu."} { // the memory is shown as it is
		screen = strings.ReplaceAll(screen, memory, "")
	}
	for line := range strings.SplitSeq(screen, "\n") {
		if found := langtest.Foreign("fr", line); len(found) > 0 && !strings.Contains(line, "memory_sessions/") {
			t.Errorf("English in the French stale view: %v in %q", found, line)
		}
	}
}
