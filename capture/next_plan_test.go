package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A proposed plan's work items are to do: the turn only proposed it. Its guidance on
// wording, what it keeps or reuses as it is, and its choices are no steps.
func TestProposedPlanStepsAreNext(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("yes, count the deposits too")
	b.Say("m1", "<proposed_plan>\n# Grant Reapplication\n\n## Summary\n\nPrepare the application from the current product.\n\n"+
		"## Key Positioning\n\n- Describe the vault as the settlement layer.\n- Explain the deposit flow.\n\n"+
		"## Application Content\n\n- Strengthen proof of work with the vault program and the execution client.\n"+
		"- Set the primary KPI to: **positions opened and settled**.\n- Define milestones for: vault funding; settlement records.\n\n"+
		"## Submission Materials\n\n- Reuse `session.jsonl` as proof.\n- Keep the existing profile details.\n"+
		"- Attach the score screenshot and the subscription receipt.\n</proposed_plan>")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Strengthen proof of work with the vault program and the execution client.",
		"Define milestones for: vault funding; settlement records.", "Attach the score screenshot and the subscription receipt."}
	if !slices.Equal(e.Next, want) {
		t.Errorf("next = %q, want %q", e.Next, want)
	}
}
