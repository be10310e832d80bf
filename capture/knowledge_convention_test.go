package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// What the agent saw the code use in place of what it expected ("I can see that the api
// package uses `userId` instead of `uid`") is how this code differs from a guess: knowledge.
// A look around with no such difference stays out.
func TestSeenConventionIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Wire the profile page to the api package")
	b.Say("m1", "Let me read the api types first.")
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/api/types.ts"})
	b.Result("r1", "export interface User { userId: string; fullName: string }", false)
	b.Say("m2", "Good! I can see that the api package uses `userId` instead of `uid` and `fullName` instead of `name`. Now let me update the page:")
	b.Say("m3", "I can see that the page renders the user card.")
	b.Say("m4", "The profile page now reads the user from the api package.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The api package uses `userId` instead of `uid` and `fullName` instead of `name`."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}
