package capture

import (
	"path"
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// throwawayRun reports a failed run of a script the turn wrote (tools[:i]) and later set
// out to remove (an rm, even one refused): a probe written to try something, whose
// failures are not the session's problems.
func throwawayRun(tools []*transcript.ToolUse, i int) bool {
	later := tools[i+1:]
	if !slices.ContainsFunc(later, removes) {
		return false // most failures: nothing removed after them
	}
	cmd := tools[i].Command
	for _, w := range tools[:i] {
		if w.Name != "Write" || !w.Created || w.FilePath == "" {
			continue
		}
		base := path.Base(w.FilePath)
		if !strings.Contains(cmd, base) || !slices.Contains(commandWords(cmd), base) {
			continue
		}
		for _, r := range later {
			if removes(r) && slices.ContainsFunc(removedPaths(r.Command), func(p string) bool { return path.Base(p) == base }) {
				return true
			}
		}
	}
	return false
}

// removes reports a shell call that runs rm (or git rm), whether it went through or not.
func removes(u *transcript.ToolUse) bool {
	return u.Name == "Bash" && strings.Contains(u.Command, "rm ")
}

// commandWords are the base names of a command line's words, quotes trimmed.
func commandWords(cmd string) []string {
	var out []string
	for f := range strings.FieldsSeq(cmd) {
		out = append(out, path.Base(strings.Trim(f, `"'`)))
	}
	return out
}
