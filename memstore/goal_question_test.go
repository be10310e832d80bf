package memstore

import (
	"strings"
	"testing"
)

// A question the exchange only answered in words is the day's goal when the day has none
// yet; after a goal it discusses the task under way and is not written.
func TestMergeWritesAnAnsweredQuestionOnlyAsTheFirstGoal(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Now: day("2026-03-22")}
	steps := []Extraction{
		{Goal: []string{"how does the sync pick the notion database?"}, Asked: true},
		{Goal: []string{"Add a CSV export of the table"}},
		{Goal: []string{"why use three PRs as the threshold?"}, Asked: true, Knowledge: []string{"The threshold counts merged PRs only."}},
	}
	for _, e := range steps {
		if _, err := p.Merge(e, now); err != nil {
			t.Fatal(err)
		}
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if !strings.Contains(log, "- how does the sync pick the notion database?") || !strings.Contains(log, "- Add a CSV export of the table") {
		t.Errorf("the first question or the task is missing:\n%s", log)
	}
	if strings.Contains(log, "threshold?") || !strings.Contains(log, "merged PRs only") {
		t.Errorf("the later question was written as a goal, or its answer lost:\n%s", log)
	}
}
