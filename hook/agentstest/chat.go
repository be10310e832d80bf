package agentstest

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"path/filepath"
	"time"
)

// chat answers an OpenAI chat-completions request (OpenCode's openai-compatible provider)
// with a stream of chunks, or one completion when the request does not stream.
func (s *Server) chat(w http.ResponseWriter, req map[string]any) {
	names := toolNames(req)
	step := s.next(count(req["messages"], "role", "tool"))
	id := fmt.Sprintf("call_%d", len(s.Requests()))
	delta := map[string]any{"role": "assistant"}
	finish := "stop"
	switch {
	case !names["bash"] || step == nil:
		text := s.Script.Closing
		if !names["bash"] && !s.Script.Plain {
			text = s.Script.title() // a title or another side request
		}
		delta["content"] = text
	default:
		name, input := "bash", map[string]any{"command": step.Shell, "description": "run"}
		if step.Write != "" {
			name, input = "write", map[string]any{"filePath": filepath.Join(s.Repo, step.Write), "content": step.Content}
		}
		args, _ := json.Marshal(input)
		delta["tool_calls"] = []any{map[string]any{"index": 0, "id": id, "type": "function",
			"function": map[string]any{"name": name, "arguments": string(args)}}}
		finish = "tool_calls"
	}
	model, _ := req["model"].(string)
	usage := map[string]any{"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}
	base := map[string]any{"id": "chatcmpl-" + id, "created": time.Now().Unix(), "model": model}
	if stream, _ := req["stream"].(bool); !stream {
		msg := map[string]any{"object": "chat.completion", "usage": usage,
			"choices": []any{map[string]any{"index": 0, "message": delta, "finish_reason": finish}}}
		writeJSON(w, merged(base, msg))
		return
	}
	e := newSSE(w)
	e.send("", merged(base, map[string]any{"object": "chat.completion.chunk",
		"choices": []any{map[string]any{"index": 0, "delta": delta, "finish_reason": nil}}}))
	e.send("", merged(base, map[string]any{"object": "chat.completion.chunk", "usage": usage,
		"choices": []any{map[string]any{"index": 0, "delta": map[string]any{}, "finish_reason": finish}}}))
	e.done()
}

// merged is a copy of a with b's keys added.
func merged(a, b map[string]any) map[string]any {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}
