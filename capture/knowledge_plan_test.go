package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// An accepted plan that opens on what the analysis found of the code as it is ("Based on my
// analysis, the current system:" and its list) holds the session's finding: knowledge, in
// its words. A plan the user rejected, or a list under no such lead, is not read this way.
func TestAcceptedPlanFindingsAreKnowledge(t *testing.T) {
	t.Parallel()
	plan := "## Simplest path to live settings\n\nBased on my analysis, the current loader:\n" +
		"- Stores the table IDs in a static JSON file (`tables.json`)\n" +
		"- Only reads them when `discover.py` runs\n\n" +
		"### Steps\n- Add a `--refresh` flag\n- Validate the table exists\n"
	for _, accepted := range []bool{true, false} {
		b := &transcripttest.Claude{}
		b.Prompt("What is the simplest path to live settings?")
		b.Use("m1", "p1", "exit_plan_mode", map[string]any{"plan": plan})
		b.Result("p1", "User has approved your plan. You can now start coding.", !accepted)
		b.Say("m2", "Done.")
		e := extractEN(t, b, "/home/dev/proj")
		var want []string
		if accepted {
			want = []string{"The current loader: stores the table IDs in a static JSON file (`tables.json`); " +
				"only reads them when `discover.py` runs."}
		}
		if !slices.Equal(e.Knowledge, want) {
			t.Errorf("accepted=%v: knowledge = %q, want %q", accepted, e.Knowledge, want)
		}
	}
}
