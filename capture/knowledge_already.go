package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// A fix the session set out to make and found not needed ("The four_words.rs file was
// already properly handling errors") corrects an earlier report: the next session would
// otherwise set out to fix it again.

// alreadyMarks say that a thing already did what was asked of it, done right.
var alreadyMarks = []string{" already properly ", " already correctly "}

// alreadyHandled returns the list items of the closing text that say a thing was already
// handled right, as sentences.
func alreadyHandled(t *transcript.Turn) []string {
	if t.Sidechain || !hasAny(t.Closing, alreadyMarks) {
		return nil // most closing texts say no such thing: not read line by line
	}
	var out []string
	for item := range listItems(t.Closing) {
		if hasAny(item, alreadyMarks) {
			out = append(out, strings.TrimRight(item, ".")+".")
		}
	}
	return out
}
