package tui

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"carnet/memstore"
	"carnet/promote"
)

// These run the whole UI in a real tea.Program (teatest) on a temporary workspace, with
// the file watcher on, and check what ends up on disk and in git.

func startApp(t *testing.T, root, project string) *teatest.TestModel {
	t.Helper()
	dark := true
	m := New(Options{Root: root, Project: project, Now: func() time.Time { return testNow }, Dark: &dark, Watch: true, Editor: "true", Lang: "en"})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 40),
		teatest.WithProgramOptions(tea.WithFilter(func(m tea.Model, msg tea.Msg) tea.Msg {
			if p, ok := msg.(probeMsg); ok { // runs on the program's goroutine: a safe look
				p <- ansi.Strip(m.(*Model).render())
				return nil
			}
			if p, ok := msg.(watchProbe); ok {
				p <- m.(*Model).watch != nil
				return nil
			}
			return msg
		})))
	t.Cleanup(func() { _ = tm.Quit() })
	return tm
}

// probeMsg asks the running program for its screen.
type probeMsg chan string

// watchProbe asks the running program whether its file watcher is set up.
type watchProbe chan bool

// waitWatching waits until the file watcher is set up (once the first counts are in).
func waitWatching(t *testing.T, tm *teatest.TestModel) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		ch := make(watchProbe, 1)
		tm.Send(ch)
		select {
		case ok := <-ch:
			if ok {
				return
			}
		case <-time.After(time.Second):
		}
	}
	t.Fatal("the file watcher was never set up")
}

// waitFor waits until the screen shows every text.
func waitFor(t *testing.T, tm *teatest.TestModel, texts ...string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	last := ""
	for time.Now().Before(deadline) {
		ch := make(probeMsg, 1)
		tm.Send(ch)
		select {
		case last = <-ch:
		case <-time.After(time.Second):
			continue
		}
		ok := true
		for _, x := range texts {
			ok = ok && strings.Contains(last, x)
		}
		if ok {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("the screen never showed %q:\n%s", texts, last)
}

func keys(tm *teatest.TestModel, ks ...string) {
	for _, k := range ks {
		tm.Send(keyMsg(k))
	}
}

func quit(t *testing.T, tm *teatest.TestModel) {
	t.Helper()
	tm.Send(keyMsg("ctrl+c"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

func gitOut(t *testing.T, root string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput()
	if err != nil {
		t.Skipf("git %v: %v", args, err)
	}
	return string(out)
}

func TestAppTickTwoItems(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	before := openItemsOf(t, root, "cmms_doc")
	tm := startApp(t, root, "")
	waitFor(t, tm, "cmms_doc", "competitors", "mobile_app")
	keys(tm, "o")
	waitFor(t, tm, "12 items open · 0 ticked")
	keys(tm, "space", "space")
	waitFor(t, tm, "12 items open · 2 ticked")
	keys(tm, "enter")
	waitFor(t, tm, "Ticked 2 items into Finalisé")
	quit(t, tm)

	after := openItemsOf(t, root, "cmms_doc")
	if len(after) != len(before)-2 {
		t.Fatalf("%d open items after ticking 2 of %d", len(after), len(before))
	}
	gone := 0
	for _, it := range before {
		still := false
		for _, a := range after {
			still = still || a.Text == it.Text && a.Path == it.Path
		}
		if !still {
			gone++
			if data := readFile(t, filepath.Join(root, it.Path)); !strings.Contains(data, "- ✅ "+it.Text) {
				t.Fatalf("%s lacks ✅ %s", filepath.Base(it.Path), it.Text)
			}
		}
	}
	if gone != 2 {
		t.Fatalf("%d items left À suivre", gone)
	}
	if log := gitOut(t, root, "log", "-1", "--format=%s"); !strings.Contains(log, "memory(cmms_doc): tick 2 items") {
		t.Fatalf("last commit: %s", log)
	}
}

func TestAppReviewRejectOneHunkAndApply(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	ws, err := memstore.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := ws.Project("cmms_doc")
	want, err := promote.Compute(p, promote.Options{}, testNow)
	if err != nil {
		t.Fatal(err)
	}
	lm := want.Changes[len(want.Changes)-1]
	if !strings.HasSuffix(lm.Path, "long_memory.md") || len(lm.Hunks) < 2 {
		t.Fatalf("the last change is not a condensed long memory: %s", lm.Path)
	}
	lm.Hunks[0].Accepted = false
	head := strings.TrimSpace(gitOut(t, root, "rev-parse", "HEAD"))

	tm := startApp(t, root, "")
	waitFor(t, tm, "cmms_doc")
	keys(tm, "p")
	waitFor(t, tm, "Promotion of cmms_doc", "Nothing is written until you apply")
	keys(tm, "G", "enter", "space")
	waitFor(t, tm, "✗ rejected")
	keys(tm, "esc", "w")
	waitFor(t, tm, "Promoted, committed")
	quit(t, tm)

	if got := readFile(t, filepath.Join(root, lm.Path)); got != string(lm.Content()) {
		t.Fatal("long memory is not the plan with its first hunk rejected")
	}
	if n := strings.TrimSpace(gitOut(t, root, "rev-list", "--count", head+"..HEAD")); n != "1" {
		t.Fatalf("%s commits made, want 1", n)
	}
	files := gitOut(t, root, "show", "--name-status", "--format=%s", "HEAD")
	for _, ch := range want.Changes {
		if !strings.Contains(files, ch.Path) {
			t.Fatalf("the commit lacks %s:\n%s", ch.Path, files)
		}
	}
	if strings.Contains(files, "competitors") || strings.Contains(files, "mobile_app") {
		t.Fatalf("the commit holds other projects:\n%s", files)
	}
}

func TestAppTimelineAndDiff(t *testing.T) {
	t.Parallel()
	root := shared(t)
	tm := startApp(t, root, "cmms_doc")
	waitFor(t, tm, "Daily logs")
	keys(tm, "t")
	waitFor(t, tm, "uncommitted", "Uncommitted changes")
	keys(tm, "j")
	waitFor(t, tm, "diff --git", "+++ b/projects/cmms_doc/memory_sessions")
	quit(t, tm)
}

func TestAppLiveRefresh(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	tm := startApp(t, root, "competitors")
	waitFor(t, tm, "Daily logs", "Mémoire long terme — competitors")
	keys(tm, "j", "j") // today's log, previewed
	waitFor(t, tm, "2026-03-22.md")
	waitWatching(t, tm)
	// an agent's hook writes in another terminal
	today := filepath.Join(root, "projects/competitors/memory_sessions/logs/2026-03-22.md")
	data, err := os.ReadFile(today)
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Replace(data, []byte("## Travail produit\n"), []byte("## Travail produit\n- Rafraîchissement en direct vérifié zèbre42.\n"), 1)
	if err := memstore.WriteFileAtomic(today, data); err != nil {
		t.Fatal(err)
	}
	waitFor(t, tm, "zèbre42")
	// and a new day's log appears in the list
	tomorrow := filepath.Join(root, "projects/competitors/memory_sessions/logs/2026-03-23.md")
	if err := os.WriteFile(tomorrow, []byte("# Log session — 2026-03-23\n\n## À suivre\n- Relancer le commercial.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, tm, "2026-03-23 Mon")
	quit(t, tm)
}

var _ tea.Model = (*Model)(nil)
