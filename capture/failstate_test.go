package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// A commit made past the hooks (--no-verify) does not fix what a hook refused: the failure
// stays open, and the call names no command gone through for a later turn.
func TestCommitPastTheHooksFixesNothing(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Commit the test fixes")
	bash(b, "c1", `git add a.test.ts && git commit -m "Fix tests" && git push`,
		"Exit code 1\nFAIL a.test.ts > creates a record within budget\nhusky - pre-commit script failed (code 1)", true)
	bash(b, "c2", `git add a.test.ts && git commit --no-verify -m "Fix tests" && git push`,
		"[main 2526a0a] Fix tests\n   f068b15..2526a0a  main -> main", false)
	b.Say("m9", "Pushed.")
	e := extractEN(t, b, "/home/dev/proj")
	want := "`git add a.test.ts && git commit` failed: FAIL a.test.ts > creates a record within budget"
	if !slices.Contains(e.Problems, want) {
		t.Errorf("the hook's failure is not left open: %q", e.Problems)
	}
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	for _, s := range Succeeded(tr) {
		if strings.Contains(s, "git commit") {
			t.Errorf("a commit past the hooks fixes %q in a later turn", s)
		}
	}
}

// Stopping the agent before it changed anything is no failure of the session.
func TestStopBeforeAnyChangeIsNoFailure(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Update the submission and stop the timer")
	bash(b, "d1", `date "+%H:%M"`, "15:48", false)
	b.Add(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "[Request interrupted by user]"}}}})
	e := extractEN(t, b, "/home/dev/proj")
	if len(e.Problems) != 0 || len(e.Next) != 0 {
		t.Errorf("a stop with nothing changed is recorded: problems %q, next %q", e.Problems, e.Next)
	}
}

func TestSkipsHooks(t *testing.T) {
	t.Parallel()
	for cmd, want := range map[string]bool{
		`git commit --no-verify -m "x"`:                 true,
		`git add a && git commit -n -m "x"`:             true,
		`git commit -m "use -n in head" && head -n 3 a`: false,
		`git commit -m "--no-verify is banned"`:         false,
		`npm test --no-verify`:                          false,
	} {
		if got := skipsHooks(cmd); got != want {
			t.Errorf("skipsHooks(%q) = %v, want %v", cmd, got, want)
		}
	}
}

// A request that failed on the status it printed is named by its URL: a retry with other
// options (a browser's user agent) is the same failure, and a later call of it fixes it.
func TestFailedRequestNamedByItsURL(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Check the deployed app again")
	bash(b, "b1", `curl -sL -A "Mozilla/5.0 (X11)" -o /tmp/page.html -w "HTTP %{http_code}\n" "https://app.example.com/" --max-time 45 && head -c 1500 /tmp/page.html`, "Exit code 22\nHTTP 502", true)
	b.Say("m2", "Still a bad gateway.")
	e := extractEN(t, b, "/home/dev/proj")
	if !slices.Contains(e.Problems, "`curl https://app.example.com/` failed: HTTP 502") {
		t.Errorf("the request is not named by its URL: %q", e.Problems)
	}

	b = &transcripttest.Claude{}
	b.Prompt("The app is public now")
	bash(b, "b2", `curl -s -o /dev/null -w "%{http_code}" https://app.example.com/`, "200", false)
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	if s := Succeeded(tr); !slices.Contains(s, "curl https://app.example.com/") {
		t.Errorf("a later request that went through does not fix it: %q", s)
	}
}

// A command refused again on something else, and left so, is recorded with what still
// failed at the end; fixed in the end, with the cause met first.
func TestCommandFailedAgainTakesTheCauseItEndedWith(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Commit the phase 2 work")
	bash(b, "c1", `git commit -m "Phase 2"`, "[warn] Code style issues found in 3 files. Run Prettier with --write to fix.\nhusky - pre-commit script failed (code 1)", true)
	bash(b, "c2", `git commit -m "Phase 2"`, "All matched files use Prettier code style!\nFAIL a.test.ts > caches 404 responses\nhusky - pre-commit script failed (code 1)", true)
	bash(b, "c3", `git commit --no-verify -m "Phase 2"`, "[main f068b15] Phase 2", false)
	bash(b, "t1", `npm test`, "FAIL b.test.ts > parses dates", true)
	bash(b, "t2", `npm test`, "FAIL b.test.ts > formats dates", true)
	bash(b, "t3", `npm test`, "Tests: 12 passed", false)
	b.Say("m9", "Committed.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"`git commit` failed: FAIL a.test.ts > caches 404 responses", "fixed: `npm test` failed: FAIL b.test.ts > parses dates"}
	if !slices.Equal(e.Problems, want) {
		t.Errorf("problems = %q, want %q", e.Problems, want)
	}
}

// A commit that went through the hooks fixes, in a later turn, what they refused of an
// earlier commit, whatever its message; one made past them does not.
func TestCommitThroughTheHooksFixesAnEarlierRefusal(t *testing.T) {
	t.Parallel()
	for cmd, want := range map[string]bool{
		`git add a.test.ts && git commit -m "Make the tests resilient"`:             true,
		`git add a.test.ts && git commit --no-verify -m "Make the tests resilient"`: false,
	} {
		b := &transcripttest.Claude{}
		b.Prompt("Why is the last test failing?")
		bash(b, "c1", cmd, "[main 3bc489a] Make the tests resilient\n 2 files changed", false)
		b.Say("m9", "Committed.")
		tr := read(t, b.Write(t), transcript.ReadOptions{})
		tr.Root = "/home/dev/proj"
		if got := slices.Contains(Succeeded(tr), "git commit"); got != want {
			t.Errorf("%s: names git commit gone through = %v, want %v", cmd, got, want)
		}
	}
}
