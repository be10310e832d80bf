package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// "in favour of", "going with", "settled on" state a choice as plainly as "instead of".
func TestChoiceWordsAreDecisions(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Set up the front end")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/package.json", "content": "{}"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Dropped webpack in favour of Vite for faster rebuilds. "+
		"I'm going with Tailwind for styling. We settled on React 19 for the new router. The page loads.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Dropped webpack in favour of Vite for faster rebuilds.", "I'm going with Tailwind for styling.", "We settled on React 19 for the new router."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// "No X - just Y" in a closing text is a choice: what was left out and what was kept.
func TestRefusalIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Add a way to refresh the config")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/sync.py", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "The implementation is minimal. No automatic fetching or complex caching - just simple, explicit refresh when needed.\n\n"+
		"No tests were run on the new flag. No errors, just two warnings from the linter. "+
		"No package reinstall needed - just the `install` command refreshes the templates.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Equal(e.Decisions, []string{"No automatic fetching or complex caching - just simple, explicit refresh when needed."}) {
		t.Errorf("decisions = %q", e.Decisions)
	}
	if !slices.Equal(e.Knowledge, []string{"No package reinstall needed - just the `install` command refreshes the templates."}) {
		t.Errorf("knowledge = %q (what is not needed is how the tool works)", e.Knowledge)
	}
}

// A plan's "## Solution" stated as a paragraph is the choice the plan makes when it says
// why ("Restart the dev server to force the schema push."); one that only names the fix
// ("Add the fields to the validator.") is the work to do, not a choice.
func TestPlanSolutionParagraphIsADecision(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		solution string
		decision bool
	}{
		{"Add the four fields to the mutation validator in `api/validators.ts`.", false},
		{"Restart the dev server to force the schema deployment.", true},
	} {
		plan := "# Plan: Fix the missing fields\n\n## Problem\nThe validator rejects the new fields.\n\n" +
			"## Solution\n\n" + tc.solution + "\n\n## Steps\n1. Edit the validator\n2. Rebuild\n"
		b := &transcripttest.Claude{}
		b.Prompt("the save still fails")
		b.Use("m1", "x1", "ExitPlanMode", map[string]any{"plan": plan})
		b.Result("x1", "User has approved your plan.", false)
		b.Say("m2", "Done.")
		e := extractEN(t, b, "/home/dev/proj")
		if slices.Contains(e.Decisions, tc.solution) != tc.decision {
			t.Errorf("%q: decisions = %q", tc.solution, e.Decisions)
		}
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

// A plan's overview paragraph, or a spec's, says what the plan is about (its goal), not a
// choice made: "Create a `help` command that lists…", "This feature enables X rather than Y".
func TestPlanOverviewIsNoDecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Implement the following plan:\n\n# Add a help command\n\n## Overview\n\n" +
		"Create a `help` command that lists every command, so users need not open the docs.\n\n" +
		"## Files\n\n| File | Action |\n|---|---|\n| `help.md` | Create |\n")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/specs/live-config.md", "content": "# Live config\n\n## Overview\n" +
		"This feature enables the project to fetch its configuration from the live workspace, rather than relying solely on a static file.\n\n" +
		"## Implementation\n- Added `refresh_config()`\n"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Decisions) != 0 {
		t.Errorf("decisions = %q, want none", e.Decisions)
	}
}

