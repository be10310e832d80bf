package transcript

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// The name an agent gives its session is read with the turn: Claude Code's ai-title lines
// (the latest), a Codex thread_name_updated event, an OpenCode session's title, but not
// the title OpenCode gives a session before it names it.
func TestSessionTitle(t *testing.T) {
	t.Parallel()
	turn := readFile(t, "claude.jsonl", `{"type":"user","message":{"role":"user","content":"can you add a dark mode? the settings page is too bright at night"},"uuid":"u1","sessionId":"s1","timestamp":"2026-05-01T10:00:00Z"}
{"type":"ai-title","aiTitle":"Dark mode","sessionId":"s1"}
{"type":"assistant","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"Added it."}]},"uuid":"a1","sessionId":"s1","timestamp":"2026-05-01T10:00:05Z"}
{"type":"ai-title","aiTitle":"Dark mode for the settings page","sessionId":"s1"}
`, ReadTurn)
	if turn.Title != "Dark mode for the settings page" {
		t.Errorf("Claude Code: title %q", turn.Title)
	}

	turn = readFile(t, "rollout.jsonl", `{"timestamp":"2026-05-01T10:00:00Z","type":"session_meta","payload":{"id":"c1","cwd":"/repo"}}
{"timestamp":"2026-05-01T10:00:01Z","type":"event_msg","payload":{"type":"user_message","message":"build the physics pipeline"}}
{"timestamp":"2026-05-01T10:00:02Z","type":"event_msg","payload":{"type":"thread_name_updated","thread_id":"c1","thread_name":"Build physics reasoning pipeline"}}
{"timestamp":"2026-05-01T10:00:03Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Started."}]}}
`, ReadCodexTurn)
	if turn.Title != "Build physics reasoning pipeline" {
		t.Errorf("Codex: title %q", turn.Title)
	}

	session := func(title string) string {
		return `{"info":{"id":"ses_1","directory":"/repo","title":"` + title + `"},"messages":[` +
			`{"info":{"id":"m1","role":"user","time":{"created":1746093600000}},"parts":[{"type":"text","text":"migrate the theme to WordPress"}]},` +
			`{"info":{"id":"m2","role":"assistant","time":{"created":1746093601000,"completed":1746093602000}},"parts":[{"type":"text","text":"Done."}]}]}`
	}
	for title, want := range map[string]string{
		"React to WordPress Studio migration":      "React to WordPress Studio migration",
		"New session - 2026-05-01T10:00:00.000Z":   "",
		"Child session - 2026-05-01T10:00:00.000Z": "",
	} {
		if turn := readFile(t, "opencode.json", session(title), ReadOpenCodeTurn); turn.Title != want {
			t.Errorf("OpenCode %q: title %q, want %q", title, turn.Title, want)
		}
		// Read back as a whole session (the turns before the last), each turn has the name.
		p := filepath.Join(t.TempDir(), "opencode.json")
		if err := os.WriteFile(p, []byte(session(title)), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := ReadSession(context.Background(), p, SessionOptions{})
		if err != nil || len(s.Turns) != 1 || s.Turns[0].Title != want {
			t.Errorf("OpenCode %q, read as a session: %+v %v", title, s, err)
		}
	}
}
