package promote

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

// testNow is the fixed "today" of the generated workspaces.
var testNow = time.Date(2026, 3, 22, 15, 0, 0, 0, time.Local)

// day returns the date n days before testNow.
func day(n int) string { return memstore.Date(testNow.AddDate(0, 0, -n)) }

// fact is the n-th distinct long-memory fact: numbers make any two of them different facts.
func fact(n int) string {
	return fmt.Sprintf("Le module m%d écrit ses résultats dans la table t%d, jamais ailleurs.", n, n)
}

// reworded says the same as fact(n) with trivial changes (case, stopwords, punctuation).
func reworded(n int) string {
	return fmt.Sprintf("le module m%d écrit ses résultats dans une table t%d jamais ailleurs", n, n)
}

// logFact is the durable item of the log written n days ago.
func logFact(n int) string {
	return fmt.Sprintf("Le parseur v%d ignore les messages vides du transcript numéro %d.", n, n)
}

// logDecision is the decision of the log written n days ago.
func logDecision(n int) string {
	return fmt.Sprintf("Décision %d : l'extracteur tourne depuis le dossier temporaire tmp%d.", n, n)
}

// openItem is an À suivre item of the log written n days ago.
func openItem(n int) string { return fmt.Sprintf("Vérifier la migration m%d en préproduction", n) }

// genLog writes the daily log of n days ago: context, one learning, one decision, work,
// an open item every third day and a done one.
func genLog(n int, extra ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Log session — %s\n\n", day(n))
	fmt.Fprintf(&b, "## Contexte\n- Session %d sur le projet.\n\n", n)
	fmt.Fprintf(&b, "## Connaissances acquises\n- %s\n", logFact(n))
	for _, e := range extra {
		fmt.Fprintf(&b, "- %s\n", e)
	}
	fmt.Fprintf(&b, "\n## Travail produit\n- Patch %d.\n\n", n)
	fmt.Fprintf(&b, "## Décisions prises\n- %s\n\n", logDecision(n))
	if n%3 == 0 {
		fmt.Fprintf(&b, "## À suivre\n- %s\n\n", openItem(n))
	}
	fmt.Fprintf(&b, "## Finalisé\n- ✅ Relire le patch %d.\n", n)
	return b.String()
}

// genLongMemory builds a long memory of about lines lines: dated sections of 5 facts each,
// oldest first, starting at fact number from.
func genLongMemory(name string, lines, from int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Mémoire long terme — %s\n", name)
	n := 1
	f := from
	for sec := 0; ; sec++ {
		if n+7 > lines {
			break
		}
		fmt.Fprintf(&b, "\n## %s\n", memstore.Date(testNow.AddDate(0, 0, -400+sec*3)))
		n += 2
		for range 5 {
			fmt.Fprintf(&b, "- %s\n", fact(f))
			f++
			n++
		}
	}
	return b.String()
}

// ws is a generated workspace with one project, cmms_doc, at memory_sessions/.
type ws struct {
	t    *testing.T
	root string
	p    *memstore.Project
}

func newWS(t testing.TB) *ws {
	root := t.TempDir()
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	w := &ws{root: root}
	if tt, ok := t.(*testing.T); ok {
		w.t = tt
	}
	w.write(t, "carnet.toml", "[projects]\ncmms_doc = \"memory_sessions\"\n")
	must(t, os.MkdirAll(filepath.Join(root, "memory_sessions", "logs"), 0o755))
	w.reopen(t)
	return w
}

func (w *ws) reopen(t testing.TB) {
	t.Helper()
	ws, err := memstore.Open(w.root)
	must(t, err)
	p, err := ws.Project("cmms_doc")
	must(t, err)
	w.p = p
}

func (w *ws) write(t testing.TB, rel, content string) {
	t.Helper()
	path := filepath.Join(w.root, filepath.FromSlash(rel))
	must(t, os.MkdirAll(filepath.Dir(path), 0o755))
	must(t, os.WriteFile(path, []byte(content), 0o644))
}

func (w *ws) read(t testing.TB, rel string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(w.root, filepath.FromSlash(rel)))
	must(t, err)
	return string(data)
}

func (w *ws) exists(rel string) bool {
	_, err := os.Stat(filepath.Join(w.root, filepath.FromSlash(rel)))
	return err == nil
}

func logRel(n int) string     { return "memory_sessions/logs/" + day(n) + ".md" }
func archiveRel(n int) string { return "memory_sessions/logs/archives/" + day(n) + ".md" }

const lmRel = "memory_sessions/long_memory.md"

// git runs git in the workspace and returns its output.
func (w *ws) git(t testing.TB, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = w.root
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=Test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=Test", "GIT_COMMITTER_EMAIL=test@example.com", "GIT_CONFIG_GLOBAL=/dev/null")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func (w *ws) gitInit(t testing.TB) {
	t.Helper()
	w.git(t, "init", "-q", "-b", "main")
	w.git(t, "config", "user.name", "Test")
	w.git(t, "config", "user.email", "test@example.com")
	w.write(t, ".gitignore", "memory_sessions/logs/.debug/\n")
	w.git(t, "add", "-A")
	w.git(t, "commit", "-q", "-m", "initial")
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func mustParse(data []byte) *memstore.Doc { return memstore.ParseDoc(data) }
