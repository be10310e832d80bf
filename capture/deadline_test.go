package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A deadline the agent states with its date is a fact the project depends on: kept as
// knowledge, the statement's own words; a date with no deadline, or a deadline with no
// date, is not one.
func TestStatedDeadlineIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("help me reapply for the grant")
	b.Say("m1", "I understand the positioning:\n\n"+
		"- The vault program has per-agent spend controls.\n"+
		"- Target deadline: **1 August 2026**.\n"+
		"- The first release shipped on 2 March 2025 with the old vault.\n"+
		"- The deadline is tight, so the draft stays short.\n\n"+
		"Submissions are due by 2026-09-15 for the second round.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Target deadline: 1 August 2026.", "Submissions are due by 2026-09-15 for the second round."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}

// A proposed plan is read by plans, with its own sections: its deadline is not taken
// again as knowledge.
func TestPlanDeadlineIsNotTakenTwice(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("yes, plan the application")
	b.Say("m1", "<proposed_plan>\n# Grant reapplication\n\n## Content\n\n- Use 1 August 2026 as the delivery deadline.\n</proposed_plan>")
	if e := extractEN(t, b, "/home/dev/proj"); len(e.Knowledge) != 0 {
		t.Errorf("knowledge = %q, want none", e.Knowledge)
	}
}
