//go:build linux

package agentstest

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
)

// ToolCall is a tool the scripted model calls by the name the agent offers it under (an MCP
// tool of carnet is "mcp__carnet__memory_search" in Claude Code), with its input.
type ToolCall struct {
	Name  string
	Input map[string]any
}

// RecallScript is the session of the recall end-to-end test: Claude Code searches carnet's
// memory over MCP, reads the lines around the hit, then answers.
var RecallScript = []ToolCall{
	{Name: "mcp__carnet__memory_search", Input: map[string]any{"query": "fournisseur TVA"}},
	{Name: "mcp__carnet__memory_read", Input: map[string]any{"path": "long_memory.md", "from": 3, "to": 4}},
}

// ToolServer answers Claude Code's Messages API with Calls, one per request, chosen by the
// number of tool results the request carries, then with a closing text; it records every
// request. A request that does not offer the first call's tool (a title, another side
// request) gets a plain text.
type ToolServer struct {
	Calls []ToolCall

	mu       sync.Mutex
	requests []Request
}

// Requests returns the requests received so far.
func (s *ToolServer) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

func (s *ToolServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	s.mu.Lock()
	s.requests = append(s.requests, Request{Path: r.URL.Path, Body: string(body)})
	n := len(s.requests)
	s.mu.Unlock()
	if !strings.HasSuffix(r.URL.Path, "/messages") {
		http.NotFound(w, r)
		return
	}
	var req map[string]any
	_ = json.Unmarshal(body, &req)
	step := count(req["messages"], "type", "tool_result")
	block := map[string]any{"type": "text", "text": ""}
	delta := map[string]any{"type": "text_delta", "text": "Done."}
	stop := "end_turn"
	if len(s.Calls) > 0 && toolNames(req)[s.Calls[0].Name] && step < len(s.Calls) {
		c := s.Calls[step]
		args, _ := json.Marshal(c.Input)
		block = map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_%d", n), "name": c.Name, "input": map[string]any{}}
		delta = map[string]any{"type": "input_json_delta", "partial_json": string(args)}
		stop = "tool_use"
	}
	e := newSSE(w)
	e.send("message_start", map[string]any{"type": "message_start", "message": map[string]any{"id": "msg_1", "type": "message", "role": "assistant",
		"model": req["model"], "content": []any{}, "stop_reason": nil, "usage": map[string]any{"input_tokens": 10, "output_tokens": 1}}})
	e.send("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": block})
	e.send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": delta})
	e.send("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	e.send("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop}, "usage": map[string]any{"output_tokens": 5}})
	e.send("message_stop", map[string]any{"type": "message_stop"})
}

// RecallSandboxMain is SandboxMain for the recall test: it serves RecallScript with a
// ToolServer. args: repo requestsFile command…
func RecallSandboxMain(args []string) int {
	if len(args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: repo requests.json command…")
		return 2
	}
	srv := &ToolServer{Calls: RecallScript}
	code, err := serveWhile(srv, args[0], args[2:])
	if err != nil {
		fmt.Fprintln(os.Stderr, "sandbox:", err)
	}
	data, _ := json.Marshal(srv.Requests())
	if werr := os.WriteFile(args[1], data, 0o644); werr != nil {
		fmt.Fprintln(os.Stderr, "sandbox:", werr)
	}
	return code
}

// serveWhile serves h on 127.0.0.1:Port while the command runs in dir.
func serveWhile(h http.Handler, dir string, argv []string) (int, error) {
	if err := loopbackUp(); err != nil {
		return 1, fmt.Errorf("bringing lo up: %w", err)
	}
	ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", Port))
	if err != nil {
		return 1, err
	}
	defer ln.Close()
	go func() { _ = http.Serve(ln, h) }()
	return runIn(dir, argv)
}

// runIn runs a command in dir with the sandbox's output, and returns its exit status.
func runIn(dir string, argv []string) (int, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	err := cmd.Run()
	if ee, ok := errors.AsType[*exec.ExitError](err); ok {
		return ee.ExitCode(), nil
	}
	if err != nil {
		return 1, err
	}
	return 0, nil
}
