package tui

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"carnet/memstore"
)

func openItemsOf(t *testing.T, root, project string) []memstore.OpenItem {
	t.Helper()
	ws, err := memstore.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ws.Project(project)
	if err != nil {
		t.Fatal(err)
	}
	its, err := p.OpenItems()
	if err != nil {
		t.Fatal(err)
	}
	return its
}

func TestItemsTickTwo(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	before := openItemsOf(t, root, "cmms_doc")
	h := newHarness(t, root, true)
	h.press("o")
	s := h.top().(*items)
	h.contains("12 items open · 0 ticked", "2026-03-22 Sun", "today", "[ ]")
	first, _ := s.list.selected()
	a := s.rows[first].item
	h.press("space") // ticks and moves down
	second, _ := s.list.selected()
	b := s.rows[second].item
	h.press("space")
	h.contains("12 items open · 2 ticked", "[✓]")
	h.press("enter")
	h.contains("Ticked 2 items into Finalisé", "committed", "10 items open · 0 ticked")
	after := openItemsOf(t, root, "cmms_doc")
	if len(after) != len(before)-2 {
		t.Fatalf("%d open items after ticking 2 of %d", len(after), len(before))
	}
	for _, it := range []memstore.OpenItem{a, b} {
		data := readFile(t, filepath.Join(root, it.Path))
		if !strings.Contains(data, "## Finalisé") || !strings.Contains(data, "- ✅ "+it.Text) {
			t.Fatalf("%s lacks ✅ %s:\n%s", filepath.Base(it.Path), it.Text, data)
		}
	}
	out, err := exec.Command("git", "-C", root, "log", "-1", "--format=%s", "--name-only").CombinedOutput()
	if err != nil {
		t.Skipf("git: %v", err)
	}
	if !strings.Contains(string(out), "memory(cmms_doc): tick 2 items") {
		t.Fatalf("last commit:\n%s", out)
	}
}

func TestItemsEnterWithNothingTicked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("o", "enter")
	h.contains("nothing ticked: space ticks an item, enter applies")
}

func TestItemsRewordAndDrop(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	h := newHarness(t, root, true)
	h.press("o")
	s := h.top().(*items)
	i, _ := s.list.selected()
	it := s.rows[i].item
	h.press("r")
	if !s.Capturing() {
		t.Fatal("r does not open the editor")
	}
	h.press("q") // typed, not obeyed
	h.typeText(" (avant vendredi)")
	h.press("enter")
	data := readFile(t, filepath.Join(root, it.Path))
	if !strings.Contains(data, "- "+it.Text+"q (avant vendredi)\n") {
		t.Fatalf("reword not written:\n%s", data)
	}
	h.contains("Edited an item")
	i, _ = s.list.selected()
	it = s.rows[i].item
	h.press("d")
	h.contains("Drop “", "y yes", "n no")
	h.press("n")
	if strings.Contains(readFile(t, filepath.Join(root, it.Path)), it.Text) == false {
		t.Fatal("n dropped the item")
	}
	h.press("d", "y")
	if strings.Contains(readFile(t, filepath.Join(root, it.Path)), it.Text) {
		t.Fatal("y did not drop the item")
	}
	h.contains("Dropped an item")
}

func TestItemsGolden(t *testing.T) {
	t.Parallel()
	goldens(t, shared(t), "o", "space", "j")
}

// Leaving the open items with ticks not applied asks first: they would be lost silently.
func TestItemsBackWithPendingTicksAsks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture(t), true)
	h.press("o")
	topIs[*items](h, "open items")
	h.press("space", "esc")
	topIs[*items](h, "open items after esc with a tick pending")
	h.contains("Leave without applying 1 tick?")
	h.press("n")
	topIs[*items](h, "open items after n")
	h.contains("1 ticked")
	h.press("esc", "y")
	topIs[*memory](h, "the project after y")
	h.press("o", "esc")
	topIs[*memory](h, "the project: nothing ticked, esc leaves at once")
	// q quits, but asks first too
	h.press("o", "space", "q")
	h.contains("Quit without applying 1 tick?")
	if h.quit {
		t.Fatal("q quit with a tick pending")
	}
	h.press("y")
	if !h.quit {
		t.Fatal("y did not quit")
	}
}

// An item a promotion carried into today's log is listed under the day it was first
// written, not under today.
func TestItemsCarriedKeepFirstDay(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	ws, err := memstore.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ws.Project("cmms_doc")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Write(memstore.Change{Writer: "test", What: "carry", Now: testNow}, func(tx *memstore.Tx) error {
		_, err := tx.AddBullet(memstore.KeyNext, "Relancer le fournisseur des capteurs (ouvert depuis le 2026-02-12)")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root, true)
	h.press("o")
	s := h.top().(*items)
	header := ""
	for _, r := range s.rows {
		if r.header != "" {
			header = r.header
			continue
		}
		if strings.Contains(r.item.Text, "Relancer le fournisseur") {
			break
		}
	}
	if header != "2026-02-12" {
		t.Errorf("the carried item is listed under %q, want its first day 2026-02-12", header)
	}
	h.contains("2026-02-12 Thu", "38 days ago", "Relancer le fournisseur des capteurs")
	h.lacks("ouvert depuis le")
}

// An edit the write path refuses (a secret) keeps the field open, with the text typed and
// the reason, in the open-items screen and in a file's bullets alike.
func TestRefusedEditKeepsTheText(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	h := newHarness(t, root, true)
	h.press("o")
	s := h.top().(*items)
	i, _ := s.list.selected()
	it := s.rows[i].item
	before := readFile(t, filepath.Join(root, it.Path))
	token := "ghp_" + strings.Repeat("a1B2c3D4e5", 4)
	h.press("r")
	h.typeText(" avec le jeton " + token)
	h.press("enter")
	if !s.Capturing() || s.prompt.input.Value() != it.Text+" avec le jeton "+token {
		t.Fatalf("the field closed or lost the text: open %v, %q", s.Capturing(), s.prompt.input.Value())
	}
	h.contains("Edit item:", "refused: looks like a GitHub token (memory is kept in git) — change the text, or esc")
	if readFile(t, filepath.Join(root, it.Path)) != before {
		t.Fatal("a refused edit was written")
	}
	// fixed in place, it saves; the reason goes with the refusal
	for range len(" avec le jeton " + token) {
		h.press("backspace")
	}
	h.typeText(" (jeton dans le coffre)")
	h.press("enter")
	h.contains("Edited an item")
	h.lacks("looks like a GitHub token")
	if !strings.Contains(readFile(t, filepath.Join(root, it.Path)), "- "+it.Text+" (jeton dans le coffre)\n") {
		t.Fatal("the fixed edit was not written")
	}

	h = newHarness(t, root, true)
	c := curateAt(t, h, "Glossaire complété")
	h.press("r")
	h.typeText(" " + token)
	h.press("enter")
	if !c.Capturing() || !strings.HasSuffix(c.prompt.input.Value(), " "+token) {
		t.Fatalf("curate: the field closed or lost the text: %q", c.prompt.input.Value())
	}
	h.contains("Edit bullet:", "refused:")
}
