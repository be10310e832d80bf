package extract

import "testing"

// A short answer to the agent is no goal; a question, a longer statement or a task is.
func TestRepliesAreNoGoals(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"應該是都可以看到的":            "",
		"就是這個session開始的時間":     "",
		"it's the staging one": "",
		"對齊按鈕":                 "對齊按鈕",
		"所以現在還差什麼？":            "所以現在還差什麼？",
		"應該是哪一個檔案？":            "應該是哪一個檔案？",
		"對照 indicator.md 修改 scoring 的權重, 並且把 feedback.md 的建議加進 README": "對照 indicator.md 修改 scoring 的權重, 並且把 feedback.md 的建議加進 README",
		"it's broken again, please fix the login redirect":             "it's broken again, please fix the login redirect",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
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

// A prompt that opens with an answer word and asks back, or says only a few words, answers
// the agent's question: it refines the task under way and is no goal of its own; "ok"
// before a request, or a request after "yes", is a goal.
func TestAnswersToTheAgentAreNoGoals(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"yes that makes sense or we could do how much times users deposited to their agent vault ?": "",
		"No, the staging one, not prod.":               "",
		"ok now add a dark mode toggle":                "ok now add a dark mode toggle",
		"Yesterday's export broke, fix the CSV header": "Yesterday's export broke, fix the CSV header",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// A request followed by a label that opens a quote ("…: Reminder: \"…") is the goal; a line
// that is only a label before a paste gives none.
func TestRequestBeforeALabelledQuote(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Now let's implement the realtime aspect: Reminder: \"I want a chess variant where pieces\n are allowed to move.\"": "Now let's implement the realtime aspect",
		"I'm getting:\n\nTypeError: x is undefined": "",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}
