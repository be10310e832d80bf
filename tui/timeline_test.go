package tui

import (
	"os/exec"
	"strings"
	"testing"
)

func TestTimelineCommitsAndDiff(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	h := newHarness(t, root, true)
	h.press("t")
	s := topIs[*timeline](h, "t opened")
	if !s.hasPending() {
		t.Fatal("the fixture's last session should be uncommitted")
	}
	h.contains("● uncommitted", "Uncommitted changes", "C commits them", "commits")
	h.press("j")
	h.contains("Camille", "diff --git", "@@")
	if s.diffFor == pendingRow || s.diffFor == "" {
		t.Fatalf("diff shown for %q", s.diffFor)
	}
	h.press("tab", "j", "j")
	if s.diff.YOffset() != 2 {
		t.Fatalf("j in the diff pane: offset %d", s.diff.YOffset())
	}
	h.press("esc", "g", "C")
	h.contains("Committed", "memory(cmms_doc): update")
	if s.hasPending() {
		t.Fatal("still pending after C")
	}
	out, _ := exec.Command("git", "-C", root, "status", "--porcelain", "projects/cmms_doc").CombinedOutput()
	if strings.TrimSpace(string(out)) != "" {
		t.Fatalf("git status after C:\n%s", out)
	}
	h.press("C")
	h.contains("! nothing to commit")
	h.lacks("✓ nothing to commit") // nothing was done: no success mark
}

func TestTimelineWithoutGit(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	if err := removeAll(root + "/.git"); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root, true)
	h.press("t")
	topIs[*projects](h, "t without git opened")
	h.contains("! no timeline", "not in a git repository")
	h.lacks("✓ no timeline")
}

func TestTimelineGolden(t *testing.T) {
	t.Parallel()
	goldens(t, shared(t), "t", "j")
}

// Under 90 columns the pane beside a list is not drawn: tab then shows it alone, full width,
// instead of giving the keyboard to a pane nobody sees; tab or esc comes back to the list.
func TestNarrowPaneTakesTheScreen(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.send(windowSize(80, 24))
	h.lacks("╭") // projects: the list alone
	h.press("tab")
	h.contains("╭", "Long-term memory · cmms_doc")
	h.lacks("PROJECT")
	h.press("tab")
	h.contains("PROJECT")
	h.press("t")
	topIs[*timeline](h, "t")
	h.lacks("╭")
	h.press("tab")
	h.contains("╭", "Diff")
	if body := strings.Join(strings.Split(h.plain(), "\n")[2:23], "\n"); maxWidth(body) != 80 {
		t.Fatalf("narrow diff is %d wide:\n%s", maxWidth(body), body)
	}
	h.press("esc")
	topIs[*timeline](h, "esc from the diff")
	h.lacks("╭")
	h.press("esc", "p")
	s := topIs[*review](h, "p")
	h.lacks("╭")
	for i := 0; i < len(s.plan.Changes) && len(s.change().Hunks) == 0; i++ {
		h.press("j")
	}
	h.press("enter")
	h.contains("╭", "hunk 1/")
	h.press("esc")
	h.lacks("╭")
}
