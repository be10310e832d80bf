package hook

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"carnet/memstore"
)

// staleRepo is a workspace in a git repository whose commits the test dates.
func staleRepo(t *testing.T) (ws string, git func(date string, args ...string) string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	ws = testWorkspace(t)
	home := t.TempDir()
	os.WriteFile(filepath.Join(home, ".gitconfig"), []byte("[user]\n\tname = T\n\temail = t@example.com\n"), 0o644)
	git = func(date string, args ...string) string {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = ws
		cmd.Env = append(os.Environ(), "HOME="+home, "GIT_CONFIG_NOSYSTEM=1", "XDG_CONFIG_HOME="+home)
		if date != "" {
			d, _ := time.ParseInLocation(time.DateOnly, date, time.Local)
			stamp := fmt.Sprintf("@%d %s", d.Add(11*time.Hour).Unix(), d.Format("-0700"))
			cmd.Env = append(cmd.Env, "GIT_AUTHOR_DATE="+stamp, "GIT_COMMITTER_DATE="+stamp)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return strings.TrimSpace(string(out))
	}
	git("", "init", "-q", "-b", "main")
	return ws, git
}

// A bullet naming a file deleted since it was written is left out of the load and listed by
// --explain; an open item naming it stays, marked; the day's history is kept as it was.
func TestLoadHoldsBackStaleBullets(t *testing.T) {
	t.Parallel()
	ws, git := staleRepo(t)
	write := func(rel, content string) {
		p := filepath.Join(ws, filepath.FromSlash(rel))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("legacy.js", "function parseLegacy() {}\n")
	write("kept.go", "package kept\n\nfunc KeepParsing() {}\n")
	git("", "add", "-A")
	git("2026-03-19", "commit", "-q", "-m", "start")
	write("kept.go", "package kept\n\nfunc KeepParsing() {}\n\n// changed\n")
	git("", "add", "-A")
	git("2026-03-21", "commit", "-q", "-m", "touch kept.go")
	write("memory_sessions/long_memory.md", "# Mémoire long terme — root\n\n## 2026-03-20\n- `parseLegacy` lit les anciens fichiers.\n- `KeepParsing` reste la voie normale.\n- `kept.go` garde le reste.\n")
	write("memory_sessions/logs/2026-03-21.md", "# Log session — 2026-03-21\n\n## Connaissances acquises\n- `legacy.js` lit le format de 2019.\n- Les dates sont en UTC.\n\n"+
		"## Travail produit\n- Relu `legacy.js`.\n\n## À suivre\n- Porter `legacy.js` en Go.\n")
	git("", "rm", "-q", "legacy.js")
	git("", "add", "-A")
	git("2026-03-22", "commit", "-q", "-m", "drop legacy.js")
	del := git("", "rev-parse", "--short=7", "HEAD")

	w, err := memstore.Open(ws)
	if err != nil {
		t.Fatal(err)
	}
	l, err := ComposeLoad(w.Projects[0], fixedNow(), 2500, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{"lit le format de 2019", "lit les anciens fichiers"} {
		if strings.Contains(l.Text, gone) {
			t.Errorf("the load kept a stale bullet (%q):\n%s", gone, l.Text)
		}
	}
	for _, want := range []string{"Les dates sont en UTC", "`KeepParsing` reste", "Relu `legacy.js`",
		"Porter `legacy.js` en Go. (2026-03-21) ⚠ `legacy.js` supprimé dans " + del, "2 puces écartées"} {
		if !strings.Contains(l.Text, want) {
			t.Errorf("the load lacks %q:\n%s", want, l.Text)
		}
	}
	ex := l.Explain()
	for _, want := range []string{"held back  memory_sessions/logs/2026-03-21.md: `legacy.js` lit le format de 2019. — `legacy.js` deleted in " + del,
		"held back  memory_sessions/long_memory.md: `parseLegacy` lit les anciens fichiers. — `parseLegacy` removed from the code in " + del,
		"references checked against HEAD", "; 1 of the bullets loaded name files changed since they were written"} {
		if !strings.Contains(ex, want) {
			t.Errorf("--explain lacks %q:\n%s", want, ex)
		}
	}
}

// Outside a git repository nothing is checked and nothing is held back.
func TestLoadWithoutRepository(t *testing.T) {
	t.Parallel()
	p := testProject(t)
	os.WriteFile(p.WS.Abs(p.LogPath("2026-03-21")), []byte("# Log session — 2026-03-21\n\n## Connaissances acquises\n- `legacy.js` lit le format de 2019.\n"), 0o644)
	l, err := ComposeLoad(p, fixedNow(), 2500, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(l.Text, "lit le format de 2019") || len(l.HeldBack) > 0 || l.RefsNote != "" {
		t.Errorf("without git: %+v\n%s", l.HeldBack, l.Text)
	}
}
