package transcript

import (
	"context"
	"os"
	"path/filepath"
	"testing"
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
	p := filepath.Join(t.TempDir(), "session.json")
	if err := os.WriteFile(p, []byte(session), 0o644); err != nil {
		t.Fatal(err)
	}
	turn, err := ReadOpenCodeTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := folders(turn); len(got) != 1 || got[0] != "/p/web" {
		t.Errorf("opencode: %q", got)
	}
}

// folders are the folders of the turn's calls, in order.
func folders(t *Turn) []string {
	var out []string
	for _, u := range t.Tools {
		out = append(out, u.Cwd)
	}
	return out
}
