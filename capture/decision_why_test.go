package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A choice the model states in its thinking with no reason near it ("I've decided on the
// light style as the primary page. Next, I'll fetch its nodes.") is where it looks next,
// not a choice a colleague would note; the same kind of choice that says why stays.
func TestThoughtChoiceWithoutWhyIsNoDecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("build the pages from the design")
	b.ThinkText("m1", "I've decided on the light style page as the primary page. Next, I'll retrieve its node ID. "+
		"After that, I'll fetch a visual overview.")
	b.ThinkText("m2", "I've chosen the two main dashboard frames. I'm keeping the export small to minimize issues with rate limits.")
	b.Use("m2", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/App.tsx", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m3", "The pages are built.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"I've chosen the two main dashboard frames — I'm keeping the export small to minimize issues with rate limits."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// "X now uses Y instead of Z" with no reason is the change the user asked for, told as
// the new state: the work, not a choice (and the next tweak of the same thing makes it
// stale). The same state with its reason stays a decision.
func TestNewStateWithoutWhyIsNoDecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("highlight the corners of capture squares instead of the dot")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/styles.css", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Capture targets now use corner highlights instead of the green dot.\n\n"+
		"- `styles.css`: capture squares now use radial gradients per corner to render quarter circles instead of full circles.\n"+
		"- `export.py`: the fallback now marks entries as user-only (since the history lacks the answers) instead of alternating roles.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"`export.py`: the fallback now marks entries as user-only (since the history lacks the answers) instead of alternating roles."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A prompt that answers the agent's numbered questions point by point ("1: the upload
// retries …") gives the user's choices: each point is a decision, in the user's words.
func TestNumberedAnswerGivesTheUserChoices(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("1: the upload retries if the network drops. If the file is too large, it's refused\n" +
		"2: a second upload of the same file replaces the first\n" +
		"3. If the user is offline, the upload waits in a queue")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/upload.js", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Implemented the upload rules.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The upload retries if the network drops. If the file is too large, it's refused",
		"A second upload of the same file replaces the first", "If the user is offline, the upload waits in a queue"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A numbered list of requests ("1. Add the upload page") asks for work: no choice.
func TestNumberedRequestsGiveNoChoice(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("1. Add the upload page\n2. Fix the login redirect")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/upload.js", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "Both are done.")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Decisions) != 0 {
		t.Errorf("decisions = %q, want none", e.Decisions)
	}
}
