package capture

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
)

// An item the agent left in progress, then worked past and ended the turn on without
// asking anything, is done: the agent did not come back to tick it. One it asks about, one
// it left as the turn's last call, one of a turn cut short, stays open.
func TestWorkedPastInProgress(t *testing.T) {
	t.Parallel()
	list := func() *transcript.ToolUse {
		return todos("completed Write the exporter", "in_progress Add tests for the exporter", "pending Document the flags")
	}
	r := Capture(turn("Add the export", "The exporter and its tests are in.", list(), edit("/repo/export_test.go"),
		bash("t", "go test ./...", "ok", false)), &Session{}, "en")
	if !slices.Contains(r.Close, "Add tests for the exporter") || slices.Contains(r.Next, "Add tests for the exporter") {
		t.Errorf("worked past: close %q next %q", r.Close, r.Next)
	}
	if !slices.Contains(r.Next, "Document the flags") {
		t.Errorf("pending item: next %q", r.Next)
	}
	open := []*transcript.Turn{
		turn("Add the export", "Tests are half written. Should the flags keep their old names?", list(), edit("/repo/export_test.go")),
		turn("Add the export", "Writing the tests next.", edit("/repo/export.go"), list()),
	}
	cut := turn("Add the export", "", list(), edit("/repo/export_test.go"), &transcript.ToolUse{Name: "Bash", Command: "go test ./..."})
	stopped := turn("Add the export", "Stopped.", list(), edit("/repo/export_test.go"))
	stopped.Interrupted = true
	for i, tn := range append(open, cut, stopped) {
		if r := Capture(tn, &Session{}, "en"); !slices.Contains(r.Next, "Add tests for the exporter") || slices.Contains(r.Close, "Add tests for the exporter") {
			t.Errorf("case %d: next %q close %q", i, r.Next, r.Close)
		}
	}
}

// A task (TaskCreate/TaskUpdate) left in progress and worked past is done the same way.
func TestWorkedPastTask(t *testing.T) {
	t.Parallel()
	s := &Session{}
	create := &transcript.ToolUse{Name: "TaskCreate", HasResult: true, Task: &transcript.Task{ID: "1", Subject: "Fetch the rows", Status: "pending"}}
	start := &transcript.ToolUse{Name: "TaskUpdate", HasResult: true, Task: &transcript.Task{ID: "1", Status: "in_progress"}}
	r := Capture(turn("Build the report", "Report built from all the rows.", create, start, edit("/repo/fetch.py")), s, "en")
	if !slices.Contains(r.Close, "Fetch the rows") {
		t.Errorf("close %q", r.Close)
	}
	r = Capture(turn("Build the report", "Fetching is under way. Shall I wait for it?", start, edit("/repo/fetch.py")), s, "en")
	if slices.Contains(r.Close, "Fetch the rows") {
		t.Errorf("asked: close %q", r.Close)
	}
}

// The agent's list holds until the agent changes it: turns of work that leave it alone
// neither drop nor tick its items (its plan, worked one item per several turns).
func TestListHoldsUntilChanged(t *testing.T) {
	t.Parallel()
	s := &Session{}
	Capture(turn("Plan the port", "Planned.", todos("pending Port the parser", "pending Port the printer")), s, "en")
	for i := range 2 * nextExpiry {
		r := Capture(turn("next task", "Done.", edit(fmt.Sprintf("/repo/task%d.go", i))), s, "en")
		if len(r.Drop) != 0 || len(r.Close) != 0 {
			t.Fatalf("turn %d of work: drop %q close %q", i+1, r.Drop, r.Close)
		}
	}
	r := Capture(turn("go on", "Ported.", edit("/repo/printer.go"), todos("completed Port the parser", "completed Port the printer")), s, "en")
	if !slices.Equal(r.Close, []string{"Port the parser", "Port the printer"}) {
		t.Errorf("close = %q", r.Close)
	}
}

// A proposed plan taken up by a go-ahead is approved even when the turn is cut before any
// change: the work to resume is the plan's, named by its title.
func TestCutPlanResumes(t *testing.T) {
	t.Parallel()
	s := &Session{Goals: []string{"help reapply for the grant based off what the product now is"}}
	Capture(turn("the KPI: deposits to the vault", "<proposed_plan>\n# Grant Reapplication\n\n## Summary\n\nRewrite the application around the vault.\n</proposed_plan>"), s, "en")
	cut := turn("Implement the plan.", "Applying it now.", &transcript.ToolUse{Name: "Bash", Command: "ls docs"})
	cut.SessionEnded = true
	r := Capture(cut, s, "en")
	if !slices.Equal(r.Next, []string{"Resume the interrupted work: Grant Reapplication"}) {
		t.Errorf("next = %q", r.Next)
	}
	if !slices.Equal(r.Goal, []string{"Grant Reapplication"}) {
		t.Errorf("goal = %q", r.Goal)
	}
}

