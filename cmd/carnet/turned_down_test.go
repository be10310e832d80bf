package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A plan the user turns down, then the request that corrects it and its work: one goal in the
// log, the first request's, through the real binary turn by turn and at the session's end.
func TestHookTurnedDownPlanIsOneGoal(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "language = \"en\"\n")
	tr := filepath.Join(t.TempDir(), "s1.jsonl")
	stop := func(b *transcripttest.Claude, events ...string) {
		t.Helper()
		os.WriteFile(tr, []byte(b.String()), 0o644)
		for _, ev := range events {
			if r := runCarnet(t, bin, hookInput(ev, tr, ws, nil), nil, "--root", ws, "--hook"); r.code != 0 {
				t.Fatalf("%s: %+v", ev, r)
			}
		}
	}
	b := (&transcripttest.Claude{}).Prompt("Find why the CI fails and plan a fix").
		Use("m1", "t1", "ExitPlanMode", map[string]any{"plan": "# Rewrite the CI\n\n1. Split the workflow in three"}).
		Result("t1", "The user doesn't want to proceed with this tool use. The tool use was rejected.", true)
	b.Add(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "[Request interrupted by user for tool use]"}}}})
	stop(b, "Stop")
	b.Prompt("Keep it simple: make a small plan only to repair the deployment health check, identify what causes it and why it does, then look up the documentation related to that and tell me what the issue is").
		Use("m2", "t2", "Edit", map[string]any{"file_path": filepath.Join(ws, "ci.yml"), "old_string": "sleep 60", "new_string": "wait-for-ready"}).
		Result("t2", "The file has been updated successfully.", false).
		Say("m3", "The health check now waits for the deployment.")
	stop(b, "Stop", "SessionEnd") // the session's end reads its last turn again
	log := todayLog(t, ws)
	if !strings.Contains(log, "- Find why the CI fails and plan a fix\n") || strings.Contains(log, "- Keep it simple") {
		t.Errorf("want the first request as the one goal:\n%s", log)
	}
}
