package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// Claude Code's shell keeps the folder a "cd" went to. A later command that names a path
// under that same folder ("cd types && tsc …", then "cat > types/README.md": no such file or
// directory) fails on the agent's idea of where its shell stands, not on the project: no
// failure a colleague would keep.

// cdSlip reports a failed command whose "no such file or directory" names a relative path
// under the folder an earlier call of the turn went into with a leading "cd DIR".
func cdSlip(before []*transcript.ToolUse, u *transcript.ToolUse) bool {
	if !strings.Contains(u.Output, "o such file or directory") {
		return false // most failures: not read further
	}
	for _, v := range slices.Backward(before) {
		dir := cdTarget(v)
		if dir == "" {
			continue
		}
		named := dir + "/"
		return strings.Contains(u.Output, named) && hasWordPrefix(u.Command, named)
	}
	return false
}

// cdTarget is the relative folder a Bash call went into with its leading "cd DIR &&" (or
// ";"), or "": none, an absolute path, a climb ("..") or a folder of several levels.
func cdTarget(v *transcript.ToolUse) string {
	rest, ok := strings.CutPrefix(strings.TrimSpace(v.Command), "cd ")
	if v.Name != "Bash" || !ok || v.IsError {
		return ""
	}
	dir, _, _ := strings.Cut(rest, " ")
	dir = strings.TrimRight(dir, ";/")
	if dir == "" || strings.ContainsAny(dir, "/~$\"'") || strings.HasPrefix(dir, ".") {
		return ""
	}
	return dir
}

// hasWordPrefix reports whether a word of cmd (after a space, a quote or a redirection)
// starts with p.
func hasWordPrefix(cmd, p string) bool {
	for i := strings.Index(cmd, p); i >= 0; {
		if i == 0 || strings.ContainsRune(" \t>'\"", rune(cmd[i-1])) {
			return true
		}
		j := strings.Index(cmd[i+1:], p)
		if j < 0 {
			return false
		}
		i += j + 1
	}
	return false
}
