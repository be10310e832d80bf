package extract

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
		"https://github.com/acme/api/issues/12 fix this":         "https://github.com/acme/api/issues/12 fix this",
		"https://dash.example.app/ why is the chart empty?":      "https://dash.example.app/ why is the chart empty?",
		"For the pieces, download them from https://example.org": "For the pieces, download them from https://example.org",
	} {
		if got := goalOf(in); got != want {
			t.Errorf("goalOf(%q) = %q, want %q", in, got, want)
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
