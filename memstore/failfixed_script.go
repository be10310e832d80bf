package memstore

import "carnet/shell"

// ScriptRun names the package script a command runs ("npm run lint:check -- a.ts" runs
// lint:check) as Script does, or "": any call that ran the script went through it.
func ScriptRun(cmd string) string {
	for _, c := range shell.Parse(cmd).Commands {
		if s := c.Script(); s != "" {
			return Script(s)
		}
	}
	return ""
}

// Script names a package script among the commands that went through (Extraction.Succeeded),
// whichever command ran it: "npm run lint", or a commit whose hook ran it.
func Script(name string) string { return "script " + name }
