package agentstest

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
)

// PromptScript is the script a session follows once a user message saying Says came: a
// turn of a session driven by what it was last told (its prompt, a resumed session's new
// prompt, a Stop hook's message sent back).
type PromptScript struct {
	Says   string
	Script Script
}

// byPrompt picks, for a request, the script of the newest user message that says one of
// the Turns' texts (the first that matches), and how many tool results came before that
// message, which its steps do not count. ok is false when no user message says any.
func (s *Server) byPrompt(path string, req map[string]any) (sc Script, skip int, ok bool) {
	var items []any
	var user func(m map[string]any) bool
	var results func(m map[string]any) int
	switch {
	case strings.HasSuffix(path, "/messages"): // Claude Code, which merges a user's text into the message of the tool results: block by block
		msgs, _ := req["messages"].([]any)
		for _, m := range msgs {
			mm, _ := m.(map[string]any)
			blocks, _ := mm["content"].([]any)
			if text, ok := mm["content"].(string); ok {
				blocks = []any{map[string]any{"type": "text", "text": text}}
			}
			for _, b := range blocks {
				if bm, ok := b.(map[string]any); ok {
					bm = maps.Clone(bm)
					bm["\x00role"] = mm["role"]
					items = append(items, bm)
				}
			}
		}
		user = func(m map[string]any) bool { return m["\x00role"] == "user" && m["type"] == "text" }
		results = func(m map[string]any) int { return count(m, "type", "tool_result") }
	case strings.HasSuffix(path, "/responses"): // Codex
		items, _ = req["input"].([]any)
		user = func(m map[string]any) bool { return m["type"] == "message" && m["role"] == "user" }
		results = func(m map[string]any) int { return count(m, "type", "function_call_output", "custom_tool_call_output") }
	case strings.HasSuffix(path, "/chat/completions"): // OpenCode
		items, _ = req["messages"].([]any)
		user = func(m map[string]any) bool { return m["role"] == "user" }
		results = func(m map[string]any) int { return count(m, "role", "tool") }
	case strings.Contains(strings.ToLower(path), "generatecontent"): // Gemini CLI
		items, _ = req["contents"].([]any)
		user = func(m map[string]any) bool { return m["role"] == "user" && countKey(m, "functionResponse") == 0 }
		results = func(m map[string]any) int { return countKey(m, "functionResponse") }
	default:
		return Script{}, 0, false
	}
	before := make([]int, len(items)+1) // tool results before each item
	for i, it := range items {
		m, _ := it.(map[string]any)
		before[i+1] = before[i] + results(m)
	}
	for i, it := range slices.Backward(items) {
		m, _ := it.(map[string]any)
		if m == nil || !user(m) {
			continue
		}
		text, _ := json.Marshal(m)
		for _, t := range s.Script.Turns {
			if strings.Contains(string(text), t.Says) {
				return t.Script, before[i+1], true
			}
		}
	}
	return Script{}, 0, false
}
