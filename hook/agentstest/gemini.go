package agentstest

import (
	"encoding/json"
	"net/http"
	"path/filepath"
)

// gemini answers a generateContent or streamGenerateContent request (Gemini CLI). A request
// with a response schema (the CLI's router) gets JSON built from the schema.
func (s *Server) gemini(w http.ResponseWriter, req map[string]any, stream bool) {
	var part map[string]any
	names := toolNames(req)
	gen, _ := req["generationConfig"].(map[string]any)
	schema, _ := gen["responseJsonSchema"].(map[string]any)
	if schema == nil {
		schema, _ = gen["responseSchema"].(map[string]any)
	}
	step := s.next(countKey(req["contents"], "functionResponse"))
	switch {
	case schema != nil:
		b, _ := json.Marshal(fromSchema(schema))
		part = map[string]any{"text": string(b)}
	case !names["run_shell_command"] || step == nil:
		text := s.Script.Closing
		if !names["run_shell_command"] && !s.Script.Plain {
			text = s.Script.title()
		}
		part = map[string]any{"text": text}
	case step.Write != "":
		part = map[string]any{"functionCall": map[string]any{"name": "write_file", "args": map[string]any{"file_path": filepath.Join(s.Repo, step.Write), "content": step.Content}}}
	default:
		part = map[string]any{"functionCall": map[string]any{"name": "run_shell_command", "args": map[string]any{"command": step.Shell, "description": "run"}}}
	}
	resp := map[string]any{
		"candidates":    []any{map[string]any{"content": map[string]any{"role": "model", "parts": []any{part}}, "finishReason": "STOP", "index": 0}},
		"usageMetadata": map[string]any{"promptTokenCount": 10, "candidatesTokenCount": 5, "totalTokenCount": 15},
		"modelVersion":  "gemini-scripted",
	}
	if !stream {
		writeJSON(w, resp)
		return
	}
	newSSE(w).send("", resp)
}

// fromSchema builds a value that fits a JSON schema: strings say "scripted", numbers are 50.
func fromSchema(schema map[string]any) any {
	if enum, ok := schema["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	t, _ := schema["type"].(string)
	switch t {
	case "object", "OBJECT":
		out := map[string]any{}
		props, _ := schema["properties"].(map[string]any)
		for k, v := range props {
			sub, _ := v.(map[string]any)
			out[k] = fromSchema(sub)
		}
		return out
	case "array", "ARRAY":
		items, _ := schema["items"].(map[string]any)
		return []any{fromSchema(items)}
	case "number", "integer", "NUMBER", "INTEGER":
		return 50
	case "boolean", "BOOLEAN":
		return true
	}
	return "scripted"
}
