package capture

import (
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A short answer to the agent is no goal; a question, a longer statement or a task is.
func TestRepliesAreNoGoals(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"應該是都可以看到的":            "",
		"就是這個session開始的時間":     "",
		"it's the staging one": "",
		"對齊按鈕":                 "對齊按鈕",
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

// A short question about where the work stands ("so what's still missing?") asks for a
// status, not a new task; a question about something else is a goal.
func TestStatusQuestionsAreNoGoals(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"所以現在還差什麼？":                      "",
		"what's left?":                   "",
		"So what is still missing?":      "",
		"where are we now?":              "",
		"et maintenant, il reste quoi ?": "",
		"what's left in the parser's API to document before the release?": "what's left in the parser's API to document before the release?",
		"What else could cause the crash?":                                "What else could cause the crash?",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// Chatter that closes a request ("yeah and all do you understand?") is not the task.
func TestChatterAfterTheRequestIsDropped(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"please rewrite the grant application, emphasise the payments integration yeah and all do you understand? also keep it short and precise about what the product does, for the reviewers who will read it": "please rewrite the grant application, emphasise the payments integration",
		"Move the settings panel to the right?": "Move the settings panel to the right?",
		"Add a dark mode toggle, you know?":     "Add a dark mode toggle",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// A prompt the model refused to answer gives no goal and no problem: the user says it again
// in other words, and nothing of the project went wrong.
func TestRefusedPromptIsNoGoal(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("what is the simplest path to this feature set? keep it simple")
	b.Say("m1", "API Error: Claude Code is unable to respond to this request, which appears to violate our Usage Policy (https://www.anthropic.com/legal/aup). Please double press esc to edit your last message.")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Goal) != 0 {
		t.Errorf("a refused prompt is a goal: %q", e.Goal)
	}
	if len(e.Problems) != 0 {
		t.Errorf("a refused prompt is a problem: %q", e.Problems)
	}
}

// A slash command given a file named after its task ("/implement specs/2025-11-07-1416-fix-
// login-redirect.md") says that task in words, without the command and its file (both
// readers of c10: the goal "still carries the /implement specs/… command"); other
// arguments stay as they are.
func TestSlashCommandOnANamedFileSaysItsTask(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"<command-name>/implement</command-name>\n<command-args>specs/active/2025-11-07-1416-fix-login-redirect-loop.md</command-args>": "Fix login redirect loop",
		"<command-name>/implement</command-name>\n<command-args>specs/auth_token_refresh.md</command-args>":                             "Auth token refresh",
		"<command-name>/review</command-name>\n<command-args>main.go</command-args>":                                                    "/review main.go",
		"<command-name>/orchestrator</command-name>\n<command-args>create TODO app by Next.js</command-args>":                           "Create TODO app by Next.js (/orchestrator)",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// A plan drawn up after the user's answer to the agent ("yes, or we could …?") refines the
// task under way: its decisions count, its title is no new goal.
func TestPlanAfterAnAnswerIsNoNewGoal(t *testing.T) {
	t.Parallel()
	plan := "# Plan: Grant application rewrite\n\n## Approach\n- Use the deposit count as the adoption metric, because it is verifiable\n"
	b := &transcripttest.Claude{}
	b.Prompt("yes that makes sense, or we could count the deposits to the vault?")
	b.Say("m1", "<proposed_plan>\n"+plan+"</proposed_plan>")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Goal) != 0 || len(e.Decisions) != 1 {
		t.Errorf("plan after an answer: goals %q, decisions %q", e.Goal, e.Decisions)
	}
}

// A prompt that says the last request again in other words ("Let me describe the
// highlight differently: …") refines it: no goal of its own. Describing a new feature is one.
func TestRephrasingIsNoNewGoal(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Let me describe the highlight for the selected tile differently: draw a circle around it.": "",
		"Let me rephrase: the export should skip empty rows.":                                       "",
		"Let me describe the feature I want: a CSV export of the table.":                            "Let me describe the feature I want: a CSV export of the table.",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}
