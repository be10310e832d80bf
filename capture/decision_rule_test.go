package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A prompt that changes a rule of what is built states the choice: the rule, with the
// statement that follows it, is a decision in the user's words.
func TestChangedRuleIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Change the rule such that a round ends when the last card is played. There is no draw pile. Keep the scores.")
	b.Say("m1", "Rounds now end on the last card.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"A round ends when the last card is played. There is no draw pile."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// A rule that is only asked about, or a prompt that merely mentions rules, sets nothing.
func TestRuleMentionIsNoDecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Highlight the scoring rules in the readme. Should we change the rule so that ties replay?")
	b.Say("m1", "Updated the readme.")
	if e := extractEN(t, b, "/home/dev/proj"); len(e.Decisions) != 0 {
		t.Errorf("decisions = %q, want none", e.Decisions)
	}
}
