package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A sentence that gives a score's weights by name ("Speed 0.5 + Cost 0.3 + Risk 0.2",
// summing to 1) says how the score is computed, even inside a block written to be copied
// and wrapped over lines. Weights without names, or numbers that do not sum to 1, are not
// kept.
func TestNamedWeightsAreKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("write the approach summary")
	b.Say("m1", "# Summary\n\n```\n## Approach\n\nVendors are scored on three axes. A total\n"+
		"(Speed 0.5 + Cost 0.3 + Risk 0.2) exists only for ordering — each axis has its\nown table.\n\n"+
		"Latency went 0.4 + 0.3 + 0.2 in the three runs, as measured.\n```\n\n"+
		"The old total used weight 0.6/0.3/0.1 instead.\n")
	b.Use("m2", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/SUBMISSION.md", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m3", "The file is updated.")
	e := extractEN(t, b, "/home/dev/proj")
	want := "A total (Speed 0.5 + Cost 0.3 + Risk 0.2) exists only for ordering — each axis has its own table."
	if !slices.Contains(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q in it", e.Knowledge, want)
	}
	if got := strings.Join(e.Knowledge, "\n"); strings.Contains(got, "Latency") || strings.Contains(got, "0.6/") {
		t.Errorf("unnamed or unweighted numbers kept:\n%s", got)
	}
}
