package transcript

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// Codex's reasoning summaries are the turn's thoughts, in order, without their bold
// titles; a summary that is a title only, or an encrypted reasoning without one, is none,
// and the agent_reasoning events that repeat them are not read twice.
func TestCodexReasoningSummariesAreThoughts(t *testing.T) {
	t.Parallel()
	r := &transcripttest.Rollout{}
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "draw the pieces"})
	r.Item("response_item", map[string]any{"type": "reasoning", "summary": []map[string]any{{"type": "summary_text", "text": "**Inspecting repository**"}}, "encrypted_content": "gAAA"})
	r.Item("response_item", map[string]any{"type": "reasoning", "summary": []any{}, "encrypted_content": "gAAA"})
	r.Item("response_item", map[string]any{"type": "reasoning", "summary": []map[string]any{{"type": "summary_text", "text": "**Designing pieces**\n\nI'll use img tags instead of inline SVG icons."}}})
	r.Item("event_msg", map[string]any{"type": "agent_reasoning", "text": "**Designing pieces**\n\nI'll use img tags instead of inline SVG icons."})
	r.Patch("app.js")
	r.Item("response_item", map[string]any{"type": "reasoning", "summary": []map[string]any{{"type": "summary_text", "text": "Checking the board."}}})
	r.Item("event_msg", map[string]any{"type": "agent_message", "message": "Done."})
	turn := readRollout(t, r)
	if want := []string{"I'll use img tags instead of inline SVG icons.", "Checking the board."}; !slices.Equal(turn.Thoughts, want) {
		t.Errorf("thoughts = %q, want %q", turn.Thoughts, want)
	}
	if want := []string{"Done."}; !slices.Equal(turn.Texts, want) {
		t.Errorf("texts = %q, want %q", turn.Texts, want)
	}
}
