package memstore

import (
	"slices"
	"strings"
	"unicode"
)

// gitStepWords are the words of a to-do that only asks to commit or push ("commit + push",
// "Commit and push the changes"): it names no subject for the evidence's words to match.
var gitStepWords = set(strings.Fields(`git commit push and then the changes + & et puis les modifications`))

// gitStep is the git command that does a to-do made only of git steps: "git push" when it
// asks to push, "git commit" when it asks to commit only, "" for any other to-do.
func gitStep(item string) string {
	f := strings.FieldsFunc(strings.ToLower(item), func(r rune) bool {
		return unicode.IsSpace(r) || r == ',' || r == '.' || r == '`' || r == '/'
	})
	if len(f) == 0 || slices.ContainsFunc(f, func(w string) bool { return !gitStepWords[w] }) {
		return ""
	}
	switch {
	case slices.Contains(f, "push"):
		return "git push"
	case slices.Contains(f, "commit"):
		return "git commit"
	}
	return ""
}

// gitStepDone reports whether a line of evidence runs the git command (see gitStep), as a
// whole command of a shell line ("git pull --rebase && git push origin main").
func gitStepDone(cmd string, evidence []string) bool {
	return slices.ContainsFunc(evidence, func(e string) bool {
		return slices.ContainsFunc(CommandParts(e), func(p string) bool { return p == cmd || strings.HasPrefix(p, cmd+" ") })
	})
}
