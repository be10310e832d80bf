package memstore

import (
	"slices"
	"strings"
	"unicode"
)

// ciWords name a pipeline that runs commands on every push.
var ciWords = []string{"ci", "ci/cd", "pipeline", "pipelines", "workflow", "workflows"}

// maxCIHead bounds the words of a command that name it in a line about CI ("cargo clippy",
// "npm run lint"): its flags and their values are the pipeline's business.
const maxCIHead = 3

// inCI reports a "Run `…`" to-do that asks for the command in the pipeline ("Run `cargo
// clippy -- -D warnings` in CI to enforce standards"): the words after the command name CI.
func inCI(item string) bool {
	_, rest, _ := strings.Cut(item, "`")
	_, rest, _ = strings.Cut(rest, "`")
	return namesCI(rest)
}

// namesCI reports a text that names a CI pipeline.
func namesCI(s string) bool {
	low := strings.ToLower(s)
	f := strings.FieldsFunc(low, func(r rune) bool { return !unicode.IsLetter(r) && r != '/' })
	return strings.Contains(low, "github actions") || slices.ContainsFunc(f, func(w string) bool { return slices.Contains(ciWords, w) })
}

// putInCI reports a line of evidence that puts the command in CI: it names CI and the
// command's words before its first flag ("Add cargo clippy enforcement to CI/CD pipeline").
func putInCI(cmd, evidence string) bool {
	var head []string
	for w := range strings.FieldsSeq(cmd) {
		if strings.HasPrefix(w, "-") || len(head) == maxCIHead {
			break
		}
		head = append(head, w)
	}
	return len(head) > 0 && namesCI(evidence) &&
		strings.Contains(" "+squeeze(strings.ToLower(evidence))+" ", " "+strings.ToLower(strings.Join(head, " "))+" ")
}
