package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// scriptKey names the part of a chain that runs a package script by the script
// (memstore.ScriptRun), any other part as it is.
func scriptKey(part string) string {
	if s := memstore.ScriptRun(part); s != "" {
		return s
	}
	return part
}

// partKeys are the parts of a call's chain (see memstore.CommandParts), a script as
// scriptKey names it.
func partKeys(cmd string) []string {
	parts := memstore.CommandParts(cmd)
	for i, p := range parts {
		parts[i] = scriptKey(p)
	}
	return parts
}

// failedParts are the parts of a failed chain left to fix: the script that failed, when the
// call's output shows which (the last one it ran); all of them when it does not.
func failedParts(u *transcript.ToolUse) []string {
	parts := partKeys(u.Command)
	if ran := u.Scripts; len(ran) > 0 {
		if last := memstore.Script(ran[len(ran)-1]); slices.Contains(parts, last) {
			return []string{last}
		}
	}
	return parts
}

// chainFixedLater reports whether a failed chain ("npm run lint && npm run build") is fixed
// later in the turn: each part left to fix (see failedParts) went through in a later call,
// as a part of its chain or a script it ran, and did not fail again after.
func chainFixedLater(later []*transcript.ToolUse, u *transcript.ToolUse) bool {
	if !strings.Contains(u.Command, "&&") || strings.Contains(u.Command, "<<") {
		return false
	}
	todo := failedParts(u)
	passed := map[string]bool{}
	for _, v := range later {
		if v.Name != "Bash" || !v.HasResult || strings.Contains(v.Command, "<<") {
			continue
		}
		if v.IsError {
			for _, p := range failedParts(v) {
				passed[p] = false
			}
			continue
		}
		for _, p := range partKeys(v.Command) {
			passed[p] = true
		}
		for _, s := range v.Scripts {
			passed[memstore.Script(s)] = true
		}
	}
	return len(todo) > 0 && !slices.ContainsFunc(todo, func(p string) bool { return !passed[p] })
}

// chainedToo adds to the names of a call the parts of its chain, when it chains commands,
// and the package scripts it ran (memstore.Script): a call that went through fixes each of
// them, and a chain is fixed once each of its parts went through (memstore marks it).
func chainedToo(names []string, u *transcript.ToolUse) []string {
	add := func(n string) {
		if n != "" && !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if chained := strings.Contains(u.Command, "&&"); chained || strings.Contains(u.Command, " run") {
		for _, p := range memstore.CommandParts(u.Command) {
			if chained {
				add(p)
			}
			add(memstore.ScriptRun(p))
		}
	}
	for _, s := range u.Scripts {
		add(memstore.Script(s))
	}
	return names
}
