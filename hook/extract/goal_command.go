package extract

import (
	"strings"
	"unicode"

	"carnet/hook/transcript"
)

// reviewCommandGoal gives a bare slash command ("/dev:review", no arguments) whose answer
// is a review the heading of that review, the command after it ("Code Review Report
// (/dev:review)"): what the turn was for, when its to-do list did not say it (had is empty).
func reviewCommandGoal(t *transcript.Turn, had []string) []string {
	name := between(t.Prompt, "<command-name>", "</command-name>")
	if len(had) > 0 || name == "" || between(t.Prompt, "<command-args>", "</command-args>") != "" {
		return nil
	}
	for l := range strings.Lines(t.Closing) {
		s := strings.TrimSpace(l)
		if headingLevel(s) == 0 {
			continue
		}
		title := strings.TrimLeftFunc(stripMarkup(strings.TrimLeft(s, "# ")), func(r rune) bool { return !unicode.IsLetter(r) })
		if title == "" || !reviewWord.MatchString(title) {
			return nil // the answer's first heading says what it is
		}
		return []string{title + " (" + name + ")"}
	}
	return nil
}
