package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// skillTools load a skill by name: Claude Code's "Skill", Gemini CLI's "activate_skill".
var skillTools = []string{"Skill", "activate_skill"}

// failedToolName is the tool a failed call is reported under: an MCP tool (see
// mcpToolName), or a skill tool, whose failure says a skill the session expects is not
// installed; "" for the other built-in tools, whose errors are the agent's own slips.
func failedToolName(u *transcript.ToolUse) string {
	if slices.Contains(skillTools, u.Name) {
		return u.Name
	}
	return mcpToolName(u)
}

// toolCause is the cause a failed tool call is reported with: its error line, or for a
// skill tool the sentence that names the skill, without the list of the skills there are.
func toolCause(u *transcript.ToolUse) string {
	if !slices.Contains(skillTools, u.Name) {
		return shortURLs(plainJSONTail(causeLine(u.Output)))
	}
	t := strings.NewReplacer("<tool_use_error>", "", "</tool_use_error>", "").Replace(u.Output)
	if i := strings.Index(t, "Available skills"); i > 0 {
		t = t[:i]
	}
	return causeLine(t)
}
