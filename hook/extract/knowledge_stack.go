package extract

import (
	"slices"
	"strings"
)

// stackMarkers join what was built to what it is built with ("has been implemented with").
var stackMarkers = []string{" implemented with ", " implemented using ", " built with ", " built using "}

// stackVerbs come before a stack marker in a statement about what the work is.
var stackVerbs = []string{" has been", " have been", " was", " were", " is", " are"}

// statedStack returns the sentences of a closing text that name what the app is built
// with ("The admin dashboard has been implemented with React, Vite, and Tailwind CSS."):
// the project's stack, a fact for next time. The tail must be a list of two or more
// names ("React, Vite"), so "was built with care" is not a stack.
func statedStack(closing string) []string {
	if !slices.ContainsFunc(stackMarkers, func(m string) bool { return strings.Contains(closing, m) }) {
		return nil
	}
	var out []string
	for l := range strings.Lines(closing) {
		if isListItem(l) {
			l = stripItem(l)
		}
		for s := range strings.SplitAfterSeq(strings.TrimSpace(l), ". ") {
			if s = strings.TrimSpace(s); isStackSentence(s) && len(s) <= maxBullet {
				out = append(out, s)
			}
		}
	}
	return out
}

// isStackSentence reports "<what> has been implemented with <A>, <B> and <C>.".
func isStackSentence(s string) bool {
	for _, m := range stackMarkers {
		head, tail, ok := strings.Cut(s, m)
		if !ok {
			continue
		}
		if !hasAnySuffix(head, stackVerbs) {
			continue
		}
		return isNameList(strings.TrimSuffix(tail, "."))
	}
	return false
}

// hasAnySuffix reports whether s ends with one of suffixes.
func hasAnySuffix(s string, suffixes []string) bool {
	for _, x := range suffixes {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

// isNameList reports "React, Vite, and Tailwind CSS": two or more short names, each
// starting with a capital letter or a code span.
func isNameList(tail string) bool {
	tail = strings.ReplaceAll(strings.ReplaceAll(tail, ", and ", ", "), " and ", ", ")
	names := strings.Split(tail, ", ")
	if len(names) < 2 {
		return false
	}
	for _, n := range names {
		if n == "" || len(strings.Fields(n)) > 3 || !(n[0] == '`' || n[0] >= 'A' && n[0] <= 'Z') {
			return false
		}
	}
	return true
}