// A session that ends on an offer to do a list ("Shall I do it now?") leaves that list open,
// with the question: the question alone does not say what is on offer.
func TestOfferedList(t *testing.T) {
	t.Parallel()
	end := turn("what is left?", "Two things left:\n1. Fill the URL into SUBMISSION.md\n2. Commit and push\n\nShall I do it now?")
	end.SessionEnded = true
	r := Capture(end, &Session{}, "en")
	if !slices.Equal(r.Next, []string{"Question left unanswered: Shall I do it now? — Fill the URL into SUBMISSION.md; Commit and push"}) {
		t.Errorf("next = %q", r.Next)
	}
	end = turn("what is left?", "Two things left:\n1. Fill the URL into SUBMISSION.md\n\nThe rest is done. Shall I?")
	end.SessionEnded = true
	if r := Capture(end, &Session{}, "en"); slices.ContainsFunc(r.Next, func(n string) bool { return strings.Contains(n, "SUBMISSION") }) {
		t.Errorf("a question after prose: next = %q", r.Next)
	}
}

// A session that ended in the middle of a turn left its work to resume; that is where it
// stands, not a failure: no problem is written for it.
func TestCutSessionIsNoProblem(t *testing.T) {
	t.Parallel()
	cut := turn("Add the exporter", "", edit("/repo/export.go"), &transcript.ToolUse{Name: "Bash", Command: "go test ./..."})
	cut.SessionEnded = true
	r := Capture(cut, &Session{}, "en")
	if len(r.Problems) != 0 || !slices.Contains(r.Next, "Resume the interrupted work: Add the exporter") {
		t.Errorf("problems %q next %q", r.Problems, r.Next)
	}
	// its text is what the agent said before its last call, whose result it never answered
	cut = turn("Add the exporter", "The writer is in. Now the tests.", edit("/repo/export.go"), bash("1", "go test ./...", "ok", false))
	cut.SessionEnded, cut.EndsOnResult = true, true
	if r := Capture(cut, &Session{}, "en"); !slices.Contains(r.Next, "Resume the interrupted work: Add the exporter — The writer is in. Now the tests.") {
		t.Errorf("ended on a result: next %q", r.Next)
	}
	cut.EndsOnResult = false
	if r := Capture(cut, &Session{}, "en"); len(r.Next) != 0 {
		t.Errorf("answered: next %q", r.Next)
	}
}

// A to-do list with items the agent's previous list did not have is a new plan: the next
// steps an earlier closing text announced are given up (neither open nor done), not kept
// open beside it. The same list ticked on, with no new item, leaves them alone; the
// closing text of the turn that writes the plan still gives its own.
func TestNewPlanTakesOverEarlierNextSteps(t *testing.T) {
	t.Parallel()
	s := &Session{}
	r := Capture(turn("Add the cache", "The cache is in.\n\n## Next steps\n- Add an eviction policy\n- Write the cache docs", edit("/repo/cache.go")), s, "en")
	if !slices.Contains(r.Next, "Add an eviction policy") {
		t.Fatalf("the closing's next steps: next %q", r.Next)
	}
	r = Capture(turn("Now the importer", "Started.\n\nNext steps:\n- Benchmark the import", todos("in_progress Parse the rows", "pending Store the rows"), edit("/repo/importer.go")), s, "en")
	if !slices.Contains(r.Drop, "Add an eviction policy") || !slices.Contains(r.Drop, "Write the cache docs") || slices.Contains(r.Close, "Add an eviction policy") {
		t.Errorf("a new plan: drop %q close %q", r.Drop, r.Close)
	}
	if !slices.Contains(r.Next, "Benchmark the import") {
		t.Errorf("the plan's own turn's next steps: next %q", r.Next)
	}
	r = Capture(turn("go on", "Parsed.", todos("completed Parse the rows", "in_progress Store the rows"), edit("/repo/importer.go")), s, "en")
	if slices.Contains(r.Drop, "Benchmark the import") {
		t.Errorf("the same plan ticked on: drop %q", r.Drop)
	}
}

