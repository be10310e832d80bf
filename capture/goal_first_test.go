package capture

import "testing"

// A prompt that states where the work is going and then what to build "but first" has
// both as its goal: the vision, then the step the turn builds. A "first" that asks for a
// proposal or a plan leaves the goal as it was.
func TestGoalKeepsTheStepAskedButFirst(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"I want to make a board game where turns are replaced by timers on each piece. Any piece whose timer ran out can move.\nBut first, let's make a plain checkers app: a page with the board and a reset button. Pieces move by click.": "I want to make a board game where turns are replaced by timers on each piece; first, let's make a plain checkers app",
		"I want to make a board game where turns are replaced by timers on each piece. But first, propose a file layout for it.":                                                                                                             "I want to make a board game where turns are replaced by timers on each piece",
		"Let's split server.js into several modules. First propose a way to cut it (routing, storage, views) and wait for my go.":                                                                                                            "Let's split server.js into several modules",
	} {
		if g := goalOfPrompt(t, prompt); len(g) != 1 || g[0] != want {
			t.Errorf("goal of %q = %q, want %q", prompt, g, want)
		}
	}
}
