package capture

import (
	"fmt"
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// A tool refused ("push_files": 409 Git Repository is empty), then one call that creates
// something ("create_or_update_file" of a README), then the same tool going through: the
// session found what the tool needs first, a fact for next time.

// creatingVerbs open the name of a tool that changes what the next call finds.
var creatingVerbs = []string{"create", "add", "init", "enable", "set", "update", "upload", "install"}

// unblocked returns, for each MCP tool call that failed, was followed by one call of
// another MCP tool that creates something and went through, then by the same tool going
// through, the bullet that says so.
func unblocked(tools []*transcript.ToolUse, w wording) []string {
	var out []string
	for i := 0; i+2 < len(tools); i++ {
		a, b, again := tools[i], tools[i+1], tools[i+2]
		name, by := mcpToolName(a), mcpToolName(b)
		if name == "" || by == "" || by == name || !a.IsError || !creating(by) ||
			!wentThrough(b) || !wentThrough(again) || mcpToolName(again) != name {
			continue
		}
		cause := plainJSONTail(causeLine(a.Output))
		if k := strings.LastIndex(cause, ": "); k >= 0 && strings.Contains(cause[:k], "://") {
			cause = cause[k+2:] // "GET https://…/ref/heads/main: 409 …": the status says it
		}
		if cause == "" || transcript.Refused(cause) {
			continue
		}
		out = append(out, fmt.Sprintf(w.unblocked, name, by, cause))
	}
	return out
}

// creating reports a tool whose name opens with a verb that creates or sets something.
func creating(name string) bool {
	verb, _, _ := strings.Cut(name, "_")
	return slices.Contains(creatingVerbs, verb)
}

// wentThrough reports a call that has its result and no error.
func wentThrough(u *transcript.ToolUse) bool { return u.HasResult && !u.IsError }
