package capture

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// Commits made through the GitHub MCP tools, with no git command: each is recorded with
// the hash the API answered and the message the call gave; a refused call made none.
func TestCommitsThroughGitHubTools(t *testing.T) {
	t.Parallel()
	want := []string{"Commit 6126373: Initial commit", "Commit c58d37f: Source code for the admin"}
	b := &transcripttest.Claude{}
	b.Prompt("Publish the app on GitHub")
	b.Use("m1", "g1", "mcp__github__push_files", map[string]any{"owner": "o", "repo": "r", "branch": "main", "message": "Refused push"})
	b.Result("g1", "Git Repository is empty.", true)
	b.Use("m1", "g2", "mcp__github__create_or_update_file", map[string]any{"owner": "o", "repo": "r", "path": "README.md", "message": "Initial commit"})
	b.Result("g2", `{"content":{"name":"README.md","sha":"c3fdcd2be0b2318528b9bf2bc85df6aea727c9a3"},"commit":{"sha":"6126373127fac6022853803fd8f97b7f25e44534","message":"Initial commit"}}`, false)
	b.Use("m1", "g3", "mcp__github__push_files", map[string]any{"owner": "o", "repo": "r", "branch": "main", "message": "Source code for the admin\n\nDashboard and products"})
	b.Result("g3", `{"ref":"refs/heads/main","object":{"type":"commit","sha":"c58d37f0582e33c7b9bd59acc48b81b404bc99f4"}}`, false)
	b.Say("m2", "Published.")
	if e := extractEN(t, b, "/home/dev/proj"); !slices.Equal(e.Work, want) {
		t.Errorf("Claude Code: work = %q, want %q", e.Work, want)
	}

	chat := `{"sessionId":"s1","messages":[
{"id":"1","timestamp":"2026-03-22T10:00:00Z","type":"user","content":"Publish the app on GitHub"},
{"id":"2","timestamp":"2026-03-22T10:01:00Z","type":"gemini","content":"","toolCalls":[
 {"id":"c1","name":"push_files","args":{"owner":"o","repo":"r","message":"Refused push"},"status":"error","result":[{"functionResponse":{"response":{"error":"MCP tool 'push_files' reported tool error"}}}]},
 {"id":"c2","name":"create_or_update_file","args":{"owner":"o","repo":"r","path":"README.md","message":"Initial commit"},"status":"success",
  "result":[{"functionResponse":{"response":{"output":"{\"content\":{\"sha\":\"c3fdcd2be0b2318528b9bf2bc85df6aea727c9a3\"},\"commit\":{\"sha\":\"6126373127fac6022853803fd8f97b7f25e44534\"}}"}}}]},
 {"id":"c3","name":"push_files","args":{"owner":"o","repo":"r","message":"Source code for the admin"},"status":"success",
  "result":[{"functionResponse":{"response":{"output":"{\"ref\":\"refs/heads/main\",\"object\":{\"type\":\"commit\",\"sha\":\"c58d37f0582e33c7b9bd59acc48b81b404bc99f4\"}}"}}}]}]},
{"id":"3","timestamp":"2026-03-22T10:02:00Z","type":"gemini","content":"Published."}]}`
	p := filepath.Join(t.TempDir(), "session-x.json")
	if err := os.WriteFile(p, []byte(chat), 0o644); err != nil {
		t.Fatal(err)
	}
	tr, err := transcript.ReadGeminiTurn(context.Background(), p, transcript.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tr.Root = "/home/dev/proj"
	if e := (Heuristic{Language: "en"}).extract(tr); !slices.Equal(e.Work, want) {
		t.Errorf("Gemini CLI: work = %q, want %q", e.Work, want)
	}
}
