package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The purge on a real repository: two branches and a tag hold a key in their memory, the
// project's own files and commits around it; after carnet forget --purge and --confirm, git
// finds the key nowhere in memory, and everything else is as it was.

const forgetKey = "ghp_R2d2C3poBb8Luke9Leia0Han1Chewie2Yoda3"

type forgetWS struct {
	t    *testing.T
	root string
	n    int
}

func newForgetWS(t *testing.T) *forgetWS {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git CLI not found")
	}
	w := &forgetWS{t: t, root: t.TempDir()}
	t.Setenv("CARNET_NOW", "2026-03-22")
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	t.Setenv("NO_COLOR", "1")
	for _, kv := range [][2]string{{"GIT_AUTHOR_NAME", "T"}, {"GIT_AUTHOR_EMAIL", "t@e"}, {"GIT_COMMITTER_NAME", "T"}, {"GIT_COMMITTER_EMAIL", "t@e"}} {
		t.Setenv(kv[0], kv[1])
	}
	w.git("init", "-q", "-b", "main")
	return w
}

func (w *forgetWS) git(args ...string) string {
	w.t.Helper()
	out, err := w.gitTry(args...)
	if err != nil {
		w.t.Fatalf("git %v: %v\n%s", args, err, out)
	}
	return out
}

