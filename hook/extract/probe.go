package extract

import (
	"slices"
	"strings"
)

// probeCommands only look at files: when the file is not there, they say so and exit 1.
var probeCommands = []string{"ls", "cat", "head", "tail", "stat", "file", "wc", "test", "[", "find", "du", "tree",
	"readlink", "realpath", "grep", "rg", "sort", "uniq", "cut", "tr", "jq", "echo", "true", "date", "pwd", "which"}

// isMissingProbe reports a command made only of looking at files (ls, cat, head, stat…,
// writing nothing) that failed because the file it looked for is not there: the answer
// to a question ("is it there?"), not a failure, like a search that found nothing.
func isMissingProbe(cmd, out string) bool {
	if !strings.Contains(out, "No such file or directory") && !strings.Contains(out, "cannot access") {
		return false
	}
	cmd = strings.NewReplacer("2>&1", " ", "2>/dev/null", " ", "||", ";", "&&", ";", "|", ";", "\n", ";").Replace(cmd)
	if strings.ContainsAny(cmd, "<>`$") {
		return false // a redirection or a substitution: the command writes or runs more
	}
	for stage := range strings.SplitSeq(cmd, ";") {
		f := strings.Fields(stage)
		if len(f) > 0 && !slices.Contains(probeCommands, f[0]) {
			return false
		}
	}
	return true
}
