package extract

import (
	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
	"slices"
	"testing"
)

// A TaskUpdate of a task created in an earlier turn (the hook gives it its subject) opens
// or closes that task's to-do.
func TestTaskUpdateOfAnEarlierTask(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("go on with the deploy")
	b.Use("m1", "tu1", "TaskUpdate", map[string]any{"taskId": "4", "status": "completed"})
	b.Result("tu1", "Updated task #4 status", false)
	b.Use("m1", "tu2", "TaskUpdate", map[string]any{"taskId": "5", "status": "in_progress"})
	b.Result("tu2", "Updated task #5 status", false)
	b.Use("m1", "tu3", "TaskUpdate", map[string]any{"taskId": "6", "status": "completed"})
	b.Result("tu3", "Updated task #6 status", false)
	b.Say("m2", "Deployed.")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	names := map[string]string{"4": "Fetch the data", "5": "Deploy the app"} // #6: unknown, left alone
	for _, u := range tr.Tools {
		if u.Task != nil && u.Task.Subject == "" {
			u.Task.Subject = names[u.Task.ID]
		}
	}
	e := Heuristic{Language: "en"}.extract(tr)
	if !slices.Equal(e.NextDone, []string{"Fetch the data"}) || !slices.Equal(e.Next, []string{"Deploy the app"}) {
		t.Errorf("done = %q, next = %q", e.NextDone, e.Next)
	}
}

// A closing text's report of work done gives, in the imperative, what it may close; a
// to-do the same turn opens is not closed by its own report.
func TestDoneStatements(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Fix the silent failures")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/src/id.rs", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "## Summary\n\n1. **Fixed Silent Failures** ✅\n   - `generate()` now returns an error\n"+
		"2. **Added clippy lint for unwrap_used** - catches future issues\n- Fixed it\n\n"+
		"```\nFixed 3 files in the build\n```\n\n## Next steps\n- Add clippy lint for unwrap_used in the CI config too\n")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Equal(e.NextDone, []string{"Fix Silent Failures"}) {
		t.Errorf("done = %q", e.NextDone)
	}
}
