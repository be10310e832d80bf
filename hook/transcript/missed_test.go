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
