package memstore

import (
	"slices"
	"strings"
)

// scriptRunners run a package script: "npm run lint", "pnpm run build", "yarn run test".
var scriptRunners = []string{"npm", "pnpm", "yarn", "bun"}

// ScriptRun names the package script a command runs ("npm run lint:check -- a.ts" runs
// lint:check) as Script does, or "": any call that ran the script went through it.
func ScriptRun(cmd string) string {
	f := strings.Fields(cmd)
	if len(f) >= 3 && slices.Contains(scriptRunners, f[0]) && (f[1] == "run" || f[1] == "run-script") {
		return Script(f[2])
	}
	return ""
}

// Script names a package script among the commands that went through (Extraction.Succeeded),
// whichever command ran it: "npm run lint", or a commit whose hook ran it.
func Script(name string) string { return "script " + name }
