package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A planned change that only weighs one way against another is the work asked for; the
// same plan with its reason is a choice.
func TestPlannedChangeWithoutWhyIsWork(t *testing.T) {
	t.Parallel()
	r := &transcripttest.Rollout{}
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "use pictures for the badges"})
	r.Item("response_item", summary("**Badges**\n\nI'll change the badge markup to use `<img>` tags instead of inline glyphs. "+
		"I'll update the loader to clear the cache before each load to avoid stale badges."))
	r.Patch("badges.js")
	r.Item("event_msg", map[string]any{"type": "agent_message", "message": "Badges are pictures now; the loader clears the cache first."}) // the closing text bears the plan out (thought_borne.go)
	want := []string{"Update the loader to clear the cache before each load to avoid stale badges."}
	if got := extractCodex(t, r); !slices.Equal(got, want) {
		t.Errorf("decisions = %q, want %q", got, want)
	}
}
