package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// "There's already an X but it's not strict enough", then "Let me create a Y that …": the
// turn chose to build its own Y, and said why. A change whose only why is clarity
// ("Renamed the label to use "idle" instead of "none" for clarity") is the work done.
func TestNotEnoughThenCreateIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("enforce the lint rules")
	b.Say("m1", "Good, there's already a lint step but it's not strict enough. Let me check the other workflows:")
	b.Use("m2", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/.github/workflows/ci.yml"})
	b.Result("r1", "name: ci", false)
	b.Say("m3", "Let me create a workflow that fails on every lint warning:")
	b.Use("m4", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/.github/workflows/lint.yml", "content": "name: lint"})
	b.Result("w1", "ok", false)
	b.Say("m5", "## Summary\n\n- Renamed the status label to use \"idle\" instead of \"none\" for clarity\n- Created `.github/workflows/lint.yml`")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Created a workflow that fails on every lint warning — there's already a lint step but it's not strict enough."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
