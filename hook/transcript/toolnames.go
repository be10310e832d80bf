package transcript

import (
	"strings"
	"time"
)

// The agents that keep their sessions as documents (Gemini CLI, OpenCode) name their tools
// their own way; carnet reads every call under Claude Code's names.

// Carnet's names of the tool calls other agents make, per agent.
var (
	geminiToolNames   = map[string]string{"write_file": "Write", "replace": "Edit", "edit": "Edit", "read_file": "Read", "run_shell_command": "Bash", "write_todos": "TodoWrite"}
	openCodeToolNames = map[string]string{"write": "Write", "edit": "Edit", "multiedit": "Edit", "read": "Read", "bash": "Bash", "todowrite": "TodoWrite"}
)

// callInput is what carnet reads of a tool call's input, whatever the agent.
type callInput struct {
	FilePath, Command, Description string
	Dir                            string // the folder a shell command runs in
	Todos                          []Todo
}

// namedTool is a tool call under carnet's name for it (names maps the agent's: a tool it
// lacks keeps the agent's name), with what that kind of call reads of its input.
func namedTool(names map[string]string, id, name string, in callInput, ts time.Time) *ToolUse {
	u := &ToolUse{ID: id, Name: name, Time: ts}
	switch n := names[name]; n {
	case "Write", "Edit", "Read":
		u.Name, u.FilePath = n, in.FilePath
	case "Bash":
		u.Name, u.Command, u.Description, u.Cwd = n, CleanText(strings.TrimSpace(in.Command)), in.Description, CleanText(in.Dir)
	case "TodoWrite":
		u.Name, u.Todos = n, in.Todos
	}
	return u
}
