package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A plan's "## Solution" stated as a paragraph is the choice the plan makes.
func TestPlanSolutionParagraphIsADecision(t *testing.T) {
	t.Parallel()
	plan := "# Plan: Fix the missing fields\n\n## Problem\nThe validator rejects the new fields.\n\n" +
		"## Solution\n\nAdd the four fields to the mutation validator in `api/validators.ts`.\n\n" +
		"## Steps\n1. Edit the validator\n2. Rebuild\n"
	b := &transcripttest.Claude{}
	b.Prompt("the save still fails")
	b.Use("m1", "x1", "ExitPlanMode", map[string]any{"plan": plan})
	b.Result("x1", "User has approved your plan.", false)
	b.Say("m2", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	want := "Add the four fields to the mutation validator in `api/validators.ts`."
	if !slices.Contains(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q among them", e.Decisions, want)
	}
}

// A closing text's "Decisions" heading followed by a paragraph (not a plan) stays as it was:
// only items count there.
func TestClosingSolutionParagraphIsNotTaken(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("fix the save")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/a.ts", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m2", "## Solution\n\nI have updated the code and everything works now as expected.\n")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Decisions) != 0 {
		t.Errorf("decisions = %q, want none", e.Decisions)
	}
}

// "I'll use X" opens a choice: the sentence is kept although it starts like an announcement.
func TestIllUseIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("add settings")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/config.py", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m2", "I'll use pydantic-settings for the configuration so env vars are validated. I'll read the file now to check it.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"I'll use pydantic-settings for the configuration so env vars are validated."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// "for backward compatibility" gives the reason of a choice.
func TestBackwardCompatibilityIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("add the fields")
	b.Use("m1", "w1", "Edit", map[string]any{"file_path": "/home/dev/proj/schema.ts", "old_string": "a", "new_string": "b"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Added the four fields.\n\n- All fields are optional for backward compatibility\n- Build passed\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"All fields are optional for backward compatibility"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A role preamble ("You are an expert …") is not the task: the goal is the request after it.
func TestRolePreambleIsNotTheGoal(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"You are an expert frontend engineer. Write the React code for the given design.\n\nProject root: /x": "Write the React code for the given design.",
		"Act as a senior reviewer. Review the payment module for race conditions.":                            "Review the payment module for race conditions.",
		"You are right, the test is flaky. Fix it by waiting for the server.":                                 "You are right, the test is flaky. Fix it by waiting for the server.",
	} {
		if got := goalOf(prompt); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", prompt, got, want)
		}
	}
}

// "preview" is not "review": a closing text that mentions the preview page keeps its choices.
func TestPreviewIsNotAReview(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("add the fields")
	b.Use("m1", "w1", "Edit", map[string]any{"file_path": "/home/dev/proj/schema.ts", "old_string": "a", "new_string": "b"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Added the four fields.\n\n- All fields are optional for backward compatibility\n\n"+
		"**Next step:** test the page at `/preview/configure`.\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"All fields are optional for backward compatibility"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A plan's overview paragraph says what the plan chose to build and why.
func TestPlanOverviewIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Implement the following plan:\n\n# Add a help command\n\n## Overview\n\n" +
		"Create a `help` command that lists every command, so users need not open the docs.\n\n" +
		"## Files\n\n| File | Action |\n|---|---|\n| `help.md` | Create |\n")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/help.md", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Create a `help` command that lists every command, so users need not open the docs."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A courtesy or an acknowledgement before the request ("Thanks! Please update …") is not
// part of the goal.
func TestCourtesyBeforeTheRequestIsDropped(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"Thanks! Please update CLAUDE.md for current changes": "Please update CLAUDE.md for current changes",
		"Perfect. Now add tests for the parser.":              "Now add tests for the parser.",
		"Thanks!":                                             "",
	} {
		if got := goalOf(prompt); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", prompt, got, want)
		}
	}
}

// "Since X, I'll Y" gives a move and its reason: a choice, unless the move is only to look.
func TestReasonedMoveIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("export the history")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/export.py", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Since raw history lacks assistant replies, I'll prioritize the export CLI and fall back to the history file:")
	b.Say("m3", "Since I need to see the content, let me look at the files. Since the test failed, I'll check the logs first. "+
		"Since I need to make real changes, let me work through the files one by one.")
	b.Say("m4", "Actually, a different approach. Since this test should work with mocks, let me configure the mock properly:")
	b.Say("m5", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Since raw history lacks assistant replies, I'll prioritize the export CLI and fall back to the history file.",
		"Since this test should work with mocks, let me configure the mock properly."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// "ultrathink" asks the agent to think longer: it is not part of the task.
func TestThinkingKeywordIsNotTheGoal(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"Why is the last test failing? ultrathink": "Why is the last test failing?",
		"ultrathink: plan the cache layer":         "plan the cache layer",
		"ultrathink":                               "",
	} {
		if got := goalOf(prompt); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", prompt, got, want)
		}
	}
}

// A prompt that asks to try again continues the last task: it is not a goal of its own.
func TestTryAgainIsAFollowUp(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"The drag and drop doesn't seem to be working. Try again. Nothing happens if I drag a piece": "",
		"Le glisser-déposer ne marche pas, réessaie":                                                 "",
		"Add a retry button so users can try again":                                                  "Add a retry button so users can try again",
		"Add a still image to the landing page":                                                      "Add a still image to the landing page",
	} {
		if got := goalOf(prompt); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", prompt, got, want)
		}
	}
}
