package tui

import (
	"strings"
	"testing"
)

// r on a 2,500-character open item edits it in a field that wraps, so the whole item is on
// screen, not its last hundred characters; the edit is written and committed whole.
func TestItemsEditA2500CharacterItem(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	today := project(t, root, "cmms_doc").LogPath("2026-03-22")
	long := "Début " + strings.Repeat("étape ", 416) + "fin"
	if n := len([]rune(long)); n < 2500 {
		t.Fatalf("the item is %d characters", n)
	}
	appendTo(t, today, "", "## À suivre", "- "+long)
	h := newHarness(t, root, true)
	h.press("o")
	s := topIs[*items](h, "o")
	for i, r := range s.rows {
		if r.header == "" && strings.HasPrefix(r.item.Text, "Début") {
			s.list.cursor = i
		}
	}
	h.press("r")
	h.contains("Edit item:", "2505 characters", "enter saves")
	if n := strings.Count(h.plain(), "étape étape étape"); n < promptMaxRows {
		t.Fatalf("the edit field shows %d rows of the item, want %d:\n%s", n, promptMaxRows, h.plain())
	}
	h.typeText(" Relu.")
	h.press("enter")
	h.contains("Edited an item", "committed")
	want := "- " + long + " Relu.\n"
	if !strings.Contains(readFile(t, today), want) {
		t.Fatal("the edited item is not whole on disk")
	}
	if !strings.Contains(git(t, root, "show", "HEAD:projects/cmms_doc/memory_sessions/logs/2026-03-22.md"), want) {
		t.Fatal("the committed item is not whole")
	}
}
