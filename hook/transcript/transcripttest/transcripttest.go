// Package transcripttest helps the tests of the packages that read transcripts: it writes
// synthetic Claude Code transcripts (Claude) and Codex rollouts (Rollout), and finds the real
// Claude Code transcripts kept in hook/transcript/testdata (Fixture).
package transcripttest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Fixture returns the path of a real Claude Code transcript of hook/transcript/testdata/
// transcripts (provenance in its README.md), failing the test when it is missing.
func Fixture(t testing.TB, name string) string {
	t.Helper()
	_, self, _, _ := runtime.Caller(0)
	p := filepath.Join(filepath.Dir(self), "..", "testdata", "transcripts", name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return p
}

// Claude builds synthetic transcript lines in Claude Code's format.
type Claude struct {
	Session string // the sessionId of every line; "s1" when empty
	lines   []string
	n       int
}

// Add appends one line, filling uuid, timestamp and cwd when v has none, and the session id.
func (b *Claude) Add(v map[string]any) *Claude {
	b.n++
	if _, ok := v["uuid"]; !ok {
		v["uuid"] = "u" + strconv.Itoa(b.n)
	}
	if _, ok := v["timestamp"]; !ok {
		v["timestamp"] = fmt.Sprintf("2026-03-22T10:00:%02d.000Z", b.n%60)
	}
	if _, ok := v["cwd"]; !ok {
		v["cwd"] = "/home/dev/proj"
	}
	v["sessionId"] = cmp.Or(b.Session, "s1")
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	b.lines = append(b.lines, string(data))
	return b
}

// Raw appends a line as it is.
func (b *Claude) Raw(line string) *Claude { b.lines = append(b.lines, line); return b }

// Prompt appends a user prompt.
func (b *Claude) Prompt(text string) *Claude {
	return b.Add(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text}})
}

// Meta appends injected user text (isMeta), such as stop-hook feedback.
func (b *Claude) Meta(text string) *Claude {
	return b.Add(map[string]any{"type": "user", "isMeta": true, "message": map[string]any{"role": "user", "content": text}})
}

// Say appends an assistant text block of message msgID.
func (b *Claude) Say(msgID, text string) *Claude {
	return b.Add(map[string]any{"type": "assistant", "message": map[string]any{"id": msgID, "role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": text}}}})
}

// Think appends an assistant thinking block of message msgID.
func (b *Claude) Think(msgID string) *Claude {
	return b.Add(map[string]any{"type": "assistant", "message": map[string]any{"id": msgID, "role": "assistant",
		"content": []any{map[string]any{"type": "thinking", "thinking": "hmm", "signature": "x"}}}})
}

// ThinkText appends an assistant thinking block of message msgID that says text.
func (b *Claude) ThinkText(msgID, text string) *Claude {
	return b.Add(map[string]any{"type": "assistant", "message": map[string]any{"id": msgID, "role": "assistant",
		"content": []any{map[string]any{"type": "thinking", "thinking": text, "signature": "x"}}}})
}

// Use appends a tool call id of tool name, in message msgID.
func (b *Claude) Use(msgID, id, name string, input map[string]any) *Claude {
	return b.Add(map[string]any{"type": "assistant", "message": map[string]any{"id": msgID, "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}})
}

// Result appends the result of tool call id (content: a string or text blocks).
func (b *Claude) Result(id string, content any, isErr bool) *Claude {
	return b.Add(map[string]any{"type": "user", "toolUseResult": map[string]any{"stdout": "x"},
		"message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result",
			"tool_use_id": id, "content": content, "is_error": isErr}}}})
}

// String is the transcript's text, one line each, newline-terminated.
func (b *Claude) String() string { return strings.Join(b.lines, "\n") + "\n" }

// Write writes the transcript into a temporary folder of the test and returns its path.
func (b *Claude) Write(t testing.TB) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s1.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// Rollout builds Codex rollout lines.
type Rollout struct {
	lines []string
	n     int
}

