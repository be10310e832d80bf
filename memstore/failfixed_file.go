package memstore

import (
	"slices"
	"strings"

	"carnet/shell"
)

// noSuchFile is how a call says a file it needs is missing, in any case.
const noSuchFile = "no such file or directory"

// missingFile is the file a failure's cause says is missing ("No such file or directory:
// 'a.jsonl'", "cat: a.jsonl: No such file or directory"), or "".
func missingFile(text string) string {
	i := strings.Index(strings.ToLower(text), noSuchFile)
	if i < 0 {
		return ""
	}
	name := ""
	after := strings.TrimPrefix(strings.TrimLeft(text[i+len(noSuchFile):], ":, "), "open ")
	if f := strings.Fields(after); len(f) > 0 {
		name = f[0]
	} else if f := strings.FieldsFunc(text[:i], func(r rune) bool { return r == ' ' || r == ':' }); len(f) > 0 {
		name = f[len(f)-1]
	}
	name = strings.Trim(name, "'\"`,.")
	if len(name) < 3 || !strings.ContainsAny(name, "./") {
		return ""
	}
	return name
}

// removers go through on a file that was there and is no more: they do not show it exists.
var removers = []string{"rm", "rmdir", "unlink", "mv"}

// fileFound reports whether a command that went through names the file as an operand: the
// file is there now, so a failure for want of it is fixed.
func fileFound(name string, succeeded []string) bool {
	for _, s := range succeeded {
		for _, c := range shell.Parse(s).Commands {
			argv := c.Argv()
			if len(argv) == 0 || slices.Contains(removers, c.Name()) || c.Git() == "rm" || c.Git() == "mv" {
				continue
			}
			for _, w := range argv[1:] {
				if w == name || strings.HasSuffix(w, "/"+name) || strings.HasSuffix(name, "/"+w) {
					return true
				}
			}
		}
	}
	return false
}

// fixedSince reports whether a failure bullet of the day is fixed by the commands that went
// through: the same command, each part of its chain, or, for a failure of a missing file
// in an earlier exchange (fresh lists this one's), a command that names that file.
func fixedSince(text, cmd string, succeeded, fresh []string) bool {
	if slices.Contains(succeeded, cmd) || partsSucceeded(cmd, succeeded) {
		return true
	}
	if slices.Contains(fresh, text) {
		return false // what this exchange ran before the failure does not fix it
	}
	name := missingFile(text)
	return name != "" && fileFound(name, succeeded)
}
