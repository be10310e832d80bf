package transcript_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// claudeSession writes a Claude Code transcript of n turns, each a prompt, an edit and a
// closing text.
func claudeSession(b *transcripttest.Claude, prompts ...string) {
	for i, p := range prompts {
		id := string(rune('a' + len(p) + i))
		b.Prompt(p)
		b.Use("m"+id, "t"+id, "Edit", map[string]any{"file_path": "/repo/" + p + ".go"})
		b.Result("t"+id, "ok", false)
		b.Say("m"+id+"2", "Done with "+p+".")
	}
}

func prompts(s *transcript.Session) []string {
	var out []string
	for _, t := range s.Turns {
		out = append(out, t.Prompt)
	}
	return out
}

func TestReadSessionReadsEveryTurnOldestFirst(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	claudeSession(b, "one", "two", "three")
	path := b.Write(t)
	s, err := transcript.ReadSession(context.Background(), path, transcript.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(prompts(s), ","); got != "one,two,three" || s.Earlier {
		t.Fatalf("turns %s, earlier %v", got, s.Earlier)
	}
	for _, turn := range s.Turns {
		if len(turn.Tools) != 1 || turn.Closing != "Done with "+turn.Prompt+"." {
			t.Errorf("turn %q: %d tools, closing %q", turn.Prompt, len(turn.Tools), turn.Closing)
		}
	}
	st, _ := os.Stat(path)
	if s.Cursor != st.Size() {
		t.Errorf("cursor %d, file size %d", s.Cursor, st.Size())
	}

	// From the cursor on: only what came after, and nothing when nothing did.
	again, err := transcript.ReadSession(context.Background(), path, transcript.SessionOptions{From: s.Cursor})
	if err != nil || len(again.Turns) != 0 {
		t.Fatalf("%v %v", prompts(again), err)
	}
	claudeSession(b, "four")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	later, err := transcript.ReadSession(context.Background(), path, transcript.SessionOptions{From: s.Cursor})
	if err != nil || strings.Join(prompts(later), ",") != "four" || !later.Earlier {
		t.Fatalf("%v earlier %v %v", prompts(later), later.Earlier, err)
	}
}

// Keep bounds the reading: the most recent turns are kept.
func TestReadSessionKeepsTheMostRecentTurns(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	claudeSession(b, "one", "two", "three", "four")
	seen := 0
	s, err := transcript.ReadSession(context.Background(), b.Write(t), transcript.SessionOptions{Keep: func(*transcript.Turn) bool {
		seen++
		return seen < 2
	}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(prompts(s), ","); got != "three,four" || !s.Earlier {
		t.Errorf("turns %s, earlier %v", got, s.Earlier)
	}
}

// The real sessions of each agent read as whole sessions, their last turn as ReadTurn and
// the others read it.
func TestReadSessionOfEveryAgent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		file   string
		format transcript.Format
	}{
		{"claude-code-2.1.328_work.jsonl", transcript.FormatClaude},
		{"claude-code-2.1.328_compact.jsonl", transcript.FormatClaude},
		{"codex-0.169.0_code-mode_work.jsonl", transcript.FormatCodex},
		{"gemini-cli-0.61.0_work.jsonl", transcript.FormatGemini},
		{"opencode-1.18.33_work.json", transcript.FormatOpenCode},
	} {
		path := transcripttest.Fixture(t, c.file)
		s, err := transcript.ReadSession(context.Background(), path, transcript.SessionOptions{})
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if s.Format != c.format || len(s.Turns) == 0 {
			t.Fatalf("%s: format %v, %d turns", c.file, s.Format, len(s.Turns))
		}
		var last *transcript.Turn
		switch c.format {
		case transcript.FormatCodex:
			last, err = transcript.ReadCodexTurn(context.Background(), path, transcript.ReadOptions{})
		case transcript.FormatGemini:
			last, err = transcript.ReadGeminiTurn(context.Background(), path, transcript.ReadOptions{})
		case transcript.FormatOpenCode:
			last, err = transcript.ReadOpenCodeTurn(context.Background(), path, transcript.ReadOptions{})
		default:
			last, err = transcript.ReadTurn(context.Background(), path, transcript.ReadOptions{})
		}
		if err != nil {
			t.Fatal(err)
		}
		got := s.Turns[len(s.Turns)-1]
		if got.Prompt != last.Prompt || got.Closing != last.Closing || len(got.Tools) != len(last.Tools) || got.SessionCwd != last.SessionCwd {
			t.Errorf("%s: last turn %q (%d tools, closing %q), ReadTurn %q (%d tools, closing %q)", c.file,
				got.Prompt, len(got.Tools), got.Closing, last.Prompt, len(last.Tools), last.Closing)
		}
		for i, turn := range s.Turns {
			if turn.Prompt == "" && !turn.Compacted {
				t.Errorf("%s: a turn without its prompt: %+v", c.file, turn)
			}
			if i > 0 && s.Turns[i-1].Prompt == turn.Prompt && !s.Turns[i-1].HasActivity() {
				t.Errorf("%s: prompt %q read as two turns", c.file, turn.Prompt)
			}
		}
	}
}

// Each turn's Start is the offset of its prompt's line, whatever the lines' sizes around it
// (longer than the reader's chunk, or oversized and skimmed).
func TestTurnStartIsItsPromptLine(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	claudeSession(b, "one")
	b.Prompt("two")
	b.Use("m9", "t9", "Bash", map[string]any{"command": "cat big.log"})
	b.Result("t9", strings.Repeat("x", 3<<20), false) // an oversized line
	b.Say("m10", "Read it.")
	b.Prompt("three " + strings.Repeat("y", 100<<10)) // a prompt longer than a chunk
	b.Say("m11", "Done.")
	path := b.Write(t)
	data, _ := os.ReadFile(path)
	s, err := transcript.ReadSession(context.Background(), path, transcript.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Turns) != 3 {
		t.Fatalf("%d turns", len(s.Turns))
	}
	for _, turn := range s.Turns {
		line := data[turn.Start:]
		line = line[:max(0, bytes.IndexByte(line, '\n'))]
		if turn.Start != 0 && data[turn.Start-1] != '\n' || !bytes.Contains(line, []byte(`"content":"`+turn.Prompt[:min(len(turn.Prompt), 20)])) {
			t.Errorf("turn %.20q starts at %d: %.80s", turn.Prompt, turn.Start, line)
		}
	}
}

// Codex writes each prompt twice, as a response item and as a user_message event: a
// session read whole holds it once, its turn starting at the first of the two lines.
func TestReadSessionCodexPromptOnce(t *testing.T) {
	t.Parallel()
	r := &transcripttest.Rollout{}
	for _, p := range []string{"draw the board", "add the pieces"} {
		r.Item("response_item", map[string]any{"type": "message", "role": "user", "content": []map[string]any{{"type": "input_text", "text": p}}})
		r.Item("event_msg", map[string]any{"type": "user_message", "message": p})
		r.Shell("ls")
		r.Item("event_msg", map[string]any{"type": "agent_message", "message": "Done: " + p})
	}
	path := filepath.Join(t.TempDir(), "rollout.jsonl")
	r.Write(t, path)
	s, err := transcript.ReadSession(context.Background(), path, transcript.SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var prompts []string
	for _, turn := range s.Turns {
		prompts = append(prompts, turn.Prompt)
	}
	if !slices.Equal(prompts, []string{"draw the board", "add the pieces"}) {
		t.Fatalf("prompts = %q", prompts)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	first := bytes.LastIndexByte(data[:bytes.Index(data, []byte("draw the board"))], '\n') + 1 // the response item's line
	if s.Turns[0].Start != int64(first) {
		t.Errorf("first turn starts at %d, want %d", s.Turns[0].Start, first)
	}
}
