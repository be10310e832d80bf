package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A review's recommendations grouped by horizon are all next steps: the long-term ones at
// the end of a long list are not cut off.
func TestManyRecommendationsAllKept(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("review the crate")
	b.Say("m1", "## Review\n\n1. **Unsafe blocks**\n   - **Recommendation**: Document the safety invariants\n\n"+
		"2. **Cache size**\n   - **Recommendation**: Make the cache size configurable\n\n"+
		"### Recommendations\n\n1. **Immediate Actions**:\n   - Review all unsafe blocks\n   - Add a forbid lint on unsafe code\n"+
		"   - Replace the panics in the parser\n\n2. **Short-term Improvements**:\n   - Add clippy lints for unwrap\n"+
		"   - Zero the secret keys on drop\n   - Add a security audit job to the pipeline\n\n3. **Long-term Enhancements**:\n"+
		"   - Fuzz the packet decoder\n   - Add benchmarks with criterion\n   - Emit structured logs from the node\n")
	e := extractEN(t, b, "/home/dev/proj")
	for _, want := range []string{"Document the safety invariants", "Add a security audit job to the pipeline",
		"Fuzz the packet decoder", "Add benchmarks with criterion", "Emit structured logs from the node"} {
		if !slices.ContainsFunc(e.Next, func(n string) bool { return strings.HasSuffix(n, want) }) {
			t.Errorf("next = %q, want %q in it", e.Next, want)
		}
	}
}
