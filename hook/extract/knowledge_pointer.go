package extract

import (
	"slices"
	"strings"
)

// A sentence that only says where a page is ("The application is open at [Grants](https://…).")
// is a link with a sentence around it: the next session learns nothing it could reuse.

// pointerStates are the words between "is" and "at" of a sentence that says where a page
// is ("is open at", "is available at").
var pointerStates = []string{"open", "available", "live", "hosted", "published", "deployed", "located", "online"}

// isLinkPointer reports a short sentence that ends with a link its few words only locate:
// "<subject> is|are [state] at|on <link>".
func isLinkPointer(s string) bool {
	s = strings.TrimRight(s, ". ")
	head := ""
	if strings.HasSuffix(s, ")") && strings.Contains(s, "](") {
		i := strings.LastIndex(s, "](")
		open := strings.LastIndex(s[:i], "[")
		if open < 0 || strings.ContainsRune(s[i:len(s)-1], ' ') {
			return false
		}
		head = s[:open]
	} else {
		i := strings.LastIndexByte(s, ' ')
		if i < 0 || !strings.Contains(s[i:], "://") {
			return false
		}
		head = s[:i]
	}
	words := strings.Fields(strings.ToLower(head))
	n := len(words)
	if n < 3 || n > 7 || words[n-1] != "at" && words[n-1] != "on" {
		return false
	}
	verb := words[n-2]
	if slices.Contains(pointerStates, verb) {
		verb = words[n-3]
	}
	return verb == "is" || verb == "are"
}
