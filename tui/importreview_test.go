package tui

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"carnet/memstore"
	"carnet/promote"
)

// carnet import --review: the UI opens on the import's plan, reviewed as a promotion's.
func TestImportReview(t *testing.T) {
	t.Parallel()
	root := fixture(t)
	items := []promote.ImportItem{
		{Source: "Claude Code memory a.md", Dest: promote.ToLongMemory, Text: "Le dépôt de test est sur le NAS. <!-- agent:claude -->"},
		{Source: "engram observation #1", Dest: promote.ToToday, Key: memstore.KeyDecisions, Text: "Les commandes sont idempotentes."},
	}
	dark := true
	m := New(Options{Root: root, Project: "cmms_doc", Now: func() time.Time { return testNow }, Dark: &dark, Editor: "true", Lang: "en",
		Import: func(p *memstore.Project, now time.Time) (*promote.Plan, error) {
			return promote.ComputeImport(p, items, now)
		}})
	m.c.static = true
	m.tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	h := &harness{t: t, m: m}
	h.run(m.Init())
	h.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	s := topIs[*review](h, "the UI opens on")
	if s.imp == nil || s.plan == nil || len(s.plan.Changes) != 2 {
		t.Fatalf("not the import's plan: %+v", s.plan)
	}
	h.contains("Import into cmms_doc", "import 1 fact into long memory, 1 bullet into today's log")
	h.press("w")
	topIs[*memory](h, "after apply the screen is")
	h.contains("Imported, committed")
	lm := readFile(t, filepath.Join(root, "projects/cmms_doc/memory_sessions/long_memory.md"))
	if !strings.Contains(lm, "Le dépôt de test est sur le NAS.") {
		t.Fatal("the fact is not in long memory")
	}
}
