package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A closing that opens "I understand …:" restates the project as the agent found it: its
// points that say what the product has or uses are facts for next time; a positioning
// ("X is the layer") and a point with no such verb stay out.
func TestUnderstoodPointsAreKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("rewrite the pitch for the grant, do you understand the product?")
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/README.md"})
	b.Result("r1", "x", false)
	b.Say("m2", "I understand the product and will keep it precise:\n\n"+
		"- Postgres is the product's system of record.\n"+
		"- The product has a billing service with per-team spend limits.\n"+
		"- Report generation uses the Typst toolchain: templates, fonts, and PDF export.\n"+
		"- Launch window: **March 2027**.\n\n"+
		"Which metric should lead the pitch?")
	e := extractEN(t, b, "/home/dev/proj")
	for _, want := range []string{"The product has a billing service with per-team spend limits.",
		"Report generation uses the Typst toolchain: templates, fonts, and PDF export."} {
		if !slices.Contains(e.Knowledge, want) {
			t.Errorf("knowledge = %q, want it to hold %q", e.Knowledge, want)
		}
	}
	if slices.Contains(e.Knowledge, "Postgres is the product's system of record.") {
		t.Errorf("knowledge = %q holds the positioning", e.Knowledge)
	}
}
