package memstore

import (
	"slices"
	"strings"
)

// CommandParts splits a shell line into the commands it chains with "&&", each as a fixed
// failure and a success name it: its part before any pipe, without "2>&1", spaces
// collapsed. A "cd" only moves: it is no part. A bullet's clipped command ends with "…".
func CommandParts(cmd string) []string {
	var parts []string
	for p := range strings.SplitSeq(cmd, "&&") {
		p, _, _ = strings.Cut(p, "|")
		p = strings.Join(strings.Fields(strings.ReplaceAll(p, "2>&1", "")), " ")
		if p != "" && p != "cd" && !strings.HasPrefix(p, "cd ") {
			parts = append(parts, p)
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
