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
	turn := readGeminiChat(t, chat)
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

// An MCP server may answer a call that went through with an error of its own ({"status":
// "error", "error": "…"}, a rate limit): the call failed. Gemini names the server in the
// call's display name, so a call that went through is an MCP tool's too; a built-in tool's
// output that happens to be such JSON is left alone.
func TestReadGeminiMCPErrorInAnAnswer(t *testing.T) {
	t.Parallel()
	chat := `{"sessionId":"s1","projectHash":"h","messages":[
{"id":"1","timestamp":"2026-03-22T10:01:00Z","type":"user","content":[{"text":"Read the design"}]},
{"id":"2","timestamp":"2026-03-22T10:01:05Z","type":"gemini","content":"","toolCalls":[
 {"id":"c1","name":"get_node_tree","args":{},"status":"success","displayName":"get_node_tree (figma MCP Server)",
  "result":[{"functionResponse":{"response":{"output":"{\"status\":\"error\",\"error\":\"Figma API error: 429 - rate limit exceeded\"}"}}}]},
 {"id":"c2","name":"get_node_styles","args":{},"status":"success","displayName":"get_node_styles (figma MCP Server)",
  "result":[{"functionResponse":{"response":{"output":"{\"status\":\"success\",\"styles\":[]}"}}}]},
 {"id":"c3","name":"read_file","args":{"file_path":"status.json"},"status":"success","displayName":"ReadFile",
  "result":[{"functionResponse":{"response":{"output":"{\"status\":\"error\",\"error\":\"sample\"}"}}}]}]},
{"id":"3","timestamp":"2026-03-22T10:01:09Z","type":"gemini","content":"Rate limited."}]}`
	turn := readGeminiChat(t, chat)
	if len(turn.Tools) != 3 {
		t.Fatalf("turn: %+v", turn)
	}
	if u := turn.Tools[0]; !u.IsError || !u.MCP || u.Output != "Figma API error: 429 - rate limit exceeded" {
		t.Errorf("an MCP server's error answer: %+v", u)
	}
	if u := turn.Tools[1]; u.IsError || !u.MCP {
		t.Errorf("an MCP call that went through: %+v", u)
	}
	if u := turn.Tools[2]; u.IsError || u.MCP {
		t.Errorf("a file read that holds such JSON: %+v", u)
	}
}

// readGeminiChat reads the last turn of a Gemini CLI chat (one JSON object) written to a
// temp file.
func readGeminiChat(t *testing.T, chat string) *Turn {
	t.Helper()
	return readFile(t, "session-x.json", chat, ReadGeminiTurn)
}

// readFile reads the last turn of a file named name holding text with read.
func readFile(t *testing.T, name, text string, read func(context.Context, string, ReadOptions) (*Turn, error)) *Turn {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	turn, err := read(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return turn
}
