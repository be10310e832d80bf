package capture

import (
	"slices"
	"testing"
)

// A name seen in the code ("the app uses `title` instead of `text`") that a decision of the
// same turn was made to fit ("Created … to match the existing app structure") is that
// decision's reason: said once, in the decision, not again as knowledge.
func TestSeenConventionFoldsIntoItsFitDecision(t *testing.T) {
	t.Parallel()
	b := fitTurn("I can see that the app uses a simpler structure with `title` instead of `text`. "+
		"I need to create a simpler store hook that matches the existing app structure. Let me create that first:", true)
	e := extractEN(t, b, "/home/dev/proj")
	want := "Created a simpler store hook to match the existing app structure: `title` instead of `text`"
	if !slices.Contains(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q in it", e.Decisions, want)
	}
	if slices.ContainsFunc(e.Knowledge, func(k string) bool { return k == "The app uses a simpler structure with `title` instead of `text`." }) {
		t.Errorf("the decision's reason kept again as knowledge: %q", e.Knowledge)
	}
}

// A name seen in a thing no decision fits stays knowledge.
func TestSeenConventionWithoutFitStaysKnowledge(t *testing.T) {
	t.Parallel()
	b := fitTurn("I can see that the api package uses `userId` instead of `uid`. "+
		"I need to create a simpler store hook that matches the existing app structure. Let me create that first:", true)
	e := extractEN(t, b, "/home/dev/proj")
	if want := "The api package uses `userId` instead of `uid`."; !slices.Contains(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q in it", e.Knowledge, want)
	}
	if want := "Created a simpler store hook to match the existing app structure"; !slices.Contains(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q in it", e.Decisions, want)
	}
}