// Item appends a rollout line of type typ.
func (r *Rollout) Item(typ string, payload map[string]any) *Rollout {
	b, _ := json.Marshal(map[string]any{"timestamp": "2026-03-22T10:00:00Z", "type": typ, "payload": payload})
	r.lines = append(r.lines, string(b))
	return r
}

func (r *Rollout) id() string { r.n++; return "call_" + strconv.Itoa(r.n) }

// Shell appends a shell call running cmd through bash -lc, and its output.
func (r *Rollout) Shell(cmd string) *Rollout {
	args, _ := json.Marshal(map[string]any{"command": []string{"bash", "-lc", cmd}})
	id := r.id()
	r.Item("response_item", map[string]any{"type": "function_call", "name": "shell", "arguments": string(args), "call_id": id})
	return r.Item("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": "ok"})
}

// Exec appends an exec_command call (Codex's unified exec) running cmd, and its output
// (Exited or Running).
func (r *Rollout) Exec(cmd, output string) *Rollout {
	args, _ := json.Marshal(map[string]any{"cmd": cmd, "yield_time_ms": 10000})
	id := r.id()
	r.Item("response_item", map[string]any{"type": "function_call", "name": "exec_command", "arguments": string(args), "call_id": id})
	return r.Item("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": output})
}

// WriteStdin appends a write_stdin call that sends chars to the process of session (an
// empty chars only polls it), and its output.
func (r *Rollout) WriteStdin(session int, chars, output string) *Rollout {
	args, _ := json.Marshal(map[string]any{"session_id": session, "chars": chars, "yield_time_ms": 30000})
	id := r.id()
	r.Item("response_item", map[string]any{"type": "function_call", "name": "write_stdin", "arguments": string(args), "call_id": id})
	return r.Item("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": output})
}

// Exited is a unified exec output as codex-rs formats it when the process ended with code.
func Exited(code int, text string) string {
	return fmt.Sprintf("Chunk ID: 5b1e2c\nWall time: 3.1042 seconds\nProcess exited with code %d\nOriginal token count: %d\nOutput:\n%s", code, len(text)/4, text)
}

// Running is a unified exec output as codex-rs formats it when the process still runs:
// the call's yield time ran out, and write_stdin reaches it by session.
func Running(session int, text string) string {
	return fmt.Sprintf("Chunk ID: 9f03aa\nWall time: 10.0017 seconds\nProcess running with session ID %d\nOriginal token count: %d\nOutput:\n%s", session, len(text)/4, text)
}

// Patch appends an apply_patch call that updates files.
func (r *Rollout) Patch(files ...string) *Rollout {
	var p strings.Builder
	p.WriteString("*** Begin Patch\n")
	for _, f := range files {
		p.WriteString("*** Update File: " + f + "\n@@\n-a\n+b\n")
	}
	p.WriteString("*** End Patch\n")
	return r.Item("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "input": p.String(), "call_id": r.id()})
}

// Call appends a function call of tool name (in namespace, when not empty).
func (r *Rollout) Call(name, namespace string) *Rollout {
	pl := map[string]any{"type": "function_call", "name": name, "arguments": `{"section":"decisions","text":"x"}`, "call_id": r.id()}
	if namespace != "" {
		pl["namespace"] = namespace
	}
	return r.Item("response_item", pl)
}

// String is the lines appended since the last Write, newline-terminated.
func (r *Rollout) String() string { return strings.Join(r.lines, "\n") + "\n" }

// Write appends the lines to the rollout at path (created with a session_meta line) and
// forgets them, so that the next Write adds only what came after.
func (r *Rollout) Write(t testing.TB, path string) {
	t.Helper()
	head := `{"timestamp":"2026-03-22T10:00:00Z","type":"session_meta","payload":{"id":"s-codex","cwd":"/repo"}}` + "\n"
	if _, err := os.Stat(path); err == nil {
		head = ""
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString(head + r.String())
	f.Close()
	r.lines = nil
}
