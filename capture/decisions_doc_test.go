package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A document's approach may end with what it cannot see ("Acknowledged blind spots",
// "Known limitations"): limits of the choice, not choices of their own.
func TestBlindSpotsUnderAnApproachAreNoDecisions(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Write up the submission")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/SUBMISSION.md", "content": "# Submission\n\n## Approach\n\n" +
		"### Deliberate non-decisions\n\n- No single score as headline. The four pillars are shown side by side.\n\n" +
		"### Acknowledged blind spots\n\n- Reviews are under-observed in public data\n- 90 days is too short to see code longevity\n"})
	b.Result("w1", "File created successfully at: /home/dev/proj/SUBMISSION.md", false)
	b.Say("m2", "Written.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"No single score as headline. The four pillars are shown side by side."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
