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
	if !slices.ContainsFunc(r.Decisions, func(d string) bool { return strings.Contains(d, "Grant Reapplication") }) {
		t.Errorf("decisions = %q", r.Decisions)
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

// Work an interruption left half done is to resume only until a later turn works: the user
// went on (with the same task or another one), and the session's end no longer leaves it
// half done. The same turn read again (at the session's end), a later turn that changes
// nothing, or one cut again on the same task, keeps it.
func TestResumeEndsWithLaterWork(t *testing.T) {
	t.Parallel()
	s := &Session{}
	want := "Resume the interrupted work: Show the heart icon on the menu page"
	cut := turn("Show the heart icon on the menu page", "Fixed the icon.", edit("/repo/menu.tsx"))
	cut.Interrupted = true
	if r := Capture(cut, s, "en"); !slices.Contains(r.Next, want) {
		t.Fatalf("interrupted: next %q", r.Next)
	}
	again := *cut
	again.SessionEnded = true
	steps := []*transcript.Turn{&again, turn("what are you doing?", "Checking the API.")}
	cutAgain := turn("go on", "Still on it.", edit("/repo/menu.tsx"))
	cutAgain.Interrupted = true
	for i, tn := range append(steps, cutAgain) {
		if r := Capture(tn, s, "en"); slices.Contains(r.Drop, want) || slices.Contains(r.Close, want) {
			t.Errorf("case %d: drop %q close %q", i, r.Drop, r.Close)
		}
	}
	r := Capture(turn("Now look at the frontend", "The page shows it.", edit("/repo/page.tsx")), s, "en")
	if !slices.Contains(r.Drop, want) {
		t.Errorf("later work: drop %q next %q", r.Drop, r.Next)
	}
	if r := Capture(turn("And the footer", "Done.", edit("/repo/footer.tsx")), s, "en"); len(r.Drop) != 0 {
		t.Errorf("dropped twice: %q", r.Drop)
	}
}

// At the session's end a check still failing is open, but not one that could not run at
// all: a script the project does not have, a command the shell did not find, is no state
// of the project's code.
func TestStillFailingNeedsACheckThatRan(t *testing.T) {
	t.Parallel()
	s := &Session{}
	Capture(turn("Fix the menu", "Lint still fails.", edit("/repo/menu.ts"),
		bash("b", "npm run build", `npm error Missing script: "build"`, true),
		bash("t", "pytest -q", "bash: pytest: command not found", true),
		bash("l", "npm run lint", "src/menu.ts:3:1  Error: Unexpected any. Specify a different type.", true)), s, "en")
	end := turn("thanks", "You're welcome.")
	end.SessionEnded = true
	r := Capture(end, s, "en")
	var still []string
	for _, n := range r.Next {
		if strings.HasPrefix(n, "Still failing") {
			still = append(still, n)
		}
	}
	if len(still) != 1 || !strings.Contains(still[0], "npm run lint") {
		t.Errorf("still failing %q", still)
	}
}

// A session that ends on a call the agent never closed with a text (its result came, no
// answer after it) ended in the middle of that turn: its work is to resume. The same turn
// closed by a text is not.
func TestSessionEndsOnACall(t *testing.T) {
	t.Parallel()
	for _, onCall := range []bool{true, false} {
		end := turn("The desktop app still fails to launch with the server config", "Let me try the command style config instead:", edit("/repo/config.json"))
		end.EndsOnCall, end.SessionEnded = onCall, true
		r := Capture(end, &Session{}, "en")
		resumed := slices.ContainsFunc(r.Next, func(n string) bool { return strings.HasPrefix(n, "Resume the interrupted work:") })
		if resumed != onCall {
			t.Errorf("ends on a call %v: next %q", onCall, r.Next)
		}
	}
	refused := turn("Plan the fix", "Here is the plan.", &transcript.ToolUse{Name: "ExitPlanMode", HasResult: true, IsError: true,
		Output: "The user doesn't want to proceed with this tool use."})
	refused.EndsOnCall, refused.SessionEnded, refused.TurnedDown = true, true, true
	if r := Capture(refused, &Session{}, "en"); len(r.Next) != 0 || len(r.Problems) != 0 {
		t.Errorf("a call the user turned down: next %q problems %q", r.Next, r.Problems)
	}
}

// The work to resume after a reply that only reacts to the last answer ("nope, still
// failing") is the task that reply continues, not the reply.
func TestResumeNamesTheTaskAReactionContinues(t *testing.T) {
	t.Parallel()
	s := &Session{}
	Capture(turn("The desktop app fails to launch, remove the docs server from its config", "Done. Restart it.", edit("/repo/config.json")), s, "en")
	end := turn("nope its still failing", "Let me try the command style config instead:", edit("/repo/config.json"))
	end.EndsOnCall, end.SessionEnded = true, true
	r := Capture(end, s, "en")
	if want := "Resume the interrupted work: The desktop app fails to launch, remove the docs server from its config"; !slices.Contains(r.Next, want) {
		t.Errorf("next %q", r.Next)
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
}
