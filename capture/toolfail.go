package capture

import (
	"fmt"
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// toolFailures names the failed calls of MCP tools ("push_files" refused by the API, a
// rate limit) with their error line, marked fixed when the same tool later went through
// in the turn. Built-in tools' errors (a file not found, an edit to redo) are the agent's
// own slips, not the session's problems.
func toolFailures(tools []*transcript.ToolUse, w wording, room int) []string {
	var out []string
	seen := map[string]bool{}
	for i, u := range tools {
		name := failedToolName(u)
		if name == "" || !u.IsError || seen[name] || len(out) >= room {
			continue
		}
		cause := toolCause(u)
		if cause == "" || transcript.Refused(cause) {
			continue // a call the user refused is his choice, not a failure
		}
		seen[name] = true
		b := fmt.Sprintf(w.failed, name, cause)
		if toolWentThrough(tools[i+1:], name) {
			b = w.fixed + b
		} else if how := workedAround(tools[i+1:], u, cause, w); how != "" {
			b = w.fixed + b + how
		}
		out = append(out, b)
	}
	return out
}

// mcpToolName is the tool an MCP call names ("push_files" for "mcp__github__push_files"),
// or "" for a built-in tool.
func mcpToolName(u *transcript.ToolUse) string {
	rest, ok := strings.CutPrefix(u.Name, "mcp__")
	if !ok && !u.MCP {
		return ""
	}
	if i := strings.LastIndex(rest, "__"); i >= 0 {
		rest = rest[i+2:]
	}
	return rest
}

// toolWentThrough reports whether a later call of the same tool went through.
func toolWentThrough(later []*transcript.ToolUse, name string) bool {
	for _, u := range later {
		if u.HasResult && !u.IsError && (u.Name == name || strings.HasSuffix(u.Name, "__"+name)) {
			return true
		}
	}
	return false
}

// mcpSucceeded names, as a failure bullet would, the MCP tools whose last call in the
// turn went through: they fix the same tools' failures of earlier turns (see Succeeded).
func mcpSucceeded(tools []*transcript.ToolUse) []string {
	last := map[string]bool{}
	var order []string
	for _, u := range tools {
		name := mcpToolName(u)
		if name == "" || !u.HasResult {
			continue
		}
		if _, seen := last[name]; !seen {
			order = append(order, name)
		}
		last[name] = !u.IsError
	}
	return slices.DeleteFunc(order, func(n string) bool { return !last[n] })
}
