package capture

import (
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// goalOfPrompt gives the goals of a one-edit turn asked by prompt.
func goalOfPrompt(t *testing.T, prompt string) []string {
	t.Helper()
	b := &transcripttest.Claude{}
	b.Prompt(prompt)
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/app.js"})
	b.Result("e1", "ok", false)
	return extractEN(t, b, "/home/dev/proj").Goal
}

// A prompt that states its task in a first sentence and explains it in the next ones has
// that sentence as its goal; a first sentence that asks nothing keeps the prompt's line.
func TestGoalIsTheFirstSentenceThatStatesTheTask(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"I want to make a board game where turns are replaced by timers on each piece. Any piece whose timer ran out can move. The timer restarts after a move.": "I want to make a board game where turns are replaced by timers on each piece",
		"Let's split server.js into several modules. First propose a way to cut it (routing, storage, views) and wait for my go.":                                "Let's split server.js into several modules",
		"Add a dark mode to the settings page. It should follow the system theme by default.":                                                                    "Add a dark mode to the settings page",
		"The export tool writes one file per day. Those files are too big to open.":                                                                              "The export tool writes one file per day. Those files are too big to open.",
		"Fix it. The login page crashes when the password is empty.":                                                                                             "Fix it. The login page crashes when the password is empty.",
	} {
		if g := goalOfPrompt(t, prompt); len(g) != 1 || g[0] != want {
			t.Errorf("goal of %q = %q, want %q", prompt, g, want)
		}
	}
}

// A prompt that names its task after a label ("Target: …") has that task as its goal,
// with the project's name that stands before the label; a request before the label stays.
func TestGoalIsTheTaskAfterATargetLabel(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"новый проект в корне. billing-sync - Target: Nightly export of invoices to the ledger\n\nDetails follow": "Nightly export of invoices to the ledger (billing-sync)",
		"Goal: a command that prints the open invoices":                     "A command that prints the open invoices",
		"Fix the nightly export of invoices, Goal: ledger matches the bank": "Fix the nightly export of invoices, Goal: ledger matches the bank",
	} {
		if g := goalOfPrompt(t, prompt); len(g) != 1 || g[0] != want {
			t.Errorf("goal of %q = %q, want %q", prompt, g, want)
		}
	}
}

// A link to an issue or a pull request reads as its number in the goal; a request the
// link opens ("as per <link> do X") comes first, the link after it.
func TestGoalNamesAnIssueLinkByItsNumber(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"as per https://github.com/acme/shop/issues/42#issuecomment-123456 take the second step to PR": "Take the second step to PR (issue #42)",
		"Review the change of https://github.com/acme/shop/pull/7 and fix what breaks":                 "Review the change of PR #7 and fix what breaks",
		"Read https://example.com/guide/setup and set the project up like it":                          "Read https://example.com/guide/setup and set the project up like it",
	} {
		if g := goalOfPrompt(t, prompt); len(g) != 1 || g[0] != want {
			t.Errorf("goal of %q = %q, want %q", prompt, g, want)
		}
	}
}
