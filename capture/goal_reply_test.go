package capture

import (
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A bare git instruction ("git add . and push to github") names no task: the commit it makes
// is already under the work done. A task that ends with a push is a goal.
func TestGitHousekeepingIsNoGoal(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"git add . and push to github":               "",
		"commit and push":                            "",
		"Please commit the changes and open a PR.":   "",
		"push it to origin main":                     "",
		"Fix the login redirect and push to github":  "Fix the login redirect and push to github",
		"merge the date parser into the time module": "merge the date parser into the time module",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// A link with a short remark after it ("https://… -> I can see it in a private window")
// answers the agent; a link with a request, or a longer prompt, is a goal.
func TestLinkWithARemarkIsNoGoal(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"https://dash.example.app/ -> 我用無痕可以看到":                  "",
		"https://dash.example.app/ works for me":                 "",
		"https://github.com/acme/api/issues/12 fix this":         "issue #12 fix this",
		"https://github.com/acme/api/pull/7 merge it":            "PR #7 merge it",
		"https://dash.example.app/ why is the chart empty?":      "https://dash.example.app/ why is the chart empty?",
		"For the pieces, download them from https://example.org": "For the pieces, download them from https://example.org",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// An answer to the agent's numbered questions ("1: …") refines the task under way; a
// numbered list of requests is a goal.
func TestNumberedAnswerIsNoGoal(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"1: the premove runs if the move is still legal, else it is cancelled. 2: yes": "",
		"1 : keep the old export":                      "",
		"1. print the summary, 2. point me to the log": "1. print the summary, 2. point me to the log",
		"12:30 is when the backup should run each day": "12:30 is when the backup should run each day",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// A plea for help before the request ("please help reapply for …") is not part of the goal.
func TestPleaBeforeTheRequestIsDropped(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"please help reapply for the grant application based on what the product now is": "Reapply for the grant application based on what the product now is",
		"Please help me fix the login redirect loop":                                     "Fix the login redirect loop",
		"Please update CLAUDE.md for current changes":                                    "Please update CLAUDE.md for current changes",
		"please help me debug":                                                           "please help me debug",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
		}
	}
}

// A request to explain or analyse, or a question without its mark (Chinese 如何, 嗎), that
// the turn only answered in words is marked Asked too, and so is a one-shot query ("count
// the lines …", "how many …"); a task that changed nothing is not.
func TestInquiryIsAsked(t *testing.T) {
	t.Parallel()
	for prompt, asked := range map[string]bool{
		"請你詳細分析這是如何界定重要的貢獻者":                           true,
		"Explain how the scoring weights the reviews":  true,
		"please analyze the cache hit rate":            true,
		"這個門檻是否合理":                                     true,
		"Make a proposal to split app.js into modules": false,
		"count the total lines of js code":             true,
		"how many tests does the parser have":          true,
	} {
		b := &transcripttest.Claude{}
		b.Prompt(prompt)
		b.Say("m1", "Here is the answer, in words.")
		if e := extractEN(t, b, "/home/dev/proj"); e.Asked != asked || len(e.Goal) != 1 {
			t.Errorf("%q: asked %v, goals %q", prompt, e.Asked, e.Goal)
		}
	}
}

// The turn that only pushes gives no goal, and the commit stays under the work done.
func TestPushTurnKeepsItsCommitNotItsPrompt(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("git add . and push to github")
	b.Use("m1", "t1", "Bash", map[string]any{"command": `git add . && git commit -m "Add AI stars fields to the validator"`})
	b.Result("t1", "[main 1a2b3c4] Add AI stars fields to the validator\n 1 file changed, 4 insertions(+)", false)
	b.Say("m2", "Committed and pushed.")
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Goal) != 0 {
		t.Errorf("a push is a goal: %q", e.Goal)
	}
	if len(e.Work) == 0 {
		t.Errorf("the commit is not under the work done")
	}
}

// A question the turn only answered in words (no file, no commit) is marked Asked: the
// merge writes it only as the day's first goal. A question the turn acted on is not.
func TestAnsweredQuestionIsSetApart(t *testing.T) {
	t.Parallel()
	talk := &transcripttest.Claude{}
	talk.Prompt("why use three PRs as the threshold? what if one PR fixed a critical bug?")
	talk.Say("m1", "Three PRs separates regular contributors from one-off ones.")
	e := extractEN(t, talk, "/home/dev/proj")
	if len(e.Goal) != 1 || !e.Asked {
		t.Errorf("answered question: goals %q, asked %v", e.Goal, e.Asked)
	}
	work := &transcripttest.Claude{}
	work.Prompt("why is the last test failing?")
	work.Use("m1", "t1", "Edit", map[string]any{"file_path": "/home/dev/proj/parser.go", "old_string": "a", "new_string": "b"})
	work.Result("t1", "ok", false)
	work.Say("m2", "Fixed the off-by-one in the parser.")
	e = extractEN(t, work, "/home/dev/proj")
	if len(e.Goal) != 1 || e.Asked {
		t.Errorf("question acted on: goals %q, asked %v", e.Goal, e.Asked)
	}
}
