package hook

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// readLog is the day's log of the workspace's one project ("" when there is none).
func readLog(t *testing.T, ws string) string {
	t.Helper()
	data, _ := os.ReadFile(filepath.Join(ws, "memory_sessions", "logs", "2026-03-22.md"))
	return string(data)
}

// appendFile appends text to the file at path.
func appendFile(t *testing.T, path, text string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		t.Fatal(err)
	}
}

// Claude Code sends no Stop for a turn the user interrupts (hook-contract.md), nor for one
// an API error ends: the next Stop captures that turn before its own, so that its edits,
// its failures and its request are not lost. A session whose interrupted turn got no Stop
// gives the log a Stop after every turn gives; a Stop read again adds nothing.
func TestTurnWithNoStopIsCapturedByTheNext(t *testing.T) {
	t.Parallel()
	turns := []func(b *transcripttest.Claude, ws string){
		func(b *transcripttest.Claude, ws string) {
			b.Prompt("Add a footer with the copyright line")
			b.Use("m1", "e1", "Edit", map[string]any{"file_path": filepath.Join(ws, "footer.html")})
			b.Result("e1", "ok", false)
			b.Say("m2", "Added the footer.")
			b.Add(map[string]any{"type": "system", "subtype": "stop_hook_summary"}) // written after the Stop
		},
		func(b *transcripttest.Claude, ws string) { // interrupted: no Stop
			b.Prompt("Make the header wrap on small screens")
			b.Use("m3", "e2", "Edit", map[string]any{"file_path": filepath.Join(ws, "header.css")})
			b.Result("e2", "ok", false)
			b.Use("m3", "b1", "Bash", map[string]any{"command": "npm test"})
			b.Result("b1", "FAIL src/header.test.js\n  ● header › wraps\n    expect(received).toBe(expected)\n    Expected: 2\n    Received: 1", true)
			b.Prompt("[Request interrupted by user]")
		},
		func(b *transcripttest.Claude, ws string) {
			b.Prompt("Keep the logo on the left at every width instead")
			b.Use("m4", "e3", "Edit", map[string]any{"file_path": filepath.Join(ws, "logo.css")})
			b.Result("e3", "ok", false)
			b.Say("m5", "The logo stays on the left.")
		},
	}
	capture := func(stopAfter map[int]bool, from int) string {
		ws := testWorkspace(t)
		path := filepath.Join(t.TempDir(), "s1.jsonl")
		os.WriteFile(path, nil, 0o644)
		for i, turn := range turns[from:] {
			b := &transcripttest.Claude{}
			turn(b, ws)
			appendFile(t, path, b.String())
			if stopAfter[i] {
				stopHook(t, ws, path)
			}
		}
		log := readLog(t, ws)
		stopHook(t, ws, path) // the same Stop again
		if again := readLog(t, ws); again != log {
			t.Errorf("a Stop read again changed the log:\n%s\nto\n%s", log, again)
		}
		return log
	}
	every := capture(map[int]bool{0: true, 1: true, 2: true}, 0)
	for _, want := range []string{"header.css", "Make the header wrap on small screens", "`npm test`"} {
		if !strings.Contains(every, want) {
			t.Fatalf("with a Stop after every turn, the log lacks %q:\n%s", want, every)
		}
	}
	if missed := capture(map[int]bool{0: true, 2: true}, 0); missed != every {
		t.Errorf("the interrupted turn with no Stop:\n%s\nwith a Stop after every turn:\n%s", missed, every)
	}
	// The session's first turn interrupted: no earlier read, the interrupted turn still counts.
	every = capture(map[int]bool{0: true, 1: true}, 1)
	if missed := capture(map[int]bool{1: true}, 1); missed != every || !strings.Contains(missed, "header.css") {
		t.Errorf("the first turn interrupted, with no Stop:\n%s\nwith a Stop after every turn:\n%s", missed, every)
	}
}

