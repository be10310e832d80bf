package capture

import (
	"path"
	"strings"

	"carnet/hook/transcript"
)

// removedAfter gives, for each file a shell call of the turn removed (rm, git rm), the index
// of the last such call, its path as fileBullets names it: a file written then removed in
// the same turn (a helper script) is not one of the turn's files. A removal after a cd in
// the same command is not read (its folder is unknown).
func removedAfter(t *transcript.Turn, fx PathFixer) map[string]int {
	var out map[string]int
	for i, u := range t.Tools {
		if u.Name != "Bash" || u.IsError || !strings.Contains(u.Command, "rm ") {
			continue
		}
		for _, arg := range removedPaths(u.Command) {
			if !isAbs(arg) && isAbs(t.Cwd) {
				arg = path.Join(t.Cwd, arg)
			}
			if p, inside := fx.Rel(arg); inside {
				if out == nil {
					out = map[string]int{}
				}
				out[p] = i
			}
		}
	}
	return out
}

// removedPaths reads the files a command line removes: the operands of its rm and git rm
// commands, up to a cd.
func removedPaths(cmd string) []string {
	var out []string
	for seg := range strings.FieldsFuncSeq(cmd, func(r rune) bool { return r == '&' || r == ';' || r == '|' || r == '\n' }) {
		f := strings.Fields(seg)
		switch {
		case len(f) == 0:
			continue
		case f[0] == "cd":
			return out
		case f[0] == "git" && len(f) > 1 && f[1] == "rm":
			f = f[2:]
		case f[0] == "rm":
			f = f[1:]
		default:
			continue
		}
		for _, a := range f {
			a = strings.Trim(a, `"'`)
			if a != "" && !strings.HasPrefix(a, "-") && !strings.ContainsAny(a, "*?$>") {
				out = append(out, a)
			}
		}
	}
	return out
}
