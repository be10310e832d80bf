package memstore

import (
	"slices"
	"strings"

	"carnet/shell"
)

// CommandParts are the commands a shell line chains, each as a fixed failure and a success
// name it: the commands of its own level (shell.Command.Text: not a later pipeline stage,
// nor a command inside a word), without "2>&1", blanks folded. A "cd" only moves: it is no
// part. A bullet's clipped command ends with "…".
func CommandParts(cmd string) []string {
	var parts []string
	for _, c := range shell.Parse(cmd).Commands {
		if !c.Piped && !c.Nested && c.Name() != "cd" {
			parts = append(parts, c.Text)
		}
	}
	return parts
}

// partsSucceeded reports whether every part of a chained command that failed ("a && b && c")
// went through since: the chain is fixed. A part the bullet clipped ("npm test --…") went
// through when a command it opens did; a package script, when a call ran it (ScriptRun).
func partsSucceeded(cmd string, succeeded []string) bool {
	if !strings.Contains(cmd, "&&") && ScriptRun(cmd) == "" {
		return false
	}
	parts := CommandParts(cmd)
	for _, p := range parts {
		head, clipped := strings.CutSuffix(p, "…")
		script := ScriptRun(p)
		if !slices.ContainsFunc(succeeded, func(s string) bool { return s == p || s == script || clipped && strings.HasPrefix(s, head) }) {
			return false
		}
	}
	return len(parts) > 0
}
