package transcript_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// ReadMissed reads the turns between where the hook last read the file and the turn it
// reads now, oldest first and at most five; nothing when it has no earlier read, when the
// file was rewritten since, or for a format whose turns it does not read that way.
func TestReadMissedReadsOnlyTheTurnsNoHookSaw(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	claudeSession(b, "one")
	path := b.Write(t)
	st, _ := os.Stat(path)
	seen := st.Size()
	b = &transcripttest.Claude{}
	claudeSession(b, "one", "two", "three", "four", "five", "six", "seven", "eight")
	os.WriteFile(path, []byte(b.String()), 0o644)
	ctx := context.Background()
	cur, err := transcript.ReadTurn(ctx, path, transcript.ReadOptions{})
	if err != nil || cur.Prompt != "eight" {
		t.Fatalf("last turn %q, %v", cur.Prompt, err)
	}
	got := func(from int64, format transcript.Format, cur *transcript.Turn) string {
		t.Helper()
		turns, err := transcript.ReadMissed(ctx, path, format, from, cur)
		if err != nil {
			t.Fatal(err)
		}
		var p []string
		for _, turn := range turns {
			if len(turn.Tools) != 1 || turn.Start < from || turn.End <= turn.Start {
				t.Errorf("turn %q: %d tools, start %d end %d", turn.Prompt, len(turn.Tools), turn.Start, turn.End)
			}
			p = append(p, turn.Prompt)
		}
		return strings.Join(p, ",")
	}
	if s := got(seen, transcript.FormatClaude, cur); s != "three,four,five,six,seven" {
		t.Errorf("missed turns %q, want the five before the last", s)
	}
	prev, _ := transcript.ReadMissed(ctx, path, transcript.FormatClaude, seen, cur)
	if s := got(prev[2].Start, transcript.FormatClaude, cur); s != "five,six,seven" {
		t.Errorf("from a turn's start: %q", s)
	}
	if s := got(prev[2].Start+1, transcript.FormatClaude, cur); s != "six,seven" {
		t.Errorf("from inside a turn: %q (that turn was seen)", s)
	}
	for name, from := range map[string]int64{"no earlier read": 0, "all seen": cur.Start} {
		if s := got(from, transcript.FormatClaude, cur); s != "" {
			t.Errorf("%s: %q", name, s)
		}
	}
	if s := got(seen, transcript.FormatGemini, cur); s != "" {
		t.Errorf("a Gemini chat file: %q", s)
	}
	os.WriteFile(path, []byte(b.String()[:cur.Start/2]), 0o644)
	if s := got(seen, transcript.FormatClaude, cur); s != "" {
		t.Errorf("a file rewritten shorter: %q", s)
	}
}

// The pull request a call's output shows (the address gh prints) is read with the call.
func TestPullShownIsReadWithTheCall(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Open the pull request")
	b.Use("m1", "b1", "Bash", map[string]any{"command": `gh pr create --title "Add the CSV export"`})
	b.Result("b1", "Creating pull request for feat into main in acme/shop\n\nhttps://github.com/acme/shop/pull/42", false)
	b.Say("m2", "Opened #42.")
	turn, err := transcript.ReadTurn(context.Background(), b.Write(t), transcript.ReadOptions{})
	if err != nil || len(turn.Tools) != 1 || turn.Tools[0].Pull != "42" {
		t.Fatalf("turn %+v, %v", turn, err)
	}
}

// A push of a branch that has no pull request yet is read with the call, from the forge's
// own answer (GitHub, GitLab, Bitbucket), with the address that opens one; a branch that has
// one ("View pull request") and a push to an existing branch say nothing.
func TestBranchPushedIsReadWithTheCall(t *testing.T) {
	t.Parallel()
	github := "branch 'feat/csv' set up to track 'origin/feat/csv'.\nremote: \nremote: Create a pull request for 'feat/csv' on GitHub by visiting:        \nremote:      https://github.com/acme/shop/pull/new/feat/csv        \nremote: \nTo github.com:acme/shop.git\n * [new branch]      feat/csv -> feat/csv"
	b := &transcripttest.Claude{}
	b.Prompt("Push it")
	b.Use("m1", "b1", "Bash", map[string]any{"command": "git push -u origin feat/csv"})
	b.Result("b1", github, false)
	b.Say("m2", "Pushed.")
	turn, err := transcript.ReadTurn(context.Background(), b.Write(t), transcript.ReadOptions{})
	want := transcript.Pushed{Branch: "feat/csv", URL: "https://github.com/acme/shop/pull/new/feat/csv"}
	if err != nil || len(turn.Tools) != 1 || turn.Tools[0].Pushed != want {
		t.Fatalf("turn %+v, %v", turn, err)
	}
	for out, want := range map[string]transcript.Pushed{
		"remote:\nremote: To create a merge request for fix-login, visit:\nremote:   https://gitlab.com/acme/shop/-/merge_requests/new?merge_request%5Bsource_branch%5D=fix-login\nremote:": {
			Branch: "fix-login", URL: "https://gitlab.com/acme/shop/-/merge_requests/new?merge_request%5Bsource_branch%5D=fix-login"},
		"remote:\nremote: Create pull request for docs:\nremote:   https://bitbucket.org/acme/shop/pull-requests/new?source=docs&t=1\nremote:": {
			Branch: "docs", URL: "https://bitbucket.org/acme/shop/pull-requests/new?source=docs&t=1"},
		"remote: View pull request for feat/csv => https://github.com/acme/shop/pull/42": {},
		"To github.com:acme/shop.git\n   1a2b3c4..5d6e7f8  main -> main":                 {},
	} {
		if got := transcript.BranchPushed(out); got != want {
			t.Errorf("BranchPushed(%q) = %+v, want %+v", out, got, want)
		}
	}
}
