package capture

import "regexp"

// shellPosition matches where a shell says an error came from: "(eval):1: " (Claude Code
// runs commands through zsh's eval), "(eval):source:1: ", "zsh:1: ", "/bin/bash: line 1: ",
// "sh: 1: ". The builtin's name, when there is one, is the first group.
var shellPosition = regexp.MustCompile(`^(?:\(eval\)|(?:/usr)?(?:/bin/)?(?:ba|z|da)?sh)(?::([a-z]+))?:(?: line)? ?\d+: `)

// trimShellPosition drops the shell's position from a cause: it says nothing of the error,
// and the command is in the bullet already. A builtin's name stays ("source: no such file").
func trimShellPosition(cause string) string {
	m := shellPosition.FindStringSubmatchIndex(cause)
	if m == nil || m[1] == len(cause) {
		return cause
	}
	rest := cause[m[1]:]
	if m[2] >= 0 {
		return cause[m[2]:m[3]] + ": " + rest
	}
	return rest
}
