package capture

import (
	"slices"
	"strings"
)

// probeCommands ask whether a file is there: when it is not, they say so and exit 1.
// filterCommands may follow them in the command line. Reading a missing file (cat) is a failure.
var (
	probeCommands  = []string{"ls", "stat", "test", "[", "find", "file", "du", "tree", "readlink", "realpath", "echo", "true", "date", "pwd", "which"}
	filterCommands = []string{"head", "tail", "grep", "rg", "sort", "uniq", "cut", "wc", "tr"}
)

// isMissingProbe reports a command made only of asking whether files are there (ls, stat,
// test…, writing nothing) that failed because one is not: the answer to a question, not a
// failure, like a search that found nothing.
func isMissingProbe(cmd, out string) bool {
	if !strings.Contains(out, "No such file or directory") && !strings.Contains(out, "cannot access") {
		return false
	}
	return onlyQueries(cmd, func(f []string) bool { return slices.Contains(probeCommands, f[0]) })
}

// onlyQueries reports a command line whose stages each ask something (asks, given the
// stage's words) or, after a stage that asks, filter its output (filterCommands); a
// redirection or a substitution makes it a command that writes or runs more.
func onlyQueries(cmd string, asks func(f []string) bool) bool {
	cmd = strings.NewReplacer("2>&1", " ", "2>/dev/null", " ", "||", ";", "&&", ";", "|", ";", "\n", ";").Replace(cmd)
	if strings.ContainsAny(cmd, "<>`$") {
		return false
	}
	asked := false
	for stage := range strings.SplitSeq(cmd, ";") {
		f := strings.Fields(stage)
		switch {
		case len(f) == 0:
		case asks(f):
			asked = true
		case !asked || !slices.Contains(filterCommands, f[0]):
			return false
		}
	}
	return asked
}
