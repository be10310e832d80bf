package transcript

import (
	"fmt"
	"maps"
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// Each agent's shell call keeps the folder it ran in, as the agent's file gives it: Gemini
// CLI's dir_path (directory in older builds), OpenCode's workdir.
func TestShellCallFolder(t *testing.T) {
	t.Parallel()
	chat := `{"sessionId":"s1","projectHash":"h","messages":[
{"id":"1","timestamp":"2026-03-22T10:01:00Z","type":"user","content":"Build the site"},
{"id":"2","timestamp":"2026-03-22T10:01:05Z","type":"gemini","content":"","toolCalls":[
 {"id":"c1","name":"run_shell_command","args":{"command":"npm run build","dir_path":"web"},"status":"success"},
 {"id":"c2","name":"run_shell_command","args":{"command":"make","directory":"api"},"status":"success"},
 {"id":"c3","name":"run_shell_command","args":{"command":"ls"},"status":"success"}]},
{"id":"3","timestamp":"2026-03-22T10:01:09Z","type":"gemini","content":"Built."}]}`
	turn := readGeminiChat(t, chat)
	if got := folders(turn); len(got) != 3 || got[0] != "web" || got[1] != "api" || got[2] != "" {
		t.Errorf("gemini: %q", got)
	}
	session := `{"info":{"id":"ses_1","directory":"/p"},"messages":[
{"info":{"id":"m1","role":"user","time":{"created":1000}},"parts":[{"type":"text","text":"Build the site"}]},
{"info":{"id":"m2","role":"assistant","time":{"created":1001}},"parts":[
 {"type":"tool","tool":"bash","callID":"c1","state":{"status":"completed","input":{"command":"npm run build","workdir":"/p/web"},"output":"ok"}},
 {"type":"text","text":"Built."}]}]}`
	turn = readOpenCode(t, session)
	if got := folders(turn); len(got) != 1 || got[0] != "/p/web" {
		t.Errorf("opencode: %q", got)
	}
}

// folders are the folders of the turn's calls, in order.
func folders(t *Turn) []string { return ofCalls(t, func(u *ToolUse) string { return u.Cwd }) }

// ofCalls is what of says of each of the turn's calls, in order.
func ofCalls(t *Turn, of func(u *ToolUse) string) []string {
	var out []string
	for _, u := range t.Tools {
		out = append(out, of(u))
	}
	return out
}

// readOpenCode reads the last turn of an OpenCode export holding session.
func readOpenCode(t *testing.T, session string) *Turn {
	t.Helper()
	return readFile(t, "session.json", session, ReadOpenCodeTurn)
}

// A Claude Code call's folder is its line's cwd; a subagent's file (its lines carry an
// agentId) too. A subagent written inline in the main transcript by older builds has all its
// lines written when it ends, with the folder of that moment: its calls' folder is where
// their earlier cd's took the shell, which keeps it from one call to the next.
func TestClaudeCallFolder(t *testing.T) {
	t.Parallel()
	build := func(line map[string]any) *transcripttest.Claude {
		b := &transcripttest.Claude{}
		add := func(v map[string]any) {
			maps.Copy(v, line)
			b.Add(v)
		}
		add(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": "Set the app up"}})
		for i, cmd := range []string{"cd /p/app", "pnpm add zod", "cd sub && ls", "touch y.txt", "cd $HOME/x", "ls"} {
			id := fmt.Sprint("b", i)
			add(map[string]any{"type": "assistant", "message": map[string]any{"id": "m" + id, "role": "assistant",
				"content": []any{map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{"command": cmd}}}}})
		}
		add(map[string]any{"type": "assistant", "message": map[string]any{"id": "m9", "role": "assistant",
			"content": []any{map[string]any{"type": "text", "text": "Set up."}}}})
		return b
	}
	for _, c := range []struct {
		name string
		line map[string]any
		opt  ReadOptions
		want []string
	}{
		{"main", map[string]any{"cwd": "/p/web"}, ReadOptions{}, []string{"/p/web", "/p/web", "/p/web", "/p/web", "/p/web", "/p/web"}},
		{"agent file", map[string]any{"cwd": "/p/web", "isSidechain": true, "agentId": "a1"}, ReadOptions{Sidechain: true}, []string{"/p/web", "/p/web", "/p/web", "/p/web", "/p/web", "/p/web"}},
		{"inline", map[string]any{"cwd": "/p/web", "isSidechain": true}, ReadOptions{Sidechain: true}, []string{"", "/p/app", "/p/app", "/p/app/sub", "/p/app/sub", ""}},
	} {
		tr := read(t, build(c.line).Write(t), c.opt)
		if got := folders(tr); !slices.Equal(got, c.want) {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
