package transcript

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Gemini CLI wraps a failed MCP call's error in the call it echoes back: the call is an
// MCP tool's, and its output is the server's error text.
func TestReadGeminiMCPError(t *testing.T) {
	t.Parallel()
	wrapped := `MCP tool 'push_files' reported tool error for function call: {"name":"push_files","args":{"repo":"app"}} with response: ` +
		`[{"functionResponse":{"name":"push_files","response":{"content":[{"type":"text","text":"failed to get branch reference: 409 Git Repository is empty. []"}],"isError":true}}}]`
	chat := `{"sessionId":"s1","projectHash":"h","messages":[
{"id":"1","timestamp":"2026-03-22T10:01:00Z","type":"user","content":[{"text":"Push the app"}]},
{"id":"2","timestamp":"2026-03-22T10:01:05Z","type":"gemini","content":"","toolCalls":[{"id":"c1","name":"push_files","args":{},
 "result":[{"functionResponse":{"response":{"error":` + string(must(json.Marshal(wrapped))) + `}}}],"status":"error"}]},
{"id":"3","timestamp":"2026-03-22T10:01:09Z","type":"gemini","content":"The repository is empty."}]}`
	p := filepath.Join(t.TempDir(), "session-x.json")
	if err := os.WriteFile(p, []byte(chat), 0o644); err != nil {
		t.Fatal(err)
	}
	turn, err := ReadGeminiTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(turn.Tools) != 1 {
		t.Fatalf("turn: %+v", turn)
	}
	if u := turn.Tools[0]; !u.IsError || !u.MCP || u.Output != "failed to get branch reference: 409 Git Repository is empty." {
		t.Errorf("MCP failure: %+v", u)
	}
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}
