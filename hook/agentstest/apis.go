package agentstest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"path/filepath"
	"strings"
)

// anthropic answers a Messages API request (Claude Code) with an SSE stream.
func (s *Server) anthropic(w http.ResponseWriter, req map[string]any) {
	e := newSSE(w)
	names := toolNames(req)
	var block map[string]any
	var delta map[string]any
	stop := "end_turn"
	sc := s.claudeScript(req)
	step := sc.step(count(req["messages"], "type", "tool_result") - s.skip)
	if s.body != "" {
		step = s.next(0)
	}
	switch {
	case !names["Bash"] || step == nil:
		text := sc.Closing
		if !names["Bash"] && !sc.Plain {
			text = sc.title() // a title or another side request
		}
		block = map[string]any{"type": "text", "text": ""}
		delta = map[string]any{"type": "text_delta", "text": text}
	default:
		name, input := "Bash", map[string]any{"command": step.Shell, "description": "run"}
		switch {
		case step.Write != "":
			name, input = "Write", map[string]any{"file_path": filepath.Join(s.Repo, step.Write), "content": step.Content}
		case step.Tool != "":
			name, input = step.Tool, s.claudeInput(step.Input)
		}
		args, _ := json.Marshal(input)
		block = map[string]any{"type": "tool_use", "id": fmt.Sprintf("toolu_%d", len(s.Requests())), "name": name, "input": map[string]any{}}
		delta = map[string]any{"type": "input_json_delta", "partial_json": string(args)}
		stop = "tool_use"
	}
	model, _ := req["model"].(string)
	e.send("message_start", map[string]any{"type": "message_start", "message": map[string]any{"id": "msg_1", "type": "message", "role": "assistant",
		"model": model, "content": []any{}, "stop_reason": nil, "usage": map[string]any{"input_tokens": inputTokens(step), "output_tokens": 1}}})
	e.send("content_block_start", map[string]any{"type": "content_block_start", "index": 0, "content_block": block})
	e.send("content_block_delta", map[string]any{"type": "content_block_delta", "index": 0, "delta": delta})
	e.send("content_block_stop", map[string]any{"type": "content_block_stop", "index": 0})
	e.send("message_delta", map[string]any{"type": "message_delta", "delta": map[string]any{"stop_reason": stop}, "usage": map[string]any{"output_tokens": 5}})
	e.send("message_stop", map[string]any{"type": "message_stop"})
}

// responses answers an OpenAI Responses API request (Codex) with an SSE stream. When the
// request offers code mode's exec tool, the step is a JavaScript script calling the tools.
func (s *Server) responses(w http.ResponseWriter, req map[string]any) {
	e := newSSE(w)
	names := toolNames(req)
	step := s.next(count(req["input"], "type", "function_call_output", "custom_tool_call_output"))
	id := fmt.Sprintf("call_%d", len(s.Requests()))
	var item map[string]any
	switch {
	case step == nil || len(names) == 0:
		text := s.Script.Closing
		if len(names) == 0 && !s.Script.Plain {
			text = s.Script.title()
		}
		item = map[string]any{"type": "message", "role": "assistant", "id": "msg_" + id,
			"content": []any{map[string]any{"type": "output_text", "text": text, "annotations": []any{}}}}
	case names["exec"]:
		item = map[string]any{"type": "custom_tool_call", "id": "ctc_" + id, "call_id": id, "name": "exec", "input": codeModeScript(step), "status": "completed"}
	case step.Write != "" && names["apply_patch"]:
		item = map[string]any{"type": "custom_tool_call", "id": "ctc_" + id, "call_id": id, "name": "apply_patch", "input": patchOf(step), "status": "completed"}
	default:
		cmd := step.Shell
		if step.Write != "" {
			cmd = fmt.Sprintf("printf %%s %s > %s", shellQuote(step.Content), step.Write)
		}
		args, _ := json.Marshal(map[string]any{"cmd": cmd})
		item = map[string]any{"type": "function_call", "id": "fc_" + id, "call_id": id, "name": "exec_command", "arguments": string(args), "status": "completed"}
	}
	resp := map[string]any{"id": "resp_" + id, "object": "response", "status": "in_progress", "output": []any{}}
	e.send("response.created", map[string]any{"type": "response.created", "response": resp})
	e.send("response.output_item.added", map[string]any{"type": "response.output_item.added", "output_index": 0, "item": item})
	e.send("response.output_item.done", map[string]any{"type": "response.output_item.done", "output_index": 0, "item": item})
	resp["status"] = "completed"
	resp["output"] = []any{item}
	resp["usage"] = map[string]any{"input_tokens": 10, "output_tokens": 5, "total_tokens": 15, "input_tokens_details": map[string]any{"cached_tokens": 0}, "output_tokens_details": map[string]any{"reasoning_tokens": 0}}
	e.send("response.completed", map[string]any{"type": "response.completed", "response": resp})
}

// patchOf is the apply_patch text that writes a step's file.
func patchOf(step *Step) string {
	var b strings.Builder
	b.WriteString("*** Begin Patch\n*** Add File: " + step.Write + "\n")
	for l := range strings.Lines(step.Content) {
		b.WriteString("+" + l)
	}
	b.WriteString("*** End Patch\n")
	return b.String()
}

// codeModeScript is the JavaScript a code-mode model writes for a step.
func codeModeScript(step *Step) string {
	if step.Write != "" {
		p, _ := json.Marshal(patchOf(step))
		return fmt.Sprintf("const r = await tools.apply_patch(%s);\ntext(JSON.stringify(r));", p)
	}
	args, _ := json.Marshal(map[string]any{"cmd": step.Shell, "yield_time_ms": 10000})
	return fmt.Sprintf("const r = await tools.exec_command(%s);\ntext(r.output);", args)
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
