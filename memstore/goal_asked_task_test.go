package memstore

import (
	"strings"
	"testing"
)

// A question goal that also asks for a task after its question ("… if it doesn't, create a
// plan in a specs/ doc") keeps that task when the task the question led to replaces it:
// both are what the day was for (a reader of c02: the log "leaves out the first task").
func TestMergeKeepsTheTaskAQuestionGoalAskedFor(t *testing.T) {
	t.Parallel()
	for question, want := range map[string]string{
		"does the sync fetch its notion database mapping live? if it doesnt, create plan to implement this in a @specs/ doc": "- Create plan to implement this in a @specs/ doc, then implement a manual refresh of the notion database mapping\n",
		"does the sync fetch its notion database mapping live? if not, plan it":                                              "- Implement a manual refresh of the notion database mapping\n",
	} {
		_, p := newTestWorkspace(t, nil)
		now := Change{Now: day("2026-03-22")}
		for _, e := range []Extraction{
			{Goal: []string{question}},
			{Goal: []string{"Implement a manual refresh of the notion database mapping"}, Work: []string{"Fichiers modifiés : client.py"}},
		} {
			if _, err := p.Merge(e, now); err != nil {
				t.Fatal(err)
			}
		}
		log := readRel(t, p, p.LogPath("2026-03-22"))
		if strings.Contains(log, "mapping live?") || strings.Count(log, want) != 1 {
			t.Errorf("after %q, want the goal %q:\n%s", question, want, log)
		}
	}
}
