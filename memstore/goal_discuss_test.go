package memstore

import (
	"strings"
	"testing"
)

// The day's goal that asks to analyse and discuss before any work gives way to the task the
// work then does, whatever its words: the discussion led to it. A goal that asks for work
// stays, and a turn that changed no file replaces nothing.
func TestMergeReplacesADiscussFirstGoalByTheTaskItLedTo(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		first      string
		work, kept bool
	}{
		{"請閱讀doc.md, 這是我的作業. 請先分析並且拋出一些 idea 我們先討論後再開始實作", true, false},
		{"Read spec.md and propose some ideas first, we discuss before implementing", true, false},
		{"Read spec.md and propose some ideas first, we discuss before implementing", false, true},
		{"Add a CSV export of the contacts table", true, true},
	} {
		_, p := newTestWorkspace(t, nil)
		now := Change{Now: day("2026-03-22")}
		steps := []Extraction{{Goal: []string{c.first}}, {Goal: []string{"Team Impact Dashboard"}}}
		if c.work {
			steps[1].Work = []string{"Fichiers créés : app.py"}
		}
		for _, e := range steps {
			if _, err := p.Merge(e, now); err != nil {
				t.Fatal(err)
			}
		}
		log := readRel(t, p, p.LogPath("2026-03-22"))
		if strings.Contains(log, "- "+c.first) != c.kept || strings.Count(log, "- Team Impact Dashboard") != 1 {
			t.Errorf("after %q (work %v), want it kept %v and the task once:\n%s", c.first, c.work, c.kept, log)
		}
	}
}
