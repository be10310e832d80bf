package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A plan for a text lists under its approach what the text will say: those steps are
// content to write, not choices; a step that sets one way against another, or a noun
// that looks like a verb ("State management …"), stays a choice.
func TestPlanContentStepIsNoDecision(t *testing.T) {
	t.Parallel()
	plan := "# Grant reapplication\n\n## Key Positioning\n\n" +
		"- Describe the chain as the execution layer—not merely a wallet option.\n" +
		"- Explain the flow: the user funds a vault; the vault enforces an allowance.\n" +
		"- State the implemented route precisely: funds are bridged, then settled.\n" +
		"- State management moves to a single store for the whole form.\n"
	b := &transcripttest.Claude{}
	b.Prompt("rewrite the application")
	b.Use("m1", "x1", "ExitPlanMode", map[string]any{"plan": plan})
	b.Result("x1", "User has approved your plan.", false)
	b.Say("m2", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Describe the chain as the execution layer—not merely a wallet option.", "State management moves to a single store for the whole form."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
