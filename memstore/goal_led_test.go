package memstore

import (
	"strings"
	"testing"
)

// The day's goal that is a question gives way to the task that goes on with it without
// asking: the question led to that task, which names what the day did. A task on another
// subject is a goal of its own and leaves the question.
func TestMergeReplacesAQuestionGoalByTheTaskItLedTo(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Now: day("2026-03-22")}
	steps := []Extraction{
		{Goal: []string{"does the sync fetch its notion database mapping live? if not, plan it"}},
		{Goal: []string{"Implement a manual refresh of the notion database mapping"}, Work: []string{"Fichiers modifiés : client.py"}},
		{Goal: []string{"why is the weekly report slow?"}},
		{Goal: []string{"Add a CSV export of the contacts table"}, Work: []string{"Fichiers créés : export.py"}},
	}
	for _, e := range steps {
		if _, err := p.Merge(e, now); err != nil {
			t.Fatal(err)
		}
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if strings.Contains(log, "mapping live?") || strings.Count(log, "- Implement a manual refresh of the notion database mapping") != 1 {
		t.Errorf("the question was not replaced by the task it led to:\n%s", log)
	}
	if !strings.Contains(log, "- why is the weekly report slow?") || !strings.Contains(log, "- Add a CSV export") {
		t.Errorf("a question or a task on another subject is missing:\n%s", log)
	}
}
