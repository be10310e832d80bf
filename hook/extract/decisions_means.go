package extract

import "strings"

// A fix often says its means in one sentence: "Fixed the test failures by adding a mock
// configuration". The means is the choice made, in the session's words.

// fixVerbs open, in lower case, what a fix did.
var fixVerbs = []string{"fixed ", "resolved ", "solved ", "worked around ", "corrigé ", "résolu "}

// maxMeansGap bounds the words between a fix verb and the "by" of its means.
const maxMeansGap = 8

// fixedByMeans reports a sentence (lower case, padded with spaces) that says a problem was
// fixed by doing something: a fix verb, then within maxMeansGap words "by" (or "en") and a
// word ending in -ing (or -ant).
func fixedByMeans(low string) bool {
	for _, v := range fixVerbs {
		i := strings.Index(low, v)
		if i < 1 || low[i-1] != ' ' {
			continue // not a word of its own ("prefixed ")
		}
		f := strings.Fields(low[i+len(v):])
		for j := 0; j < len(f)-1 && j <= maxMeansGap; j++ {
			if (f[j] == "by" && strings.HasSuffix(f[j+1], "ing")) || (f[j] == "en" && strings.HasSuffix(f[j+1], "ant")) {
				return true
			}
		}
	}
	return false
}
