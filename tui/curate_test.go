package tui

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestCurateLog(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	h := newHarness(t, root, true)
	h.press("enter", "j", "j", "c") // today's log of cmms_doc
	s := topIs[*curate](h, "c opened")
	h.contains("2026-03-22.md", "Contexte", "Connaissances acquises", "•")
	// move the first "Travail produit" bullet to long memory
	for i, r := range s.rows {
		if r.header == "" && r.ref.key == "travail" {
			s.list.cursor = i
			break
		}
	}
	i, _ := s.list.selected()
	ref := s.rows[i].ref
	h.press("m")
	h.contains("Moved a bullet to long-term memory")
	if strings.Contains(readFile(t, filepath.Join(root, ref.path)), ref.text) {
		t.Fatal("the bullet is still in the log")
	}
	long := readFile(t, filepath.Join(root, s.p.LongMemoryPath()))
	if !strings.Contains(long, "## 2026-03-22") || !strings.Contains(long, "- "+ref.text) {
		t.Fatalf("long memory lacks the bullet under today:\n%s", long[len(long)-400:])
	}
	// delete asks first
	i, _ = s.list.selected()
	ref = s.rows[i].ref
	h.press("d")
	h.contains("Delete “")
	h.press("y")
	if strings.Contains(readFile(t, filepath.Join(root, ref.path)), "- "+ref.text+"\n") {
		t.Fatal("delete did not remove the bullet")
	}
	// a bullet long memory already has
	for i, r := range s.rows {
		if r.header == "" && r.ref.key == "connaissances" {
			s.list.cursor = i
			break
		}
	}
	h.press("m")
	h.contains("Long-term memory already says this")
	// edit
	i, _ = s.list.selected()
	ref = s.rows[i].ref
	h.press("r", "ctrl+c")
	if !h.quit {
		t.Fatal("ctrl+c in a prompt does not quit")
	}
}

func TestCurateLongMemoryCannotMove(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("enter", "c")
	h.contains("long_memory.md")
	h.press("m")
	h.contains("already in long-term memory")
}

func TestCurateGolden(t *testing.T) {
	t.Parallel()
	goldens(t, shared(t), "enter", "j", "j", "c", "j")
}
