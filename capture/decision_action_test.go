package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A "Solution applied" that only names the edit ("Changed `a@v3` → `a@v4`") is the work
// done, not a choice; one that says what it was chosen over stays a decision.
func TestChangeWithoutWhyIsNoDecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("the workflow still fails")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/.github/workflows/ci.yml", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "## Fixed\n\n### Root Cause\nThe runner rejects `actions/cache@v2`.\n\n"+
		"### Solution Applied\nUpdated `.github/workflows/ci.yml`:\n"+
		"- Line 12: Changed `actions/cache@v2` → `actions/cache@v4`\n"+
		"- Updated the lint step to use `golangci-lint` instead of `go vet`\n"+
		"- Replaced `moment` with `date-fns`\n"+
		"\n## Decisions\n- State lives in one store per page.\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Updated the lint step to use `golangci-lint` instead of `go vet`", "Replaced `moment` with `date-fns`", "State lives in one store per page."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A plan's positioning written as instructions to the writer ("Explain the flow: …") says
// what to write, not what was chosen; an item that says what it is not stays.
func TestWritingStepsAreNoDecisions(t *testing.T) {
	t.Parallel()
	plan := "# Grant application\n\n## Key Positioning\n\n" +
		"- Describe the ledger as the product's settlement layer—not merely a payment option.\n" +
		"- Explain the flow: the user funds a vault; the vault enforces a spend limit; the agent trades.\n" +
		"- Emphasize auditability: users inspect every order and its fills before funding an agent.\n" +
		"- State the bridge route precisely: funds move through the relay to the ledger, then back to Celo for settlement.\n"
	b := &transcripttest.Claude{}
	b.Prompt("draft the application")
	b.Use("m1", "x1", "ExitPlanMode", map[string]any{"plan": plan})
	b.Result("x1", "User has approved your plan.", false)
	b.Say("m2", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Describe the ledger as the product's settlement layer—not merely a payment option."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
