package transcript

import (
	"bytes"
	"encoding/json"
	"errors"
)

// salvage rebuilds what matters of an oversized transcript line (a tool result of many
// megabytes, a Write of a huge file) from its first and last bytes only: its role, the
// tool call or result it carries, and the start of its text. Anything else is dropped.
func salvage(head, tail []byte) (rawLine, error) {
	var rl rawLine
	has := func(s string) bool {
		return bytes.Contains(head, []byte(s)) || bytes.Contains(tail, []byte(s))
	}
	rl.IsSidechain = bytes.Contains(head, []byte(`"isSidechain":true`))
	rl.IsMeta = has(`"isMeta":true`)
	rl.IsCompactSummary = has(`"isCompactSummary":true`)
	if ts, ok := lastString(tail, "timestamp"); ok {
		rl.Timestamp = ts
	}
	var blocks []map[string]any
	switch {
	case has(`"role":"assistant"`):
		rl.Type = "assistant"
		rl.Message.ID, _ = firstString(head, "id")
		if bytes.Contains(head, []byte(`"type":"tool_use"`)) {
			id, _ := firstString(head, "id", `"type":"tool_use"`)
			name, _ := firstString(head, "name", `"type":"tool_use"`)
			input := map[string]any{}
			for _, k := range []string{"file_path", "notebook_path", "command", "description"} {
				if v, ok := firstString(head, k, `"type":"tool_use"`); ok {
					input[k] = v
				}
			}
			blocks = append(blocks, map[string]any{"type": "tool_use", "id": id, "name": name, "input": input})
		} else if txt, ok := firstString(head, "text", `"type":"text"`); ok {
			blocks = append(blocks, map[string]any{"type": "text", "text": txt})
		}
	case has(`"role":"user"`):
		rl.Type = "user"
		if has(`"type":"tool_result"`) {
			rl.ToolUseResult.set = true
			id, ok := firstString(head, "tool_use_id")
			if !ok {
				id, _ = lastString(tail, "tool_use_id")
			}
			out, _ := firstString(head, "content", `"type":"tool_result"`)
			if out == "" {
				out, _ = firstString(head, "text", `"type":"tool_result"`)
			}
			blocks = append(blocks, map[string]any{"type": "tool_result", "tool_use_id": id,
				"is_error": has(`"is_error":true`), "content": out})
		} else if s, ok := firstString(head, "content", `"role":"user","content":"`); ok {
			// A pasted prompt of megabytes: keep its beginning.
			rl.Message.Content, _ = json.Marshal(s)
			return rl, nil
		} else if txt, ok := firstString(head, "text", `"type":"text"`); ok {
			blocks = append(blocks, map[string]any{"type": "text", "text": txt})
		}
	default:
		return rl, errors.New("oversized line of unknown shape")
	}
	if len(blocks) == 0 {
		return rl, errors.New("oversized line with nothing to salvage")
	}
	var err error
	rl.Message.Content, err = json.Marshal(blocks)
	return rl, err
}

// firstString finds the first `"key":"…"` in b (after the marker when one is given) and
// decodes as much of its value as b holds.
func firstString(b []byte, key string, after ...string) (string, bool) {
	for _, m := range after {
		i := bytes.Index(b, []byte(m))
		if i < 0 {
			return "", false
		}
		b = b[i:]
	}
	pat := []byte(`"` + key + `":"`)
	i := bytes.Index(b, pat)
	if i < 0 {
		return "", false
	}
	return partialString(b[i+len(pat):]), true
}

// lastString finds the last `"key":"…"` of b whose value is complete.
func lastString(b []byte, key string) (string, bool) {
	pat := []byte(`"` + key + `":"`)
	i := bytes.LastIndex(b, pat)
	if i < 0 {
		return "", false
	}
	return partialString(b[i+len(pat):]), true
}

// partialString decodes a JSON string body (after its opening quote) up to its closing
// quote or, when cut, up to the last complete escape.
func partialString(b []byte) string {
	end := len(b)
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' {
			i++
			continue
		}
		if b[i] == '"' {
			end = i
			break
		}
	}
	body := b[:end]
	for cut := 0; cut <= 6 && cut <= len(body); cut++ {
		var s string
		q := make([]byte, 0, len(body)-cut+2)
		q = append(q, '"')
		q = append(q, body[:len(body)-cut]...)
		q = append(q, '"')
		if json.Unmarshal(q, &s) == nil {
			return s
		}
	}
	return ""
}
