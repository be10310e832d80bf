package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"carnet/memstore"
)

// project opens one project of the workspace at root.
func project(t *testing.T, root, name string) *memstore.Project {
	t.Helper()
	ws, err := memstore.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ws.Project(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func git(t *testing.T, root string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", root}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// appendTo adds lines to a file as an agent's hook would (nothing committed).
func appendTo(t *testing.T, path string, lines ...string) {
	t.Helper()
	data := readFile(t, path)
	if err := os.WriteFile(path, []byte(data+strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// curateAt opens the curate screen of today's cmms_doc log with the cursor on the bullet
// whose text starts with prefix.
func curateAt(t *testing.T, h *harness, prefix string) *curate {
	t.Helper()
	h.press("enter", "j", "j", "c")
	s := topIs[*curate](h, "c opened")
	for i, r := range s.rows {
		if r.header == "" && r.nested == "" && strings.HasPrefix(r.ref.text, prefix) {
			s.list.cursor = i
			return s
		}
	}
	t.Fatalf("no bullet starting with %q in curate", prefix)
	return nil
}

// An edit of a bullet longer than what one CLI call may add keeps every character, on disk
// and in git.
func TestCurateEditKeepsALongBullet(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	today := filepath.Join(root, project(t, root, "cmms_doc").LogPath("2026-03-22"))
	long := "Long " + strings.Repeat("mot ", 620) + "fin."
	appendTo(t, today, "", "## Décisions", "- "+long)
	h := newHarness(t, root, true)
	curateAt(t, h, "Long mot")
	h.press("r")
	h.typeText(" Relu.")
	h.press("enter")
	h.contains("Edited a bullet")
	want := "- " + long + " Relu.\n"
	if !strings.Contains(readFile(t, today), want) {
		t.Fatalf("the edited bullet is not whole on disk (%d chars wanted)", len(want))
	}
	if !strings.Contains(git(t, root, "show", "HEAD:projects/cmms_doc/memory_sessions/logs/2026-03-22.md"), want) {
		t.Fatal("the committed bullet is not whole")
	}
}

// Deleting a bullet git has not got yet commits the file as it was first, so that git keeps
// it; u puts it back with a commit of its own.
func TestCurateDeleteUncommittedThenUndo(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	rel := "projects/cmms_doc/memory_sessions/logs/2026-03-22.md"
	if st := git(t, root, "status", "--porcelain", "--", rel); !strings.HasPrefix(st, "??") {
		t.Fatalf("today's log should be untracked: %q", st)
	}
	h := newHarness(t, root, true)
	s := curateAt(t, h, "Glossaire complété")
	i, _ := s.list.selected()
	ref := s.rows[i].ref
	h.press("d")
	h.contains("Delete “Glossaire complété", "(git keeps it; u undoes)")
	h.press("y")
	h.contains("Deleted a bullet", "u undoes")
	if strings.Contains(readFile(t, filepath.Join(root, ref.path)), ref.text) {
		t.Fatal("d y did not delete the bullet")
	}
	log := git(t, root, "log", "-2", "--format=%s")
	if !strings.Contains(log, "memory(cmms_doc): delete a bullet of cmms_doc\nmemory(cmms_doc): commit 2026-03-22.md as it was left uncommitted") {
		t.Fatalf("want the file kept first, then the deletion:\n%s", log)
	}
	if !strings.Contains(git(t, root, "show", "HEAD~1:"+rel), "- "+ref.text+"\n") {
		t.Fatal("git does not keep the deleted bullet")
	}
	before := git(t, root, "show", "HEAD~1:"+rel)

	h.press("u")
	h.contains("Undid “Deleted a bullet", "2026-03-22.md restored", "a revert: git log keeps both")
	if got := readFile(t, filepath.Join(root, ref.path)); got != before {
		t.Fatalf("u did not restore the file as it was:\n%s", got)
	}
	if s := git(t, root, "log", "-1", "--format=%s"); s != "memory(cmms_doc): undo: delete a bullet of cmms_doc\n" {
		t.Fatalf("undo commit: %q", s)
	}
	if st := git(t, root, "status", "--porcelain", "--", rel); st != "" {
		t.Fatalf("after undo the log is not committed: %q", st)
	}
	h.press("u") // a change made and undone: there was one, none is left
	h.contains("nothing left to undo: the change this session made is undone")
	h.lacks("changed nothing yet")
	h = newHarness(t, root, true)
	h.press("u")
	h.contains("nothing to undo: this session changed nothing yet")
}

// u refuses to undo over a file changed since (an agent wrote to it): nothing is lost.
func TestUndoRefusesAFileChangedSince(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	h := newHarness(t, root, true)
	s := curateAt(t, h, "Glossaire complété")
	i, _ := s.list.selected()
	path := filepath.Join(root, s.rows[i].ref.path)
	h.press("d", "y")
	appendTo(t, path, "- Ajout d'un agent.")
	h.press("u")
	h.contains("cannot undo", "changed since")
	if !strings.Contains(readFile(t, path), "Ajout d'un agent.") {
		t.Fatal("undo lost the agent's line")
	}
}

// d on a bullet with nested lines shows them and says they go with it.
func TestCurateDeleteSaysNestedLinesGoToo(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	today := filepath.Join(root, project(t, root, "cmms_doc").LogPath("2026-03-22"))
	appendTo(t, today, "", "## Décisions", "- Parent décidé.", "  - enfant un", "  - enfant deux", "- Autre décision.")
	h := newHarness(t, root, true)
	curateAt(t, h, "Parent décidé")
	h.contains("- enfant un", "- enfant deux")
	h.press("d")
	h.contains("Delete “Parent décidé.” and its 2 nested lines?")
	h.press("y")
	data := readFile(t, today)
	if strings.Contains(data, "enfant") || strings.Contains(data, "Parent") || !strings.Contains(data, "- Autre décision.") {
		t.Fatalf("d y:\n%s", data)
	}
}

// m files a bullet with its nested lines under its log's date; a secret stays in its log;
// a bullet long memory already has stays too and the notice quotes the line that says it.
func TestCurateMoveToLongMemory(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	p := project(t, root, "cmms_doc")
	log := filepath.Join(root, p.LogPath("2026-03-20"))
	appendTo(t, log, "", "## Décisions", "- Garder les captures en PNG.", "  - pas de JPEG", "- Le jeton est ghp_"+strings.Repeat("a1B2c3D4e5", 4))
	h := newHarness(t, root, true)
	h.press("enter")
	m := topIs[*memory](h, "enter opened")
	for i := range m.list.count() {
		h.press("j")
		if i > 60 || strings.Contains(h.plain(), "› 2026-03-20") {
			break
		}
	}
	h.press("c")
	s := topIs[*curate](h, "c opened")
	h.contains("2026-03-20.md")
	at := func(prefix string) {
		t.Helper()
		for i, r := range s.rows {
			if r.header == "" && r.nested == "" && strings.HasPrefix(r.ref.text, prefix) {
				s.list.cursor = i
				return
			}
		}
		t.Fatalf("no %q", prefix)
	}
	at("Le jeton")
	h.press("m")
	h.contains("secret guard")
	if !strings.Contains(readFile(t, log), "- Le jeton est ghp_") {
		t.Fatal("a refused move deleted the bullet from its log")
	}
	at("Garder les captures")
	h.press("m")
	h.contains("Moved a bullet to long-term memory")
	long := readFile(t, filepath.Join(root, p.LongMemoryPath()))
	_, under, _ := strings.Cut(long, "## 2026-03-20\n")
	under, _, _ = strings.Cut(under, "\n## ")
	if !strings.Contains(under, "- Garder les captures en PNG.\n  - pas de JPEG\n") {
		t.Fatalf("long memory lacks the bullet and its nested line under its log's date:\n%s", long[max(0, len(long)-300):])
	}
	if strings.Contains(readFile(t, log), "pas de JPEG") {
		t.Fatal("the moved bullet is still in its log")
	}
	// a bullet long memory already says
	appendTo(t, log, "- Le client pilote (Usine de Lyon) relit chaque chapitre avant publication.")
	h.press("esc", "c")
	s = topIs[*curate](h, "c opened again")
	at("Le client pilote")
	h.press("m")
	h.contains("Long-term memory already says this: “Le client pilote (Usine de Lyon)")
	if !strings.Contains(readFile(t, log), "- Le client pilote (Usine de Lyon)") {
		t.Fatal("the log lost a bullet long memory already had")
	}
}

// ctrl+c with ticks not applied asks, as q does; a second ctrl+c quits.
func TestCtrlCWithPendingTicksAsks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture(t), true)
	h.press("o", "space", "ctrl+c")
	if h.quit {
		t.Fatal("ctrl+c quit with a tick pending")
	}
	h.contains("Quit without applying 1 tick?")
	h.press("n")
	h.contains("1 ticked")
	h.press("ctrl+c", "y")
	if !h.quit {
		t.Fatal("y did not quit")
	}
	h = newHarness(t, fixture(t), true)
	h.press("o", "space", "ctrl+c", "ctrl+c")
	if !h.quit {
		t.Fatal("a second ctrl+c did not quit")
	}
}

// lazygit's model: q quits from any screen, esc (and h, ←) goes back and never quits; in a
// text field q is typed. Every footer and the help say so.
func TestEscNeverQuits(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("enter")
	topIs[*memory](h, "enter")
	h.contains("esc back", "q quit")
	h.lacks("q/esc")
	h.press("h")
	topIs[*projects](h, "h")
	h.press("enter", "left")
	topIs[*projects](h, "←")
	h.contains("q quit")
	h.lacks("esc back")
	h.press("/")
	h.typeText("mobq")
	h.press("esc", "esc", "esc")
	if h.quit {
		t.Fatal("esc or a q typed in the filter quit the UI")
	}
	topIs[*projects](h, "esc")
	h.contains("q quits")
	h.press("q")
	if !h.quit {
		t.Fatal("q does not quit from the projects")
	}
	for _, keys := range [][]string{{"enter", "o"}, {"enter", "j", "j", "enter"}, {"enter", "t"}, {"s"}, {"enter", "?"}} {
		h := newHarness(t, shared(t), true)
		h.press(keys...)
		if keys[0] == "s" {
			h.press("tab") // out of the query field
		}
		h.press("q")
		if !h.quit {
			t.Errorf("q after %v does not quit", keys)
		}
	}
}

// Under the smallest size the screens lay out in, the UI says so instead of a blank screen.
func TestTerminalTooSmall(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.send(windowSize(20, 5))
	if got := h.plain(); !strings.HasPrefix(got, "terminal too small") || maxWidth(got) > 20 || strings.Count(got, "\n") >= 5 {
		t.Fatalf("at 20×5:\n%s", got)
	}
	h.send(windowSize(80, 24))
	h.contains("cmms_doc")
}

// A "- [ ] task" item shows one box, and ticking it writes "- ✅ task"; with language = "en"
// the screen and the status name the English heading.
func TestTickTaskBoxInEnglish(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	today := filepath.Join(root, project(t, root, "cmms_doc").LogPath("2026-03-22"))
	data := strings.Replace(readFile(t, today), "## À suivre\n", "## À suivre\n- [ ] Relire le glossaire.\n", 1)
	if err := os.WriteFile(today, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "carnet.toml"), []byte("language = \"en\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// a file named like an impossible date is not a log
	if err := os.WriteFile(filepath.Join(filepath.Dir(today), "2026-13-45.md"), []byte("# x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root, true)
	h.press("enter")
	h.lacks("2026-13-45")
	h.press("o")
	s := topIs[*items](h, "o")
	for i, r := range s.rows {
		if r.header == "" && strings.Contains(r.item.Text, "Relire le glossaire") {
			s.list.cursor = i
		}
	}
	h.contains("[ ] Relire le glossaire.")
	h.lacks("[ ] [ ]")
	h.press("space")
	h.contains("enter moves them to Done")
	h.press("enter")
	h.contains("into Done")
	got := readFile(t, today)
	if !strings.Contains(got, "- ✅ Relire le glossaire.\n") || strings.Contains(got, "[ ]") {
		t.Fatalf("ticked:\n%s", got)
	}
}

// Clearing a filter keeps the cursor on its row.
func TestClearFilterKeepsTheRow(t *testing.T) {
	t.Parallel()
	h := newHarness(t, shared(t), true)
	h.press("/")
	h.typeText("mob")
	h.press("esc")
	h.contains("› mobile_app")
	h.press("/")
	h.typeText("comp")
	h.press("enter", "esc")
	h.contains("› competitors")
	h.press("enter")
	if m := topIs[*memory](h, "enter"); m.p.Name != "competitors" {
		t.Fatalf("enter opened %s", m.p.Name)
	}
}
