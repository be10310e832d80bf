package tui

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"carnet/memstore"
	"carnet/promote"
)

func TestReviewRejectHunkAndApply(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	h := newHarness(t, root, true)
	h.press("p")
	s := topIs[*review](h, "p opened")
	if s.plan == nil || s.plan.Empty() {
		t.Fatalf("no plan: %v", s.err)
	}
	h.contains("Promotion of cmms_doc", "archive", "move", "Nothing is written until you apply")
	// go to long memory, review its hunks, reject the first
	var lm *promote.Change
	for i, ch := range s.plan.Changes {
		if strings.HasSuffix(ch.Path, "long_memory.md") {
			s.list.cursor = i
			lm = ch
		}
	}
	if lm == nil || len(lm.Hunks) < 2 {
		t.Fatal("the plan does not condense long memory in several hunks")
	}
	h.press("enter")
	if !s.focusH {
		t.Fatal("enter does not go to the hunks")
	}
	h.press("space")
	if lm.Hunks[0].Accepted {
		t.Fatal("space did not reject the first hunk")
	}
	h.contains("✗ rejected", "[~]")
	before := readFile(t, filepath.Join(root, lm.Path))
	h.press("esc", "w")
	topIs[*memory](h, "after apply the screen is")
	h.contains("Promoted, committed")
	after := readFile(t, filepath.Join(root, lm.Path))
	if after == before {
		t.Fatal("long memory not written")
	}
	if string(lm.Content()) != after {
		t.Fatal("long memory is not the plan's content with the first hunk rejected")
	}
	out, err := exec.Command("git", "-C", root, "show", "--stat", "--format=%s", "HEAD").CombinedOutput()
	if err != nil {
		t.Skipf("git: %v", err)
	}
	if !strings.Contains(string(out), "long_memory.md") || !strings.Contains(string(out), "archives") {
		t.Fatalf("the commit:\n%s", out)
	}
}

func TestReviewNothingWrittenOnBack(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	lm := filepath.Join(root, "projects/cmms_doc/memory_sessions/long_memory.md")
	before := readFile(t, lm)
	h := newHarness(t, root, true)
	h.press("p", "A", "esc")
	if readFile(t, lm) != before {
		t.Fatal("leaving the review wrote long memory")
	}
	if _, err := os.Stat(filepath.Join(root, "projects/cmms_doc/memory_sessions/logs/archives/2026-03-11.md")); err == nil {
		t.Fatal("leaving the review archived a log")
	}
}

func TestReviewNothingToPromote(t *testing.T) {
	t.Parallel()
	root := oneLog(t, "# Log session — 2026-03-22\n\n## À suivre\n- Écrire le README.\n")
	h := newHarness(t, root, true)
	h.press("p")
	h.contains("Nothing to promote.", "No log is older than 30 days", "esc back", "q quit")
	// with no plan, the footer offers only the way back, not keys that would do nothing
	h.lacks("accept all", "apply & commit", "tab switch pane")
	h.press("?")
	h.lacks("accept all", "apply & commit", "next hunk")
}

func TestReviewGuardRefusal(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("p")
	s := h.top().(*review)
	s.plan.Refused = &promote.GuardError{Lost: []string{"a", "b", "c"}, Total: 10}
	h.press("w")
	h.contains("Refused: this plan drops 3 of the 10 long-term facts", "F to force", "refused by the guard")
}

func TestReviewGolden(t *testing.T) {
	t.Parallel()
	goldens(t, shared(t), "p", "G", "enter", "n", "space")
}

