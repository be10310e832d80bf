package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A plan in thinking that the closing text does not bear out (it reports another way, or
// names nothing of the plan the prompt did not) decided nothing; one it bears out stays.
func TestThoughtPlanNeedsTheClosingText(t *testing.T) {
	t.Parallel()
	turn := func(closing string) []string {
		r := &transcripttest.Rollout{}
		r.Item("event_msg", map[string]any{"type": "user_message", "message": "make the export script standalone; it writes a cache directory"})
		r.Item("response_item", summary("**Cleaning up**\n\nI'll change the export script to wipe the old cache directory before each build to avoid stale entries."))
		r.Patch("export.py")
		r.Item("event_msg", map[string]any{"type": "agent_message", "message": closing})
		return extractCodex(t, r)
	}
	if got := turn("The export script now runs alone; it reuses the cache directory when present."); len(got) != 0 {
		t.Errorf("plan the closing text does not bear out: decisions = %q, want none", got)
	}
	want := []string{"Change the export script to wipe the old cache directory before each build to avoid stale entries."}
	if got := turn("The export script now wipes the cache directory first, so no stale entries remain."); !slices.Equal(got, want) {
		t.Errorf("plan borne out: decisions = %q, want %q", got, want)
	}
}
