package extract

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// scriptRunners run a package script: "npm run lint", "pnpm run build", "yarn run test".
var scriptRunners = []string{"npm", "pnpm", "yarn", "bun"}

// scriptKey names the part of a chain that runs a package script ("npm run lint:check --
// a.ts" runs lint:check) as a call that ran the script names it: "script lint:check".
func scriptKey(part string) string {
	f := strings.Fields(part)
	if len(f) >= 3 && slices.Contains(scriptRunners, f[0]) && (f[1] == "run" || f[1] == "run-script") {
		return "script " + f[2]
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
		if last := "script " + ran[len(ran)-1]; slices.Contains(parts, last) {
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
			passed["script "+s] = true
		}
	}
	return len(todo) > 0 && !slices.ContainsFunc(todo, func(p string) bool { return !passed[p] })
}

// chainedToo adds to the names of a call the parts of its chain, when it chains commands:
// a chain that went through fixes each of its parts, and a chain is fixed once each of its
// parts went through (memstore marks it).
func chainedToo(names []string, cmd string) []string {
	if !strings.Contains(cmd, "&&") {
		return names
	}
	for _, p := range memstore.CommandParts(cmd) {
		if !slices.Contains(names, p) {
			names = append(names, p)
		}
	}
	return names
}
