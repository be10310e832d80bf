package tui

import (
	"path/filepath"
	"strings"
	"testing"
)

// r on a 2,500-character open item edits it in a field that wraps, so the whole item is on
// screen, not its last hundred characters; the edit is written and committed whole.
func TestItemsEditA2500CharacterItem(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	today := filepath.Join(root, project(t, root, "cmms_doc").LogPath("2026-03-22"))
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

// a adds a bullet to the section under the cursor, in a log or in long memory, through the
// write path: written, committed; a secret is refused, the status says why, the text stays.
func TestCurateAddABullet(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	p := project(t, root, "cmms_doc")
	h := newHarness(t, root, true)
	curateAt(t, h, "Glossaire complété")
	h.press("a")
	h.contains("Add to “")
	h.typeText("Index des termes relu avec le client.")
	h.press("enter")
	h.contains("Added a bullet to", "committed")
	log := readFile(t, filepath.Join(root, p.LogPath("2026-03-22")))
	if !strings.Contains(log, "- Glossaire complété") || !strings.Contains(log, "- Index des termes relu avec le client.\n") {
		t.Fatalf("a did not add the bullet:\n%s", log)
	}
	if s := git(t, root, "log", "-1", "--format=%s"); s != "memory(cmms_doc): add a bullet to cmms_doc\n" {
		t.Fatalf("commit: %q", s)
	}

	h.press("esc", "k", "k", "c") // long memory
	topIs[*curate](h, "c on long memory")
	before := readFile(t, filepath.Join(root, p.LongMemoryPath()))
	h.press("a")
	token := "ghp_" + strings.Repeat("a1B2c3D4e5", 4)
	h.typeText("Le jeton CI est " + token)
	h.press("enter")
	h.contains("refused:", "Add to “", "characters")
	if got := topIs[*curate](h, "after a refusal").prompt.input.Value(); got != "Le jeton CI est "+token {
		t.Fatalf("the field lost the text: %q", got)
	}
	if readFile(t, filepath.Join(root, p.LongMemoryPath())) != before {
		t.Fatal("a refused bullet was written")
	}
	h.press("esc", "a")
	h.typeText("Les captures sont en PNG.")
	h.press("enter")
	h.contains("Added a bullet to")
	if !strings.Contains(readFile(t, filepath.Join(root, p.LongMemoryPath())), "- Les captures sont en PNG.\n") {
		t.Fatal("a did not add to long memory")
	}
}

// y copies what is under the cursor (OSC 52) and says so: a bullet, a file's path, a commit.
func TestCopyWithY(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture(t), true)
	h.press("enter", "j", "j", "y")
	h.contains("Copied the path “projects/cmms_doc/memory_sessions/logs/2026-03-22.md” to the clipboard (OSC 52)")
	if h.clipboard != "projects/cmms_doc/memory_sessions/logs/2026-03-22.md" {
		t.Fatalf("clipboard: %q", h.clipboard)
	}
	h.press("esc")
	s := curateAt(t, h, "Glossaire complété")
	i, _ := s.list.selected()
	h.press("y")
	if h.clipboard != s.rows[i].ref.text {
		t.Fatalf("clipboard: %q, want the bullet", h.clipboard)
	}
	h.contains("Copied the bullet")
	h.press("esc", "t", "j", "y")
	tl := topIs[*timeline](h, "t")
	j, _ := tl.list.selected()
	if hash := tl.commit(j).Hash; h.clipboard != hash || len(hash) != 40 {
		t.Fatalf("clipboard: %q, want the commit %q", h.clipboard, hash)
	}
	h.contains("Copied the commit hash")
}
