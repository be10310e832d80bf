package transcript

import (
	"context"
	"path/filepath"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// The session's folder is the first cwd of the file, whatever the turn's: a Claude Code
// line's, a Codex session_meta's; a file that records none gives "".
func TestSessionCwd(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Add(map[string]any{"type": "user", "cwd": "/home/dev/demo", "message": map[string]any{"role": "user", "content": "Create the app"}})
	b.Add(map[string]any{"type": "user", "cwd": "/home/dev/demo/app", "message": map[string]any{"role": "user", "content": "Now the tests"}})
	b.Say("m1", "Done.")
	if tr := read(t, b.Write(t), ReadOptions{}); tr.SessionCwd != "/home/dev/demo" || tr.StartCwd != "/home/dev/demo/app" {
		t.Errorf("Claude Code: session %q, turn %q", tr.SessionCwd, tr.StartCwd)
	}

	r := &transcripttest.Rollout{} // its session_meta says cwd "/repo"
	r.Item("turn_context", map[string]any{"cwd": "/repo/web"})
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "fix it"})
	r.Shell("go test ./...")
	p := filepath.Join(t.TempDir(), "rollout-x.jsonl")
	r.Write(t, p)
	tr, err := ReadCodexTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if tr.SessionCwd != "/repo" {
		t.Errorf("Codex: session %q", tr.SessionCwd)
	}
	if got := sessionCwd(stringReader("{\"type\":\"summary\",\"note\":\"cwd\"}\n"), 40); got != "" {
		t.Errorf("no cwd: %q", got)
	}
}

type stringReader string

func (s stringReader) ReadAt(p []byte, off int64) (int, error) { return copy(p, s[off:]), nil }