// The same in a Codex rollout: Codex sends no Stop for an aborted turn.
func TestCodexTurnWithNoStopIsCapturedByTheNext(t *testing.T) {
	t.Parallel()
	user := func(text string) map[string]any { return map[string]any{"type": "user_message", "message": text} }
	say := func(text string) map[string]any { return map[string]any{"type": "agent_message", "message": text} }
	capture := func(stopAfter map[int]bool) string {
		ws := testWorkspace(t)
		tr := filepath.Join(t.TempDir(), "rollout.jsonl")
		r := &transcripttest.Rollout{}
		stop := func(turnID string) {
			in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": "s1", "transcript_path": tr, "cwd": ws, "turn_id": turnID})
			if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Getenv: func(string) string { return "" }}); code != 0 && code != GateExit {
				t.Fatalf("code %d", code)
			}
		}
		r.Item("event_msg", user("Split the invoice parser into two files"))
		r.Patch(filepath.Join(ws, "pkg/a.go"), filepath.Join(ws, "pkg/b.go"))
		r.Item("event_msg", say("Split it."))
		r.Write(t, tr)
		if stopAfter[0] {
			stop("t1")
		}
		r.Item("event_msg", user("Rename the parser package to invoice"))
		r.Patch(filepath.Join(ws, "invoice/a.go"))
		r.Item("event_msg", map[string]any{"type": "turn_aborted", "reason": "interrupted"})
		r.Write(t, tr)
		if stopAfter[1] {
			stop("t2")
		}
		r.Item("event_msg", user("Add a test for the total of an empty invoice"))
		r.Patch(filepath.Join(ws, "invoice/total_test.go"))
		r.Item("event_msg", say("Added the test."))
		r.Write(t, tr)
		stop("t3")
		return readLog(t, ws)
	}
	every := capture(map[int]bool{0: true, 1: true})
	if !strings.Contains(every, "invoice/a.go") || !strings.Contains(every, "Reprendre le travail interrompu") {
		t.Fatalf("with a Stop after every turn, the log lacks the aborted turn's file or its interruption:\n%s", every)
	}
	if missed := capture(map[int]bool{0: true}); missed != every {
		t.Errorf("the aborted turn with no Stop:\n%s\nwith a Stop after every turn:\n%s", missed, every)
	}
}

// Gemini CLI runs no AfterAgent hook for a turn the user cancels (its chat file keeps the
// prompt and what was done): the next AfterAgent captures it first, as for Claude Code.
func TestGeminiTurnWithNoAfterAgentIsCapturedByTheNext(t *testing.T) {
	t.Parallel()
	line := func(v map[string]any) string { b, _ := json.Marshal(v); return string(b) + "\n" }
	user := func(id, text string) string {
		return line(map[string]any{"id": id, "timestamp": "2026-03-22T10:00:00Z", "type": "user", "content": []map[string]any{{"text": text}}})
	}
	edit := func(id, file, text string) string {
		return line(map[string]any{"id": id, "timestamp": "2026-03-22T10:00:05Z", "type": "gemini", "content": text,
			"toolCalls": []map[string]any{{"id": id + "-w", "name": "write_file", "status": "success", "args": map[string]any{"file_path": file}}}})
	}
	capture := func(stopAfter map[int]bool) string {
		ws := testWorkspace(t)
		path := filepath.Join(t.TempDir(), "session-2026-03-22T10-00-abcd1234.jsonl")
		os.WriteFile(path, []byte(line(map[string]any{"sessionId": "g1", "projectHash": "ph", "startTime": "2026-03-22T10:00:00Z"})), 0o644)
		stop := func(prompt string) {
			in, _ := json.Marshal(map[string]any{"hook_event_name": "AfterAgent", "session_id": "g1", "transcript_path": path, "cwd": ws, "prompt": prompt})
			if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Getenv: func(string) string { return "" }}); code != 0 && code != GateExit {
				t.Fatalf("code %d", code)
			}
		}
		appendFile(t, path, user("u1", "Add a footer with the copyright line")+edit("g1", filepath.Join(ws, "footer.html"), "Added the footer."))
		if stopAfter[0] {
			stop("Add a footer with the copyright line")
		}
		// Cancelled: its message is written, then written again whole when its call ends.
		appendFile(t, path, user("u2", "Make the header wrap on small screens")+edit("g2", filepath.Join(ws, "header.css"), "")+
			edit("g2", filepath.Join(ws, "header.css"), "Working on it"))
		if stopAfter[1] {
			stop("Make the header wrap on small screens")
		}
		appendFile(t, path, user("u3", "Keep the logo on the left at every width instead")+edit("g3", filepath.Join(ws, "logo.css"), "The logo stays on the left."))
		stop("Keep the logo on the left at every width instead")
		log := readLog(t, ws)
		stop("Keep the logo on the left at every width instead") // the same hook again
		if again := readLog(t, ws); again != log {
			t.Errorf("an AfterAgent read again changed the log:\n%s\nto\n%s", log, again)
		}
		return log
	}
	every := capture(map[int]bool{0: true, 1: true})
	for _, want := range []string{"header.css", "Make the header wrap on small screens", "logo.css"} {
		if !strings.Contains(every, want) {
			t.Fatalf("with a hook after every turn, the log lacks %q:\n%s", want, every)
		}
	}
	if missed := capture(map[int]bool{0: true}); missed != every {
		t.Errorf("the cancelled turn with no AfterAgent:\n%s\nwith one after every turn:\n%s", missed, every)
	}
}
