package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A plan's item that fixes a value ("Set the primary metric to: **X**") is the choice the
// plan makes, wherever it sits; a numbered step that sets a field in a manual check is not.
func TestPlanSettingIsADecision(t *testing.T) {
	t.Parallel()
	plan := "# Launch report\n\n## Content\n\n" +
		"- Refresh the summary around the new pricing.\n" +
		"- Set the primary metric to: **number of paid teams active after 30 days**.\n\n" +
		"## Test\n1. Open `/settings`\n2. Set the plan type to \"Team\"\n3. Save\n"
	b := &transcripttest.Claude{}
	b.Prompt("ok, weekly active teams is the goal")
	b.Use("m1", "x1", "ExitPlanMode", map[string]any{"plan": plan})
	b.Result("x1", "User has approved your plan.", false)
	b.Say("m2", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Set the primary metric to: number of paid teams active after 30 days."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// The same line in a Markdown file the turn wrote (a README's set-up) is an instruction to
// its reader, not a choice of the session.
func TestDocSettingIsNoDecision(t *testing.T) {
	t.Parallel()
	doc := "# Set-up\n\n- Set the `PORT` variable to: **8080** on the server.\n"
	b := &transcripttest.Claude{}
	b.Prompt("write the set-up notes")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/SETUP.md", "content": doc})
	b.Result("w1", "ok", false)
	b.Say("m2", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Decisions) != 0 {
		t.Errorf("decisions = %q, want none", e.Decisions)
	}
}
