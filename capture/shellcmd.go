package capture

import (
	"carnet/shell"
)

// simpleCommands reads a shell command line (through carnet's one shell parser, package
// shell) into its simple commands, each as its words, in order: "cd web && npm test | tail
// -5" gives [cd web] [npm test] [tail -5]. A `bash -lc '…'` runs its script, whose commands
// are returned instead; commands nested in a substitution ($(…)) are left out.
func simpleCommands(line string) [][]string {
	var out [][]string
	for _, c := range shell.Parse(line).Commands {
		if c.Nested || len(c.Words) == 0 {
			continue
		}
		if script, d := shell.Script(c.Words); script != "" && d != shell.Sh || isShellC(c.Words) {
			for _, in := range shell.ParseAs(script, d).Commands {
				if !in.Nested && len(in.Words) > 0 {
					out = append(out, in.Words)
				}
			}
			continue
		}
		out = append(out, c.Words)
	}
	return out
}

// isShellC reports a shell run with a script to read (bash -lc '…').
func isShellC(words []string) bool {
	if len(words) < 3 {
		return false
	}
	switch words[0] {
	case "bash", "sh", "zsh", "dash", "ksh":
		return len(words[1]) > 1 && words[1][0] == '-' && words[1][1] != '-' && containsC(words[1])
	}
	return false
}

func containsC(flag string) bool {
	for _, r := range flag {
		if r == 'c' {
			return true
		}
	}
	return false
}
