package promote

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// A learning about a file deleted since is not made durable; one whose file is still there,
// or that names nothing, is.
// gitAt is git with more variables (dates).
func (w *ws) gitAt(t testing.TB, env []string, args ...string) {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = w.root
	cmd.Env = append(append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null"), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

func TestPlanLeavesGoneFactsOut(t *testing.T) {
	t.Parallel()
	w := newWS(t)
	w.gitInit(t)
	w.write(t, "legacy.js", "function parse() {}\n")
	w.write(t, "kept.go", "package kept\n")
	w.git(t, "add", "-A")
	at := func(n int) []string {
		stamp := fmt.Sprintf("%s 10:00:00", day(n))
		return []string{"GIT_COMMITTER_DATE=" + stamp, "GIT_AUTHOR_DATE=" + stamp}
	}
	w.gitAt(t, at(45), "commit", "-q", "-m", "code")
	w.write(t, logRel(40), "# Log session — "+day(40)+"\n\n## Connaissances acquises\n- `legacy.js` lit le vieux format.\n- `kept.go` garde le reste.\n- `legacy.js` et `kept.go` se partagent le travail.\n- Un fait sans fichier.\n")
	w.git(t, "rm", "-q", "legacy.js")
	w.gitAt(t, at(35), "commit", "-q", "-m", "drop legacy.js")
	pl, err := Compute(w.p, Options{}, testNow)
	must(t, err)
	var facts []string
	for _, f := range pl.Facts {
		facts = append(facts, f.Text)
	}
	if got := strings.Join(facts, " | "); got != "`kept.go` garde le reste. | `legacy.js` et `kept.go` se partagent le travail. | Un fait sans fichier." {
		t.Errorf("facts proposed: %s", got)
	}
	if len(pl.Notes) != 1 || !strings.Contains(pl.Notes[0], "what it names is gone (`legacy.js` deleted in ") {
		t.Errorf("notes: %q", pl.Notes)
	}
}
