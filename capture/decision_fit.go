package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// "I need to create a simpler useTodos hook that matches the existing todo-app structure",
// in a turn that then created a file, says what was built and why it is shaped so: to fit
// what was already there. A colleague keeps that choice ("Created a simpler useTodos hook
// to match the existing todo-app structure"), from a subagent too: the file is its work.

// fitOpeners open, in lower case, the agent's statement of a thing to build.
var fitOpeners = []string{"i need to create ", "i'll create ", "i will create ", "let me create "}

// fitMarks say that the thing is built to fit what exists, with how the decision says it
// (a purpose, which tells the choice from the bare change "Created X").
var fitMarks = strings.NewReplacer(" that matches the existing ", " to match the existing ",
	" that fits the existing ", " to fit the existing ")

// fitPurposes are what fitMarks give.
var fitPurposes = []string{" to match the existing ", " to fit the existing "}

// madeToFit returns, once per turn that created a file, the things its texts say were
// built to match what exists, told as done.
func madeToFit(t *transcript.Turn) []string {
	var out []string
	for _, text := range t.Texts {
		if !strings.Contains(text, " the existing ") {
			continue
		}
		for l := range strings.Lines(text) {
			for _, s := range splitSentences(stripMarkup(strings.TrimSpace(l))) {
				if b := fitChoice(s); b != "" && !slices.Contains(out, b) {
					out = append(out, b)
				}
			}
		}
	}
	if len(out) == 0 || !createdFile(t) {
		return nil
	}
	return out
}

// fitChoice returns "Created <thing> to match the existing <thing>" for a sentence
// that opens with one of fitOpeners and says what it fits; empty otherwise.
func fitChoice(s string) string {
	low := strings.ToLower(s)
	for _, o := range fitOpeners {
		if !strings.HasPrefix(low, o) {
			continue
		}
		b := "Created " + fitMarks.Replace(strings.TrimRight(s[len(o):], ".:"))
		if hasAny(b, fitPurposes) && len(b) <= maxBullet {
			return b
		}
	}
	return ""
}

// createdFile reports a turn that wrote a new file.
func createdFile(t *transcript.Turn) bool {
	return slices.ContainsFunc(t.Tools, func(u *transcript.ToolUse) bool { return u.Name == "Write" && u.Created })
}
