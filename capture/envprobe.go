package capture

import (
	"slices"
	"strings"
)

// gitQueries only ask git about the tree (they write nothing): run outside a repository,
// "not a git repository" is their answer.
var gitQueries = []string{"status", "branch", "log", "diff", "show", "rev-parse", "remote", "describe", "ls-files", "tag"}

// isWhereAmIProbe reports a call that failed on where the agent stands, not on the
// project: git queried outside a repository (see isNotRepoQuery), or a "cd" into a folder
// that is not there, the command after it never run (the agent already stood in it).
func isWhereAmIProbe(cmd, out string) bool {
	return isNotRepoQuery(cmd, out) || isMissingCd(cmd, out)
}

// isNotRepoQuery reports a command made only of git queries (filters may follow them) that
// failed because the folder is no git repository.
func isNotRepoQuery(cmd, out string) bool {
	if !strings.Contains(out, "not a git repository") {
		return false
	}
	return onlyQueries(cmd, func(f []string) bool {
		return f[0] == "git" && len(f) > 1 && slices.Contains(gitQueries, f[1])
	})
}

// isMissingCd reports a command that opens with "cd <dir> &&" and failed on that cd: the
// shell says the folder is not there (zsh "cd:1: no such file or directory: dir", bash
// "cd: dir: No such file or directory").
func isMissingCd(cmd, out string) bool {
	if !strings.HasPrefix(cmd, "cd ") || !strings.Contains(out, "cd") {
		return false // most failed calls: no fields to split
	}
	f := strings.Fields(cmd)
	if len(f) < 3 || f[0] != "cd" || f[2] != "&&" {
		return false
	}
	dir := strings.Trim(f[1], `"'`)
	low := strings.ToLower(out)
	return strings.Contains(low, "cd:") &&
		(strings.Contains(low, "no such file or directory: "+strings.ToLower(dir)) || strings.Contains(low, "cd: "+strings.ToLower(dir)+": no such file or directory"))
}
