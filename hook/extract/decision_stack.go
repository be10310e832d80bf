package extract

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"carnet/hook/transcript"
)

// A closing text that names what the work was built with ("The dashboard has been
// implemented with React, Vite, and Tailwind CSS.") states the stack chosen: a decision,
// in the session's words. Made "with" a description ("created with full notes…") or with
// a single name is the work.

// stackMarkers say, in lower case, what the work was built with.
var stackMarkers = []string{" implemented with ", " built with ", " implemented using ", " built using "}

// stackChoices returns the closing text's sentences that name the stack (see
// stackMarkers and stackNames), at most one; none for a subagent.
func stackChoices(t *transcript.Turn) []string {
	if t.Sidechain || !hasAny(t.Closing, stackMarkers) {
		return nil
	}
	for _, s := range sentences(t.Closing) {
		s = stripMarkup(s)
		low := strings.ToLower(s)
		for _, m := range stackMarkers {
			if i := strings.Index(low, m); i >= 0 && stackNames(s[i+len(m):]) && len(s) <= maxBullet {
				return []string{s}
			}
		}
	}
	return nil
}

// stackNames reports a list of two names or more ("React, Vite, and Tailwind CSS."), each
// with a capital, and nothing after it.
func stackNames(list string) bool {
	list = strings.TrimSuffix(strings.TrimSpace(list), ".")
	n := 0
	for item := range strings.SplitSeq(strings.ReplaceAll(list, " and ", ", "), ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		if r, _ := utf8.DecodeRuneInString(item); len(strings.Fields(item)) > 2 || !unicode.IsUpper(r) {
			return false
		}
		n++
	}
	return n >= 2
}
