package tui

import (
	"os/exec"
	"strings"
	"testing"
)

func TestTimelineCommitsAndDiff(t *testing.T) {
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

func TestTimelineGolden(t *testing.T) { goldens(t, shared(t), "t", "j") }