// "Since X, I'll Y" gives a move and its reason: a choice, unless the move is only to look
// or is the agent's next action told as it does it ("…, let me configure the mock properly"):
// that is narration, not what was chosen.
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
	want := []string{"Since raw history lacks assistant replies, I'll prioritize the export CLI and fall back to the history file."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A choice stated only in the model's thinking counts when it is said as one ("I've decided
// on", "I've opted for"): not the agent's plans for its next step, not its choice of a tool,
// and no fact is taken from thinking.
func TestThinkingGivesStatedDecisionsOnly(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("build the admin layout from the design")
	b.ThinkText("m1", "I've decided on a standard sidebar with the logo at the top so that every page shares one navigation. "+
		"Now I'll create the configuration module using pydantic-settings.")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/Sidebar.tsx", "content": "x"})
	b.Result("w1", "ok", false)
	b.ThinkText("m2", "After some deliberation, I've opted for the `push_files` tool given its reliable authentication. "+
		"I've decided to initially focus on the first dashboard to get a feel for it. "+
		"The root cause is the empty repository, which has no main branch.")
	b.Say("m2", "The layout is built.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"I've decided on a standard sidebar with the logo at the top so that every page shares one navigation."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
	if len(e.Knowledge) != 0 {
		t.Errorf("knowledge = %q, want none from thinking", e.Knowledge)
	}
}

// A request is a review when it says so at its top: a word deep in pasted material
// ("171. Admin Dashboard Template Reviews") does not turn the work into a review.
func TestReviewWordDeepInThePromptIsNoReview(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build the admin dashboard from the design.\n\nKeywords of the design file:\n\n170. Dashboard Template Showcase\n\n171. Admin Dashboard Template Reviews\n")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/App.tsx", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Built it. The sidebar uses CSS grid instead of flexbox so the rows line up.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The sidebar uses CSS grid instead of flexbox so the rows line up."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// How the agent splits its own work (subtasks, the Task tool, subagents) is its process,
// not a choice for the project.
func TestAgentProcessIsNoDecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("create a TODO app")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/app.tsx", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Since no custom commands are available, I'll decompose the app into independent subtasks and run them in parallel using the Task tool.")
	b.Say("m3", "Done. State lives in a reducer instead of a global store, so the tests need no provider.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"State lives in a reducer instead of a global store, so the tests need no provider."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// Thinking enters the extractor through the guard like every text: a secret said there is
// redacted before any rule reads it.
func TestThoughtsPassTheGuard(t *testing.T) {
	t.Parallel()
	turn := &transcript.Turn{Prompt: "set up the demo", Closing: "Done.",
		Thoughts: []string{"I've decided to keep the admin password is Winter2024! in the demo env file for the walkthrough.",
			"Thinking about it, the admin password is Winter2024! too."}}
	g := guardTurn(turn).Thoughts
	for _, th := range g {
		if strings.Contains(th, "Winter2024") {
			t.Errorf("a secret passed the guard: %q", th)
		}
	}
	if len(g) != 1 || !strings.Contains(g[0], "[redacted]") {
		t.Errorf("guarded thoughts = %q, want the choice, redacted", g)
	}
	if turn.Thoughts[0] == "" || !strings.Contains(turn.Thoughts[0], "Winter2024") {
		t.Fatal("the guard changed the caller's turn")
	}
}

// "Reverted X back to Y" says what the session went back to: a choice, which replaces in
// the day's log the choice it undoes (memstore); a sentence that only mentions a fallback
// is none.
func TestRevertIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("undo the last change")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/styles.css", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Reverted the hover styling back to the inset shadow approach:\n\n"+
		"- `styles.css`: `hover-target` now again uses `box-shadow: inset`.\n\n"+
		"The export still reverts to the history file when the CLI is missing.")
	e := extractEN(t, b, "/home/dev/proj")
	if want := []string{"Reverted the hover styling back to the inset shadow approach."}; !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A choice stated in thinking keeps the reason the same thought gives for it a few
// sentences on ("… to minimize issues with rate limits"): what was chosen and why; one
// with no reason near it is dropped (see decision_why.go).
func TestThoughtChoiceKeepsItsReason(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("build the pages from the design")
	b.ThinkText("m1", "I'm now implementing the export phase. I've chosen the two main dashboard frames. "+
		"I am setting up the manifest file, mapping these frames to two routes. "+
		"I'm keeping the export small to minimize possible issues with rate limits.")
	b.ThinkText("m2", "I've decided on a standard sidebar with the logo at the top. The header holds the search box and the profile menu.")
	b.Use("m2", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/Sidebar.tsx", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m3", "The pages are built.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"I've chosen the two main dashboard frames — I'm keeping the export small to minimize possible issues with rate limits."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A README's "Tech Stack" is one choice: its short "Label: value" lines make one decision,
// not one each.
func TestStackListIsOneDecision(t *testing.T) {
	t.Parallel()
	doc := "# Todo app\n\n## Tech Stack\n- **Framework**: Next.js 14 (App Router)\n- **Language**: TypeScript\n" +
		"- **Styling**: Tailwind CSS\n- **Storage**: localStorage\n\n## Approach\n\n" +
		"- Keep the state in one reducer rather than scattered hooks.\n"
	b := &transcripttest.Claude{}
	b.Prompt("write the README")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/README.md", "content": doc})
	b.Result("w1", "File created successfully at: /home/dev/proj/README.md", false)
	b.Say("m2", "README written.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Framework: Next.js 14 (App Router); Language: TypeScript; Styling: Tailwind CSS; Storage: localStorage",
		"Keep the state in one reducer rather than scattered hooks."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
