package transcript

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// afters are the texts the agent wrote after each call of the turn, in order.
func afters(t *Turn) []string { return ofCalls(t, func(u *ToolUse) string { return u.After }) }

// Each call keeps the first text the agent wrote after its result and before its next call:
// what it made of the result. A call followed at once by another keeps none; the text after
// the last call is the closing text. Claude Code and Codex files are read from their end,
// Gemini CLI and OpenCode files from their start: every reader says the same.
func TestTextAfterACall(t *testing.T) {
	t.Parallel()
	want := []string{"", "Port 8000 is taken by the `api` container.", "Served."}

	b := &transcripttest.Claude{}
	b.Prompt("Start the server")
	b.Use("m1", "t1", "Bash", map[string]any{"command": "ls"}).Result("t1", "app.py", false)
	b.Use("m2", "t2", "Bash", map[string]any{"command": "uvicorn app:main"}).Result("t2", "address already in use", true)
	b.Say("m3", "Port 8000 is taken by the `api` container.").Say("m3", "I'll use it.")
	b.Use("m4", "t3", "Bash", map[string]any{"command": "curl localhost:8000"}).Result("t3", "ok", false)
	b.Say("m5", "Served.")
	if got := afters(read(t, b.Write(t), ReadOptions{})); !slices.Equal(got, want) {
		t.Errorf("claude: %q, want %q", got, want)
	}

	r := &transcripttest.Rollout{}
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "Start the server"})
	r.Exec("ls", transcripttest.Exited(0, "app.py"))
	r.Exec("uvicorn app:main", transcripttest.Exited(1, "address already in use"))
	r.Item("response_item", map[string]any{"type": "message", "role": "assistant", "content": []map[string]any{{"type": "output_text", "text": "Port 8000 is taken by the `api` container."}}})
	r.Exec("curl localhost:8000", transcripttest.Exited(0, "ok"))
	r.Item("event_msg", map[string]any{"type": "agent_message", "message": "Served."})
	if got := afters(readRollout(t, r)); !slices.Equal(got, want) {
		t.Errorf("codex: %q, want %q", got, want)
	}

	chat := `{"sessionId":"s1","projectHash":"h","messages":[
{"id":"1","timestamp":"2026-03-22T10:01:00Z","type":"user","content":"Start the server"},
{"id":"2","timestamp":"2026-03-22T10:01:05Z","type":"gemini","content":"","toolCalls":[
 {"id":"c1","name":"run_shell_command","args":{"command":"ls"},"status":"success"}]},
{"id":"3","timestamp":"2026-03-22T10:01:06Z","type":"gemini","content":"","toolCalls":[
 {"id":"c2","name":"run_shell_command","args":{"command":"uvicorn app:main"},"status":"error"}]},
{"id":"4","timestamp":"2026-03-22T10:01:07Z","type":"gemini","content":"Port 8000 is taken by the ` + "`api`" + ` container.","toolCalls":[
 {"id":"c3","name":"run_shell_command","args":{"command":"curl localhost:8000"},"status":"success"}]},
{"id":"5","timestamp":"2026-03-22T10:01:09Z","type":"gemini","content":"Served."}]}`
	if got := afters(readGeminiChat(t, chat)); !slices.Equal(got, want) {
		t.Errorf("gemini: %q, want %q", got, want)
	}

	session := `{"info":{"id":"ses_1","directory":"/p"},"messages":[
{"info":{"id":"m1","role":"user","time":{"created":1000}},"parts":[{"type":"text","text":"Start the server"}]},
{"info":{"id":"m2","role":"assistant","time":{"created":1001}},"parts":[
 {"type":"tool","tool":"bash","callID":"c1","state":{"status":"completed","input":{"command":"ls"},"output":"app.py"}},
 {"type":"tool","tool":"bash","callID":"c2","state":{"status":"error","input":{"command":"uvicorn app:main"},"error":"address already in use"}},
 {"type":"text","text":"Port 8000 is taken by the ` + "`api`" + ` container."},
 {"type":"text","text":"I'll use it."},
 {"type":"tool","tool":"bash","callID":"c3","state":{"status":"completed","input":{"command":"curl localhost:8000"},"output":"ok"}},
 {"type":"text","text":"Served."}]}]}`
	if got := afters(readOpenCode(t, session)); !slices.Equal(got, want) {
		t.Errorf("opencode: %q, want %q", got, want)
	}
}
