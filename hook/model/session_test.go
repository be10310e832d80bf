package model

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"

	"carnet/hook/transcript"
	"carnet/llm"
)

const sessionToken = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"

func sessionTurns() []*transcript.Turn {
	return []*transcript.Turn{
		{Prompt: "Cache the exchange rates; the API key is " + sessionToken, Cwd: "/home/dev/shop",
			Tools: []*transcript.ToolUse{
				{Name: "Read", FilePath: "/home/dev/shop/rates.go", HasResult: true},
				{Name: "Write", FilePath: "/home/dev/shop/cache/rates.go", HasResult: true},
				{Name: "Edit", FilePath: "/home/dev/other-repo/x.go", HasResult: true},
				{Name: "Bash", Command: "go test ./cache/", HasResult: true, IsError: true, Output: "cache_test.go:12: got 0 rates, want 3 " + strings.Repeat("noise ", 400)},
			},
			Texts:   []string{"Looking at /home/dev/shop/rates.go first.", "Cached in SQLite."},
			Closing: "Cached in SQLite."},
		{Prompt: "Commit it", Cwd: "/home/dev/shop",
			Tools:   []*transcript.ToolUse{{Name: "Bash", Command: "git commit -am 'cache: rates in SQLite'", HasResult: true, CommitSubject: "cache: rates in SQLite"}},
			Closing: "Committed."},
	}
}

func sessionText(budget int, turns []*transcript.Turn) *SessionText {
	s := NewSessionText("/home/dev/shop", budget)
	for _, t := range slices.Backward(turns) { // ReadSession hands them newest first
		if !s.Add(t) {
			break
		}
	}
	return s
}

func TestSessionTextIsCleaned(t *testing.T) {
	t.Parallel()
	text := sessionText(0, sessionTurns()).Text()
	for _, want := range []string{"USER: Cache the exchange rates; the API key is [redacted]", "TOOL Write cache/rates.go",
		"TOOL Bash `go test ./cache/` → ERROR: cache_test.go:12: got 0 rates, want 3", "(1 file read or searched)",
		"ASSISTANT: Looking at rates.go first.", "ASSISTANT (closing): Cached in SQLite.", "→ committed: cache: rates in SQLite"} {
		if !strings.Contains(text, want) {
			t.Errorf("the session text lacks %q:\n%s", want, text)
		}
	}
	for _, bad := range []string{"ghp_", "/home/dev", "other-repo", strings.Repeat("noise ", 60)} {
		if strings.Contains(text, bad) {
			t.Errorf("the session text holds %q:\n%s", bad, text)
		}
	}
	if strings.Index(text, "Cache the exchange") > strings.Index(text, "Commit it") {
		t.Errorf("turns out of order:\n%s", text)
	}
}

// A session over the budget keeps its most recent part, and the prompt says so.
func TestSessionTextKeepsTheMostRecentTurns(t *testing.T) {
	t.Parallel()
	var turns []*transcript.Turn
	for i := range 50 {
		turns = append(turns, &transcript.Turn{Prompt: fmt.Sprintf("Task number %d: %s", i, strings.Repeat("word ", 100)), Closing: "Done."})
	}
	s := sessionText(8<<10, turns)
	text := s.Text()
	if len(text) > 8<<10 || !strings.Contains(text, "Task number 49:") || strings.Contains(text, "Task number 0:") || s.Dropped != 1 {
		t.Errorf("%d bytes, %d turns, %d dropped", len(text), s.Turns, s.Dropped)
	}
	if p := SessionPrompt(s, "en", nil, nil); !strings.Contains(p, "earlier turns are left out") {
		t.Error("the prompt does not say the session is cut")
	}
	// A newest turn bigger than the whole budget is clipped, not dropped.
	huge := sessionText(1<<10, []*transcript.Turn{{Prompt: strings.Repeat("long ", 2000), Closing: "ok"}})
	if huge.Turns != 1 || len(huge.Text()) > 1<<10+len("…") {
		t.Errorf("%d turns, %d bytes", huge.Turns, len(huge.Text()))
	}
}