// The user stopping a turn is no failure: nothing failed, the user chose to stop. What the
// turn left half done is to resume.
func TestUserStopIsNoProblem(t *testing.T) {
	t.Parallel()
	stopped := turn("Make the header wrap on small screens", "", edit("/repo/header.css"))
	stopped.Interrupted = true
	r := Capture(stopped, &Session{}, "en")
	if len(r.Problems) != 0 || len(r.Next) != 1 || !strings.Contains(r.Next[0], "Make the header wrap on small screens") {
		t.Errorf("problems %q next %q", r.Problems, r.Next)
	}
}

// A closing text's next steps that a later closing no longer lists are dropped, neither open
// nor done, whatever the turn worked on: what a closing leaves out does not say it was done
// (a step for the user the plan moved past).
func TestNextStepLeftOutIsDropped(t *testing.T) {
	t.Parallel()
	s := &Session{}
	Capture(turn("Add the exporter", "The exporter is in.\n\n## Next steps\n1. Add tests for the exporter\n2. Create the storage bucket in the cloud console",
		edit("/repo/export.go")), s, "en")
	r := Capture(turn("add the tests", "Tests pass.\n\n## Next steps\n1. Deploy to staging",
		edit("/repo/export_test.go"), bash("1", "go test ./...", "ok", false)), s, "en")
	if len(r.Close) != 0 || !slices.Contains(r.Drop, "Add tests for the exporter") || !slices.Contains(r.Drop, "Create the storage bucket in the cloud console") {
		t.Errorf("close %q drop %q", r.Close, r.Drop)
	}
}

// The checks still failing when the session ends are listed once per error line.
func TestStillFailingOncePerErrorLine(t *testing.T) {
	t.Parallel()
	s := &Session{}
	first := Capture(turn("fix the linter", "Still two warnings.", edit("/repo/src/app.ts"),
		bash("1", "npm run lint", "src/app.ts:3:7 error 'x' is assigned a value but never used", true),
		bash("2", "npm run lint src/app.ts", "src/app.ts:3:7 error 'x' is assigned a value but never used", true)), s, "en")
	end := turn("ok, stop here", "Stopping.")
	end.SessionEnded = true
	open := openAfter(first, Capture(end, s, "en"))
	n := 0
	for _, it := range open {
		if strings.HasPrefix(it, "Still failing") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("want one still-failing line, open %q", open)
	}
}

// openAfter is what a run of turns leaves open: each turn's next steps, less those a later
// turn dropped or closed.
func openAfter(rs ...Result) []string {
	var open []string
	for _, r := range rs {
		open = slices.DeleteFunc(open, func(it string) bool { return slices.Contains(r.Drop, it) || slices.Contains(r.Close, it) })
		for _, it := range r.Next {
			if !slices.Contains(open, it) {
				open = append(open, it)
			}
		}
	}
	return open
}

// A model call that failed is no problem of the project: the turn's work is to resume, and
// another failed call adds nothing.
func TestFailedModelCallIsNoProblem(t *testing.T) {
	t.Parallel()
	s := &Session{}
	r := Capture(turn("Add the export button", "API Error: 529 {\"type\":\"overloaded_error\"}", edit("/repo/src/export.ts")), s, "en")
	if len(r.Problems) != 0 || !slices.Equal(r.Next, []string{"Resume the interrupted work: Add the export button"}) {
		t.Fatalf("problems %q, next %q", r.Problems, r.Next)
	}
	if r = Capture(turn("try again", "Request timed out"), s, "en"); len(r.Problems)+len(r.Fixed) != 0 {
		t.Errorf("a second failed call: problems %q fixed %q", r.Problems, r.Fixed)
	}
}

// Work to resume after an interruption is behind the session when a later turn of work goes
// to its end, on that task or on another the user turned to: its "resume" line goes. A
// turn that changes nothing, or is cut short again, leaves it open.
func TestResumedWorkLeavesNextSteps(t *testing.T) {
	t.Parallel()
	stalled := func() *Session {
		s := &Session{}
		r := Capture(turn("Add the export button", "API Error: 529 {\"type\":\"overloaded_error\"}", edit("/repo/src/export.ts")), s, "en")
		if !slices.Equal(r.Next, []string{"Resume the interrupted work: Add the export button"}) {
			t.Fatalf("next = %q", r.Next)
		}
		return s
	}
	resume := []string{"Resume the interrupted work: Add the export button"}
	s := stalled()
	r := Capture(turn("continue", "The export button is in place.", edit("/repo/src/export.ts")), s, "en")
	if !slices.Equal(r.Drop, resume) {
		t.Errorf("resumed: drop %q", r.Drop)
	}
	s = stalled()
	r = Capture(turn("Now write the changelog entry for the release", "Written.", edit("/repo/CHANGELOG.md")), s, "en")
	if len(r.Goal) != 1 || !slices.Equal(r.Drop, resume) {
		t.Errorf("another task: goal %q drop %q", r.Goal, r.Drop)
	}
	s = stalled()
	if r = Capture(turn("what does the export do?", "It writes a CSV."), s, "en"); len(r.Drop) != 0 {
		t.Errorf("a turn that changed nothing: drop %q", r.Drop)
	}
	if r = Capture(turn("go on", "API Error: 529 {\"type\":\"overloaded_error\"}", edit("/repo/src/export.ts")), s, "en"); len(r.Drop) != 0 {
		t.Errorf("cut short again: drop %q", r.Drop)
	}
}

