package capture

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

// A turn's evidence of work done: its completed to-dos, its commits, the commands that
// went through (not those that failed), its closing text's lines of work done and the
// commands the user pasted after a shell prompt; not the prose around them.
func TestEvidenceOfWorkDone(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("still broken, I ran it:\n(base) ➜  app git:(master) ✗ npx convex dev\n✔ Convex functions ready!\nWe are at 80% of the budget, fix it")
	b.Use("m1", "t1", "TodoWrite", map[string]any{"todos": []map[string]any{
		{"content": "Add clippy warning for unwrap_used", "status": "completed"},
		{"content": "Wire the CI", "status": "pending"}}})
	b.Result("t1", "ok", false)
	bash(b, "b1", "git commit -m 'fix: validator fields'", "[main 7ef0eb4] fix: validator fields\n 1 file changed", false)
	bash(b, "b2", "npm run lint", "error: 3 problems", true)
	b.Say("m2", "The validator missed the fields.\n\n- Fixed the validator of the preview configuration\n- Next, wire the CI")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	got := Evidence(tr)
	want := []string{"Add clippy warning for unwrap_used", "git commit -m 'fix: validator fields'", "fix: validator fields",
		"- Fixed the validator of the preview configuration", "npx convex dev"}
	if !slices.Equal(got, want) {
		t.Errorf("evidence = %q, want %q", got, want)
	}
}

// A closing text that only announces the work ("I'll refresh the draft …") ends a turn
// that stopped before doing it: the work is to resume. A report, an offer ("If you want,
// I'll …"), "let me know" or a turn with a call that got its result (the user refused the
// plan) gives no to-do.
func TestAnnouncedWorkIsToResume(t *testing.T) {
	t.Parallel()
	for closing, want := range map[string][]string{
		"I’m applying the plan now: I’ll refresh the application draft and the proof files.": {"Resume the interrupted work: refresh the application draft and the proof files"},
		"Let me update the parser first.":                                  {"Resume the interrupted work: update the parser first"},
		"Updated the parser. If you want, I'll add tests.":                 nil,
		"Updated the parser. Let me know if the output looks right.":       nil,
		"I'll refresh the draft.\n\n- Refreshed the draft\n- Added proofs": nil,
	} {
		b := &transcripttest.Claude{}
		b.Prompt("Implement the plan.")
		b.Say("m1", closing)
		b.Use("m1", "b1", "Bash", map[string]any{"command": "bash export-session.sh ."}) // cut before its result
		if e := extractEN(t, b, "/home/dev/proj"); !slices.Equal(e.Next, want) {
			t.Errorf("%q: next = %q, want %q", closing, e.Next, want)
		}
	}
	b := &transcripttest.Claude{}
	b.Prompt("Fix the schema")
	b.Use("m1", "p1", "ExitPlanMode", map[string]any{"plan": "# Plan: schema"})
	b.Result("p1", "The user doesn't want to proceed with this tool use.", true)
	b.Say("m2", "Let me investigate the current state and create a plan.")
	if e := extractEN(t, b, "/home/dev/proj"); len(e.Next) > 0 {
		t.Errorf("after a refusal: next = %q", e.Next)
	}
}

// A labelled statement nested under a list item ("1. **Unsafe code usage**" "   -
// **Recommendation**: Document …") keeps its parent's subject: alone it says nothing of
// what it is about.
func TestNestedLabelKeepsItsParentSubject(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Review the crate")
	b.Say("m1", "## Review\n\n### Critical Issues\n\n1. **Unsafe code usage**\n   - 30 unsafe blocks found\n"+
		"   - **Recommendation**: Document the safety invariants\n\n2. **Cache configuration**\n"+
		"   - Default size might be excessive\n   - **Recommendation**: Make the cache size configurable\n\n"+
		"**Recommendation**: Run the audit again next month\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Unsafe code usage: Document the safety invariants",
		"Cache configuration: Make the cache size configurable", "Run the audit again next month"}
	if !slices.Equal(e.Next, want) {
		t.Errorf("next = %q, want %q", e.Next, want)
	}
}

// A proposal the session ends on ("Would you like me to proceed with creating these
// commits?") got no answer: it is an open to-do, named with the heading it proposes. While
// the session goes on, the next prompt answers it: no to-do.
func TestUnansweredProposalAtSessionEnd(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("/ai-commit")
	b.Say("m1", "Based on my analysis:\n\n## Proposed Commit Plan:\n\n**Commit 1: FEAT: Add the parser**\n"+
		"Files: parser.py\n\nWould you like me to proceed with creating these commits?")
	for ended, want := range map[bool][]string{
		true:  {"Unanswered proposal: proceed with creating these commits (Proposed Commit Plan)"},
		false: nil,
	} {
		tr := read(t, b.Write(t), transcript.ReadOptions{})
		tr.Root, tr.SessionEnded = "/home/dev/proj", ended
		if e := (Heuristic{Language: "en"}).extract(tr); !slices.Equal(e.Next, want) {
			t.Errorf("session ended %v: next = %q, want %q", ended, e.Next, want)
		}
	}
}
