package tui

import (
	"os"
	"strings"
	"testing"

	"carnet/memstore"
)

// newRepo is a new git repository, no commit yet, with carnet's layout (in English) and what
// the CLI wrote without committing it (autocommit is off): a decision in today's log and a
// fact in long memory.
func newRepo(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	git(t, root, "init", "-q")
	if _, err := memstore.InitIn(root, "", "en"); err != nil {
		t.Fatal(err)
	}
	ws, err := memstore.Open(root)
	if err != nil {
		t.Fatal(err)
	}
	var e memstore.Extraction
	e.Add(memstore.KeyDecisions, "Cache greetings per locale")
	e.Add(memstore.KeyLongTerm, "The API is v3")
	if _, err := ws.Projects[0].Merge(e, memstore.Change{Writer: "cli", Commit: memstore.CommitOnAutocommit, Now: testNow}); err != nil {
		t.Fatal(err)
	}
	return root
}

// The UI commits what a person does in it; the files the CLI left uncommitted are committed
// first, as they were, with a message that says so plainly (it read "keep 2026-03-22.md,
// long_memory.md as it was before: move a bullet…").
func TestUIFirstCommitInANewRepository(t *testing.T) {
	t.Parallel()
	root := newRepo(t)
	h := newHarness(t, root, true)
	h.press("enter")
	m := topIs[*memory](h, "enter opened")
	for i, e := range m.entries {
		if strings.HasSuffix(m.path(&e), "2026-03-22.md") {
			m.list.cursor = i
		}
	}
	h.press("c")
	s := topIs[*curate](h, "c opened")
	for i, r := range s.rows {
		if r.ref.text == "Cache greetings per locale" {
			s.list.cursor = i
		}
	}
	h.press("m")
	h.contains("Moved a bullet to long-term memory", "committed")
	log := git(t, root, "log", "--format=%s%n%b--")
	want := "memory(root): commit 2026-03-22.md and long_memory.md as they were left uncommitted\n" +
		"Written by the hook, the MCP server or the CLI, which commit only with [hook] autocommit = true; committed as they were, before: move a bullet of root to long-term memory\n"
	if !strings.Contains(log, want) {
		t.Errorf("the first commit should say what it holds and why:\n%s", log)
	}
	if strings.Contains(log, "as it was before") {
		t.Errorf("the old wording:\n%s", log)
	}
	if _, err := os.Stat(root + "/.git"); err != nil {
		t.Fatal(err)
	}
}

// A change the UI cannot commit says why in the status line (it said nothing of git).
func TestUIChangeOutsideGitSaysItIsNotCommitted(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	if _, err := memstore.InitIn(root, "", "en"); err != nil {
		t.Fatal(err)
	}
	ws, _ := memstore.Open(root)
	var e memstore.Extraction
	e.Add(memstore.KeyNext, "Write the docs")
	if _, err := ws.Projects[0].Merge(e, memstore.Change{Writer: "cli", Now: testNow}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, root, true)
	h.press("enter", "o", "space", "enter")
	h.contains("not committed: not a git repository")
}
