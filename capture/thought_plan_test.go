package capture

import (
	"path/filepath"
	"slices"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// extractCodex reads the last turn of rollout r and extracts it in English.
func extractCodex(t *testing.T, r *transcripttest.Rollout) []string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "rollout.jsonl")
	r.Write(t, p)
	tr, err := transcript.ReadCodexTurn(t.Context(), p, transcript.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tr.Root = "/repo"
	return Heuristic{Language: "en"}.extract(tr).Decisions
}

func summary(text string) map[string]any {
	return map[string]any{"type": "reasoning", "summary": []map[string]any{{"type": "summary_text", "text": text}}}
}

// A Codex reasoning summary that plans a change with a contrast or a reason gives that
// choice, the step holding it alone, without the first person; its other plans, its look
// arounds and the plans of a turn that changed nothing are not choices.
func TestCodexPlannedChoiceIsADecision(t *testing.T) {
	t.Parallel()
	r := &transcripttest.Rollout{}
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "use images for the pieces"})
	r.Item("response_item", summary("**Designing pieces**\n\nI'm planning to create local SVG files for the pieces. "+
		"I'll design simple vector shapes for both colours, store them under `assets/pieces/`, and update the board rendering to use `<img>` tags pointing to those files instead of inline SVG icons. "+
		"I'll check the README rather than guess the layout. I'll place the helper near the others for clarity."))
	r.Item("response_item", summary("**Cleaning up exports**\n\nI'll update export_session to delete any old export file before running to avoid stale data."))
	r.Patch("app.js", "export.py")
	r.Item("event_msg", map[string]any{"type": "agent_message", "message": "Pieces are images now; the export deletes stale data first."})
	want := []string{ // the board-rendering step says no why: the work asked for (decision_workstep.go); the closing text bears the export plan out (thought_borne.go)
		"Update export_session to delete any old export file before running to avoid stale data.",
	}
	if got := extractCodex(t, r); !slices.Equal(got, want) {
		t.Errorf("decisions = %q, want %q", got, want)
	}

	idle := &transcripttest.Rollout{}
	idle.Item("event_msg", map[string]any{"type": "user_message", "message": "what would you change?"})
	idle.Item("response_item", summary("I'll switch the board to `<img>` tags instead of inline SVG icons."))
	idle.Item("event_msg", map[string]any{"type": "agent_message", "message": "I would use images."})
	if got := extractCodex(t, idle); len(got) != 0 {
		t.Errorf("a turn that changed nothing: decisions = %q, want none", got)
	}
}
