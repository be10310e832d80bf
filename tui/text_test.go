package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// selectLog moves the memory list's cursor to the log of date.
func selectLog(t *testing.T, h *harness, date string) {
	t.Helper()
	m := topIs[*memory](h, "the project")
	for range m.list.count() {
		if strings.Contains(h.plain(), "› "+date) {
			return
		}
		h.press("j")
	}
	t.Fatalf("no log %s in the list:\n%s", date, h.plain())
}

// A byte order mark is not drawn; a binary log is listed as such and never drawn; a Latin-1
// log shows � for what is not UTF-8 and the pane's border stays where it is.
func TestOddFilesDrawCleanly(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	logs := filepath.Dir(filepath.Join(root, project(t, root, "cmms_doc").LogPath("2026-03-22")))
	files := map[string]string{
		"2026-03-18.md": "\x00\x01\x1b[2J\x1b[31mgarbage\xff\xfe\x1b]0;title\x07",
		"2026-03-17.md": "\ufeff# Log session — 2026-03-17\n\n## Contexte\n- Une marque d'ordre des octets.\n",
		"2026-03-16.md": "# Log session — 2026-03-16\n\n## Contexte\n- Caf\xe9 cr\xe8me \x1b[31mrouge\n",
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(logs, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, root, true)
	h.press("enter")
	selectLog(t, h, "2026-03-18")
	h.contains("binary, not shown", "A binary file: not shown.")
	if v := h.view(); strings.Contains(v, "garbage") || strings.Contains(v, "\x1b[2J") || strings.Contains(v, "\x1b]0;") {
		t.Fatalf("the binary file is drawn:\n%q", v)
	}
	h.press("c")
	h.contains("binary, not shown")
	h.press("esc")
	selectLog(t, h, "2026-03-17")
	h.contains("Log session — 2026-03-17", "Une marque d'ordre des octets.")
	if strings.Contains(h.view(), "\ufeff") {
		t.Fatal("the byte order mark is drawn")
	}
	selectLog(t, h, "2026-03-16")
	h.contains("Caf� cr�me")
	if strings.Contains(h.view(), "\x1b[31mrouge") {
		t.Fatal("an escape sequence of the file reached the terminal")
	}
	for i, l := range strings.Split(h.view(), "\n") {
		if w := ansi.StringWidth(l); w != 120 && strings.Contains(l, "│") {
			t.Fatalf("line %d is %d cells wide, the border moved: %q", i, w, ansi.Strip(l))
		}
	}
}

// Logs git has not got as they are carry ● in the list, with its legend; once a UI change
// commits the file, the mark goes.
func TestPendingLogsMarked(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture(t), true)
	h.press("enter")
	h.contains("● not committed", "2026-03-22 Sun ● ", "2026-03-21 Sat   ")
	h.press("esc")
	curateAt(t, h, "Glossaire complété")
	h.press("d", "y", "esc")
	topIs[*memory](h, "esc from curate")
	h.contains("2026-03-22 Sun   ")
}