// Work cut short keeps, with its task, what the agent said it was about to do before the
// call it stopped in: the remainder. A text that says no more than "On it." adds nothing.
func TestCutKeepsAnnouncedSteps(t *testing.T) {
	t.Parallel()
	cut := turn("Rewrite the application", "The facts are checked.\n\nI'll refresh the draft from the code, keep the bridge claim narrow, and redo the proof files.",
		&transcript.ToolUse{Name: "Bash", Command: "ls docs"})
	cut.SessionEnded = true
	want := "Resume the interrupted work: Rewrite the application — I'll refresh the draft from the code, keep the bridge claim narrow, and redo the proof files."
	if r := Capture(cut, &Session{}, "en"); !slices.Equal(r.Next, []string{want}) {
		t.Errorf("next %q", r.Next)
	}
	cut.Closing = "On it."
	if r := Capture(cut, &Session{}, "en"); !slices.Equal(r.Next, []string{"Resume the interrupted work: Rewrite the application"}) {
		t.Errorf("a bare go-ahead: next %q", r.Next)
	}
}

// A question after a next-steps list is its own open item, beside the steps; a plain
// question before a sign-off is no open item.
func TestQuestionsAtTheEnd(t *testing.T) {
	t.Parallel()
	end := turn("what next?", "The schema is in.\n\nNext steps:\n- Add the index\n- Shall I also add a cache for the lookups?")
	end.SessionEnded = true
	if r := Capture(end, &Session{}, "en"); !slices.Equal(r.Next, []string{"Add the index", "Question left unanswered: Shall I also add a cache for the lookups?"}) {
		t.Errorf("next steps ending on a question: next %q", r.Next)
	}
	end = turn("what next?", "The build is green.\n\nWould you like me to tag the release now?\n\nHave a good weekend!")
	end.SessionEnded = true
	if r := Capture(end, &Session{}, "en"); len(r.Next) != 0 {
		t.Errorf("a plain question before a sign-off: next %q", r.Next)
	}
}