// Rejecting the carry of open items keeps the logs they come from where they are listed,
// and the status says what was applied, not what the plan proposed.
func TestReviewRejectCarryKeepsItsLog(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	before := openItemsOf(t, root, "cmms_doc")
	h := newHarness(t, root, true)
	h.press("p")
	s := topIs[*review](h, "p opened")
	if s.plan == nil || len(s.plan.Carried) == 0 {
		t.Fatalf("the plan carries nothing: %v", s.err)
	}
	from := map[string]bool{}
	for _, it := range s.plan.Carried {
		from[it.Date] = true
	}
	found := false
	for i, ch := range s.plan.Changes {
		if strings.HasSuffix(ch.Path, s.plan.Today+".md") && ch.Kind != promote.Move {
			s.list.cursor, found = i, true
		}
	}
	if !found {
		t.Fatal("no carry change in the plan")
	}
	h.press("space", "w")
	topIs[*memory](h, "after apply the screen is")
	h.contains("Promoted, committed", "not archived: the carry of")
	h.lacks("carried")
	logs := filepath.Join(root, "projects/cmms_doc/memory_sessions/logs")
	for date := range from {
		if _, err := os.Stat(filepath.Join(logs, date+".md")); err != nil {
			t.Fatalf("%s.md was archived with its open items not carried: %v", date, err)
		}
	}
	if after := openItemsOf(t, root, "cmms_doc"); len(after) != len(before) {
		t.Fatalf("%d open items listed after, %d before", len(after), len(before))
	}
	out, err := exec.Command("git", "-C", root, "show", "--stat", "--format=%s", "HEAD").CombinedOutput()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "archived") || strings.Contains(string(out), "carried") {
		t.Fatalf("the commit:\n%s", out)
	}
}

// Rejecting the hunk that condenses long memory's headings keeps every fact under its own
// date, and no two hunks share a line.
func TestReviewRejectHeadingHunkKeepsDates(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	h := newHarness(t, root, true)
	h.press("p")
	s := topIs[*review](h, "p opened")
	var lm *promote.Change
	for i, ch := range s.plan.Changes {
		if strings.HasSuffix(ch.Path, "long_memory.md") {
			s.list.cursor, lm = i, ch
		}
	}
	if lm == nil || !strings.Contains(strings.Join(lm.Hunks[0].Lines, "\n"), "+## Condensé") {
		t.Fatal("the first long-memory hunk does not condense headings")
	}
	end := 0
	for _, hk := range lm.Hunks {
		var from, n int
		if _, err := fmt.Sscanf(strings.Replace(hk.Header, ",", " ", 1), "@@ -%d %d", &from, &n); err != nil {
			n = 1
			fmt.Sscanf(hk.Header, "@@ -%d", &from)
		}
		if from <= end {
			t.Fatalf("hunk %s overlaps the one before (ending at line %d)", hk.Header, end)
		}
		end = from + n - 1
	}
	before := readFile(t, filepath.Join(root, lm.Path))
	h.press("enter", "space", "esc", "w")
	h.contains("Promoted, committed")
	after := readFile(t, filepath.Join(root, lm.Path))
	if strings.Contains(after, "## Condensé") {
		t.Fatal("the rejected condensation was applied")
	}
	was := dateOf(before)
	for text, date := range dateOf(after) {
		if d, ok := was[text]; ok && d != date {
			t.Fatalf("%q moved from ## %s to ## %s", text, d, date)
		}
	}
}

// dateOf maps each bullet of a long memory to the heading it is under.
func dateOf(data string) map[string]string {
	out := map[string]string{}
	d := memstore.ParseDoc([]byte(data))
	for _, sb := range d.AllBullets() {
		out[sb.Bullet.Text] = sb.Section.Heading
	}
	return out
}

// The promotion's hunks and the timeline's diff wrap long lines, so each can be read whole;
// the timeline names files relative to the memory folder, as carnet timeline does.
func TestDiffsWrapLongLines(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("p", "G", "enter")
	h.contains("calculé, jamais saisi : ne pas le montrer dans les formulaires.")
	h.press("esc", "esc", "t", "j")
	h.contains("M logs/2026-03-19.md")
	h.lacks("M projects/cmms_doc/memory_sessions/logs/")
	h.send(windowSize(100, 40))
	for l := range strings.Lines(h.plain()) {
		if strings.Contains(l, "…│") && strings.Contains(l, "│ ") && strings.Index(l, "…│") > 60 {
			t.Fatalf("a diff line is cut at 100 columns: %q", l)
		}
	}
}

// The review says why long memory loses a line: where a duplicate is kept, where a fact went.
func TestReviewSaysWhyALineGoes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("p", "G", "enter")
	s := topIs[*review](h, "p")
	ch := s.change()
	if ch == nil || len(ch.Why) == 0 {
		t.Fatalf("the long-memory change says no reason: %+v", ch)
	}
	text, _ := renderChange(s.c, ch, 0, true, 100)
	plain := ansi.Strip(text)
	for line, why := range ch.Why {
		if !strings.Contains(plain, "-"+line) {
			continue
		}
		if !strings.Contains(plain, "→ "+why) {
			t.Errorf("%q is removed without its reason %q:\n%s", line, why, plain)
		}
		break
	}
}