// modelScript is a command back end running a shell script; the prompt it gets is saved
// in the folder returned.
func modelScript(t *testing.T, answer string) (*llm.Backend, string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("shell scripts")
	}
	dir := t.TempDir()
	p := filepath.Join(dir, "model.sh")
	if err := writeExec(p, []byte("#!/bin/sh\ncat > \""+dir+"/prompt\"\ncat <<'EOF'\n"+answer+"\nEOF\n")); err != nil {
		t.Fatal(err)
	}
	b, err := llm.New(llm.Spec{Kind: llm.KindCommand, Command: []string{p}})
	if err != nil {
		t.Fatal(err)
	}
	return b, dir
}

func TestExtractSessionCleansTheAnswer(t *testing.T) {
	t.Parallel()
	var many []string
	for i := range 15 {
		many = append(many, fmt.Sprintf("%q", fmt.Sprintf("Next step %d", i)))
	}
	b, dir := modelScript(t, `Sure: {"decisions":["Keep the rates in SQLite, because one file is enough: see /home/dev/shop/cache/rates.go"],`+
		`"connaissances":["The API wants X-Key: `+sessionToken+`"],"a_suivre":[`+strings.Join(many, ",")+`],"a_suivre_done":["Cache the rates"],"surprise":["x"]}`)
	e, raw, err := ExtractSession(context.Background(), b, sessionText(0, sessionTurns()), "fr", []string{"shop", "docs"}, []string{"Cache the rates"})
	if err != nil {
		t.Fatal(err)
	}
	if len(e.Decisions) != 1 || e.Decisions[0] != "Keep the rates in SQLite, because one file is enough: see cache/rates.go" {
		t.Errorf("decisions %q", e.Decisions)
	}
	if len(e.Knowledge) != 1 || strings.Contains(e.Knowledge[0], "ghp_") || strings.Contains(string(raw), "ghp_") {
		t.Errorf("knowledge %q, raw %s", e.Knowledge, raw)
	}
	if len(e.Next) != maxSessionItems || len(e.NextDone) != 1 || strings.Join(e.Unknown, ",") != "surprise" {
		t.Errorf("next %d, done %q, unknown %q", len(e.Next), e.NextDone, e.Unknown)
	}
	prompt, _ := os.ReadFile(filepath.Join(dir, "prompt"))
	for _, want := range []string{"write in French", "(vérifié : <commande> ok", "essayé, sans effet : ", "(among: shop, docs)",
		"<open_items>\n- Cache the rates\n</open_items>", "<session>\n=== turn ===\nUSER: Cache the exchange rates"} {
		if !strings.Contains(string(prompt), want) {
			t.Errorf("the prompt lacks %q:\n%s", want, prompt)
		}
	}
	if strings.Contains(string(prompt), "ghp_") || strings.Contains(string(prompt), "/home/dev") {
		t.Errorf("the prompt leaks:\n%s", prompt)
	}
}

func TestExtractSessionRefusesWhatIsNotJSON(t *testing.T) {
	t.Parallel()
	b, _ := modelScript(t, `I could not read the session, sorry. {"objectif": ["cut short"`)
	e, raw, err := ExtractSession(context.Background(), b, sessionText(0, sessionTurns()), "en", nil, nil)
	if err == nil || !strings.Contains(err.Error(), "command returned no extraction JSON") || !e.Empty() || !strings.Contains(string(raw), "could not read") {
		t.Errorf("%v %+v %q", err, e, raw)
	}
}

// writeExec writes an executable with no fork under way: a parallel test's child would hold
// the file open for writing and its exec fail with "text file busy".
func writeExec(p string, data []byte) error {
	syscall.ForkLock.Lock()
	defer syscall.ForkLock.Unlock()
	return os.WriteFile(p, data, 0o755)
}

// A relative path a call names is the project's path from the folder the call ran in, as the
// heuristic names it.
func TestPromptNamesFilesFromTheCallsFolder(t *testing.T) {
	t.Parallel()
	turn := &transcript.Turn{Prompt: "Write the standards", Root: "/home/dev/shop", Cwd: "/home/dev/shop/crate",
		Tools: []*transcript.ToolUse{{Name: "Write", FilePath: "docs/STANDARDS.md", Cwd: "/home/dev/shop/crate", HasResult: true}}, Closing: "Written."}
	if p := BuildPrompt(turn, "en", nil); !strings.Contains(p, "TOOL Write crate/docs/STANDARDS.md\n") {
		t.Errorf("the prompt lacks the file from the call's folder:\n%s", p)
	}
}