// A session that commits its work and, when it ends, changed files after its last commit
// leaves them to commit: an open item names them. A session that never commits (the user
// commits) says nothing of it; a later commit that goes through takes the item back.
func TestUncommittedAtTheEnd(t *testing.T) {
	t.Parallel()
	commit := func(id string) *transcript.ToolUse {
		u := bash(id, `git add -A && git commit -m "feat: export"`, "[main 1a2b3c4] feat: export", false)
		u.CommitHash = "1a2b3c4"
		return u
	}
	s := &Session{}
	Capture(turn("add the export", "Committed.", edit("/repo/src/export.ts"), commit("1"), edit("/repo/src/menu.ts")), s, "en")
	end := turn("now the docs", "Documented.", edit("/repo/README.md"), bash("2", "rm docs/old.md", "", false))
	end.SessionEnded = true
	r := Capture(end, s, "en")
	want := "Not committed since the session's last commit: src/menu.ts, README.md, docs/old.md"
	if !slices.Contains(r.Next, want) {
		t.Fatalf("next = %q, want %q", r.Next, want)
	}
	r = Capture(turn("commit it", "Committed.", commit("3")), s, "en")
	if !slices.Contains(r.Drop, want) {
		t.Errorf("committed later: drop = %q", r.Drop)
	}
	// A long list names every file, grouped by folder in as many bullets as it needs, and a
	// later commit takes all of them back.
	s = &Session{}
	var edits []*transcript.ToolUse
	var files []string
	for _, dir := range []string{"src/scanner", "src/api", "src/db", "src/ui", "tests", "scripts"} {
		for i := range 8 {
			f := fmt.Sprintf("%s/module_with_a_long_name_%d.rs", dir, i)
			files, edits = append(files, f), append(edits, edit("/repo/"+f))
		}
	}
	Capture(turn("add the export", "Committed.", edit("/repo/src/export.ts"), commit("5")), s, "en")
	end = turn("fix the warnings", "Fixed.", edits...)
	end.SessionEnded = true
	r = Capture(end, s, "en")
	notes := slices.DeleteFunc(slices.Clone(r.Next), func(n string) bool { return !strings.HasPrefix(n, "Not committed") })
	named := map[string]bool{}
	for _, n := range notes {
		for _, f := range ParseFileList(strings.TrimPrefix(n, "Not committed since the session's last commit: ")) {
			named[f] = true
		}
	}
	if len(notes) < 2 || len(named) != len(files) || !named[files[0]] || !named[files[len(files)-1]] {
		t.Fatalf("a long list after the last commit: %d bullets naming %d of %d files: %q", len(notes), len(named), len(files), notes)
	}
	r = Capture(turn("commit it", "Committed.", commit("6")), s, "en")
	if gone := slices.DeleteFunc(slices.Clone(notes), func(n string) bool { return slices.Contains(r.Drop, n) }); len(gone) > 0 {
		t.Errorf("committed later: not dropped %q", gone)
	}
	s = &Session{}
	end = turn("add the export", "Done.", edit("/repo/src/export.ts"))
	end.SessionEnded = true
	if r := Capture(end, s, "en"); slices.ContainsFunc(r.Next, func(n string) bool { return strings.HasPrefix(n, "Not committed") }) {
		t.Errorf("a session that never commits: next = %q", r.Next)
	}
	s = &Session{}
	end = turn("add the export and commit", "Committed.", edit("/repo/src/export.ts"), commit("4"))
	end.SessionEnded = true
	if r := Capture(end, s, "en"); slices.ContainsFunc(r.Next, func(n string) bool { return strings.HasPrefix(n, "Not committed") }) {
		t.Errorf("all committed: next = %q", r.Next)
	}
}

// What the session leaves open is kept as it stands after every turn, for agents that say
// nothing when a session ends (OpenCode, older Codex) or a terminal closed on one: the
// question the last answer asked, until the user answers it; the files changed after the last
// commit, until a commit takes them. A check still failing waits for the end: a later turn
// may pass it under another command line.
func TestEndingKeptCurrentWithoutSessionEnd(t *testing.T) {
	t.Parallel()
	commit := bash("c", `git commit -am "feat: export"`, "[main 1a2b3c4] feat: export", false)
	commit.CommitHash = "1a2b3c4"
	s := &Session{}
	asked := "Question left unanswered: Shall I add a cache for the lookups?"
	since := "Not committed since the session's last commit: src/menu.ts"
	r1 := Capture(turn("add the export", "The export is in.\n\nShall I add a cache for the lookups?", edit("/repo/src/export.ts"), commit,
		edit("/repo/src/menu.ts"), bash("t", "npm test", "FAIL src/export.test.ts\n  Expected: 2\n  Received: 3", true)), s, "en")
	if !slices.Contains(r1.Next, asked) || !slices.Contains(r1.Next, since) {
		t.Errorf("after the first turn: next %q", r1.Next)
	}
	if slices.ContainsFunc(r1.Next, func(n string) bool { return strings.HasPrefix(n, "Still failing") }) {
		t.Errorf("a failing check before the session's end: next %q", r1.Next)
	}
	r2 := Capture(turn("yes, add the cache", "Done.", edit("/repo/src/cache.ts")), s, "en")
	for _, gone := range []string{asked, since} {
		if !slices.Contains(r2.Drop, gone) {
			t.Errorf("after the answer: %q not dropped, drop %q", gone, r2.Drop)
		}
	}
	if want := "Not committed since the session's last commit: src/menu.ts, src/cache.ts"; !slices.Contains(r2.Next, want) {
		t.Errorf("the files since the commit: next %q", r2.Next)
	}
	commit2 := bash("c2", `git commit -am "feat: cache"`, "[main 5e6f7a8] feat: cache", false)
	commit2.CommitHash = "5e6f7a8"
	r3 := Capture(turn("commit it", "Committed.", commit2), s, "en")
	if open := openAfter(r1, r2, r3); len(open) != 0 {
		t.Errorf("after the commit, still open: %q", open)
	}
	end := turn("thanks", "You're welcome.")
	end.SessionEnded = true
	if r := Capture(end, s, "en"); !slices.Contains(r.Next, "Still failing when the session ended: `npm test`") {
		t.Errorf("at the session's end: next %q", r.Next)
	}
}