func (w *forgetWS) gitTry(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = w.root
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func (w *forgetWS) write(rel, content string) {
	w.t.Helper()
	p := filepath.Join(w.root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

func (w *forgetWS) read(rel string) string {
	data, err := os.ReadFile(filepath.Join(w.root, filepath.FromSlash(rel)))
	if err != nil {
		w.t.Fatal(err)
	}
	return string(data)
}

func (w *forgetWS) commit(msg string) string {
	w.t.Helper()
	w.n++
	w.git("add", "-A")
	w.git("commit", "-q", "-m", msg, "--date", "2026-03-0"+string(rune('0'+w.n))+"T10:00:00Z")
	return strings.TrimSpace(w.git("rev-parse", "HEAD"))
}

func (w *forgetWS) carnet(stdin string, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(append([]string{"--root", w.root}, args...), strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

// build makes the history: main holds the key in a log, a code commit goes between, tag v1,
// then dev adds it to long memory; main goes on without it.
func (w *forgetWS) build() (before string) {
	w.write(".gitignore", "memory_sessions/logs/.debug/\n")
	w.write("src/main.go", "package main\n")
	w.write("memory_sessions/long_memory.md", "# Mémoire long terme — root\n\n## 2026-03-01\n- Le hook lit le transcript depuis la fin.\n")
	before = w.commit("start")
	w.write("memory_sessions/logs/2026-03-02.md", "# Log session — 2026-03-02\n\n## Connaissances acquises\n- Le CI lit la clé dans GITHUB_TOKEN.\n- Le token de test est "+forgetKey+" (à changer)\n  - utilisé par le script de release\n- Le build prend 40 s.\n\n## À suivre\n- Mettre la clé dans le coffre.\n")
	w.commit("memory(root): add 3 bullets\n\n- Le token de test est " + forgetKey + " (à changer)\n\nCarnet-Writer: cli")
	w.write("src/main.go", "package main\n\nfunc main() {}\n")
	w.commit("code: main")
	w.git("tag", "-a", "v1", "-m", "first release")
	w.git("switch", "-q", "-c", "dev")
	w.write("memory_sessions/long_memory.md", "# Mémoire long terme — root\n\n## 2026-03-01\n- Le hook lit le transcript depuis la fin.\n\n## 2026-03-03\n- La clé "+forgetKey+" ouvre le dépôt de test.\n- Les tests tournent en 8 s.\n")
	w.commit("memory(root): dev learns")
	w.git("switch", "-q", "main")
	w.write("memory_sessions/logs/2026-03-04.md", "# Log session — 2026-03-04\n\n## Travail produit\n- Réécriture du lecteur.\n")
	w.commit("memory(root): main goes on")
	return before
}

func TestForgetWithoutPurgeSaysHistoryHasIt(t *testing.T) {
	w := newForgetWS(t)
	w.build()
	code, out, errs := w.carnet("", "forget", forgetKey)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	log := w.read("memory_sessions/logs/2026-03-02.md")
	if strings.Contains(log, forgetKey) || strings.Contains(log, "utilisé par le script") || !strings.Contains(log, "Le build prend 40 s.") {
		t.Fatalf("the log after forget:\n%s", log)
	}
	if !strings.Contains(out, "committed ") || !strings.Contains(out, "git history still has it: branches dev, main; tags v1") {
		t.Fatalf("output:\n%s", out)
	}
	if msg := w.git("log", "-1", "--format=%B"); strings.Contains(msg, forgetKey) || !strings.Contains(msg, "forget 2 lines from logs/2026-03-02.md") {
		t.Fatalf("the forget commit's message: %q", msg)
	}
	// a text nowhere: an error, the close bullets named, nothing changed
	head := w.git("rev-parse", "HEAD")
	code, _, errs = w.carnet("", "forget", "le build prend")
	if code != 1 || !strings.Contains(errs, "no memory file of root holds") || !strings.Contains(errs, "close: memory_sessions/logs/2026-03-02.md: Le build prend 40 s.") {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if w.git("rev-parse", "HEAD") != head {
		t.Fatal("a failed forget made a commit")
	}
}

func TestForgetPurgeAcrossTwoBranchesAndATag(t *testing.T) {
	w := newForgetWS(t)
	before := w.build()
	bare := filepath.Join(t.TempDir(), "origin.git")
	w.git("init", "-q", "--bare", bare)
	w.git("remote", "add", "origin", bare)
	w.git("push", "-q", "origin", "main", "dev")
	w.git("fetch", "-q", "origin")

	// refused on a dirty work tree, nothing changed
	w.write("src/main.go", "package main // wip\n")
	refs := w.git("for-each-ref")
	code, _, errs := w.carnet("", "forget", "--purge", "--yes", forgetKey)
	if code != 1 || !strings.Contains(errs, "uncommitted changes (src/main.go)") {
		t.Fatalf("dirty: exit %d: %s", code, errs)
	}
	if w.git("for-each-ref") != refs || !strings.Contains(w.read("memory_sessions/logs/2026-03-02.md"), forgetKey) {
		t.Fatal("a refused purge changed something")
	}
	w.git("checkout", "--", "src/main.go")
	// not on a terminal without --yes: asks nothing, does nothing
	if code, _, errs := w.carnet("", "forget", "--purge", forgetKey); code != 1 || !strings.Contains(errs, "--yes") {
		t.Fatalf("no terminal: exit %d: %s", code, errs)
	}

	oldMain := strings.Fields(w.git("rev-list", "--topo-order", "main"))
	oldDev := strings.Fields(w.git("rev-list", "--topo-order", "dev"))
	code, out, errs := w.carnet("", "forget", "--purge", "--yes", forgetKey)
	if code != 0 {
		t.Fatalf("purge: exit %d: %s\n%s", code, errs, out)
	}
	for _, want := range []string{"took it out of 1 file", "rewrote ", "backup: refs/carnet/backup/",
		"origin still holds it on dev, main", "git push --force-with-lease origin dev main", "git push --force origin tag v1", "carnet forget --confirm"} {
		if !strings.Contains(out, want) {
			t.Errorf("purge output lacks %q:\n%s", want, out)
		}
	}
	if st := w.git("status", "--porcelain"); st != "" {
		t.Fatalf("work tree not clean after the purge:\n%s", st)
	}

	// every rewritten commit: the same tree outside memory, the same author and date, and
	// every line of memory but the key's bullets as it was
	newMain := strings.Fields(w.git("rev-list", "--topo-order", "main"))
	newDev := strings.Fields(w.git("rev-list", "--topo-order", "dev"))
	if len(newMain) != len(oldMain)+1 || len(newDev) != len(oldDev) { // main gained the forget commit
		t.Fatalf("commits: main %d → %d, dev %d → %d", len(oldMain), len(newMain), len(oldDev), len(newDev))
	}
	pairs := map[string]string{}
	for i, o := range oldMain {
		pairs[o] = newMain[i+1]
	}
	for i, o := range oldDev {
		pairs[o] = newDev[i]
	}
	if pairs[before] != before {
		t.Fatal("the commit before the key was rewritten")
	}
	rewritten := 0
	for o, n := range pairs {
		if o != n {
			rewritten++
		}
		for _, sub := range []string{"src", ".gitignore"} {
			if a, b := w.git("rev-parse", o+":"+sub), w.git("rev-parse", n+":"+sub); a != b {
				t.Fatalf("%s differs between %s and %s", sub, o[:7], n[:7])
			}
		}
		if a, b := w.git("log", "-1", "--format=%an%ae%ad%cd%s", o), w.git("log", "-1", "--format=%an%ae%ad%cd%s", n); a != b && !strings.Contains(a, forgetKey) {
			t.Fatalf("commit %s: %q became %q", o[:7], a, b)
		}
		for f := range strings.FieldsSeq(w.git("ls-tree", "-r", "--name-only", o, "--", "memory_sessions")) {
			var want []string
			skip := false
			for l := range strings.Lines(w.git("show", o+":"+f)) {
				switch {
				case strings.Contains(l, forgetKey):
					skip = true // the bullet goes with its nested line
				case skip && strings.HasPrefix(l, "  "):
				default:
					skip = false
					want = append(want, l)
				}
			}
			if got := w.git("show", n+":"+f); got != strings.Join(want, "") {
				t.Fatalf("%s in %s:\n%s\nwant\n%s", f, n[:7], got, strings.Join(want, ""))
			}
		}
	}
	if rewritten != 4 {
		t.Fatalf("%d commits rewritten, want the 4 from the first holding the key", rewritten)
	}
	if tag := w.git("cat-file", "-p", "v1"); !strings.Contains(tag, "first release") || !strings.Contains(tag, "object "+pairs[oldMain[1]]) {
		t.Fatalf("tag v1 does not point at the rewritten commit:\n%s", tag)
	}

	// confirmed: the backup goes, and git finds the key in no memory of any ref
	w.git("remote", "remove", "origin") // as if the rewrite was pushed
	code, out, errs = w.carnet("", "forget", "--confirm")
	if code != 0 || !strings.Contains(out, "dropped refs/carnet/backup/") || !strings.Contains(out, "gone from this repository") {
		t.Fatalf("confirm: exit %d: %s\n%s", code, errs, out)
	}
	if logAll := w.git("log", "-p", "--all", "--", "memory_sessions"); strings.Contains(logAll, forgetKey) {
		t.Fatalf("git log -p --all -- memory_sessions still shows the key:\n%s", logAll)
	}
	allRefs := strings.Fields(w.git("for-each-ref", "--format=%(refname)"))
	if slices.ContainsFunc(allRefs, func(r string) bool { return strings.HasPrefix(r, "refs/carnet/") }) {
		t.Fatalf("refs left: %v", allRefs)
	}
	for c := range strings.FieldsSeq(w.git("rev-list", "--all")) {
		if out, err := w.gitTry("grep", "-F", forgetKey, c); err == nil {
			t.Fatalf("git grep finds the key in %s:\n%s", c, out)
		}
	}
	if code, out, _ := w.carnet("", "forget", "--confirm"); code != 0 || !strings.Contains(out, "no backup to drop") {
		t.Fatalf("a second confirm: %d %s", code, out)
	}
}

func TestForgetPurgeRestore(t *testing.T) {
	w := newForgetWS(t)
	w.build()
	main := strings.TrimSpace(w.git("rev-parse", "main"))
	dev := strings.TrimSpace(w.git("rev-parse", "dev"))
	if code, out, errs := w.carnet("", "forget", "--purge", "--dry-run", forgetKey); code != 0 ||
		!strings.Contains(out, "would take out of memory_sessions/logs/2026-03-02.md") || !strings.Contains(out, "the purge rewrites dev, main, tag v1") {
		t.Fatalf("dry run: exit %d %s\n%s", code, errs, out)
	}
	if strings.TrimSpace(w.git("rev-parse", "main")) != main {
		t.Fatal("the dry run changed main")
	}
	if code, _, errs := w.carnet("", "forget", "--purge", "--yes", forgetKey); code != 0 {
		t.Fatal(errs)
	}
	code, out, errs := w.carnet("", "forget", "--restore")
	if code != 0 || !strings.Contains(out, "restored dev, main, tag v1") {
		t.Fatalf("restore: exit %d %s\n%s", code, errs, out)
	}
	// main comes back to the forget commit made before the rewrite (the files stay forgotten)
	if got := strings.TrimSpace(w.git("rev-parse", "dev")); got != dev {
		t.Fatalf("dev = %s, want %s", got, dev)
	}
	if got := strings.TrimSpace(w.git("rev-parse", "main~1")); got != main {
		t.Fatalf("main~1 = %s, want the old main %s", got, main)
	}
	if st := w.git("status", "--porcelain"); st != "" || strings.Contains(w.read("memory_sessions/logs/2026-03-02.md"), forgetKey) {
		t.Fatalf("after restore: status %q", st)
	}
}
