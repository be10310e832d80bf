package memstore

import (
	"slices"
	"strings"
)

// A day's hook captures restate one piece of work or one caveat in other words: "Added 4
// fields to `schema.ts` … (lines 299-302)" then "Added 4 fields to database schema (lines
// 299-302)"; "Note: if the export fails …" then "Note: your environment lacks … because the
// export …". sameClaim folds them, anchored on what names the thing (a path, a number, a
// code span) so that two claims about different things never meet.

// claims caches, during one fold, the content words of the texts sameClaim weighs, so that
// each bullet of the day is read once, not once per item.
type claims map[string][]string

func (c claims) words(s string) []string {
	w, ok := c[s]
	if !ok {
		w = ContentWords(Normalize(s))
		c[s] = w
	}
	return w
}

// sameClaim reports whether a and b, two bullets of the section key, state one claim: they
// share an anchor and the shorter says little the longer does not — three quarters of its
// content words and every number and path of it are in the longer; for a fact that both
// open with one label ("Note: …"), half its words suffice.
func (c claims) sameClaim(key, a, b string) bool {
	if isFileList(a) || isFileList(b) {
		return false // the day's file lists merge by name (mergeDayFiles)
	}
	wa, wb := c.words(a), c.words(b)
	if len(wa) > len(wb) {
		a, b, wa, wb = b, a, wb, wa
	}
	if len(wa) < 4 || !sharesAnchor(a, b, wa, wb) {
		return false
	}
	common, facts := 0, true
	for _, w := range wa {
		switch {
		case slices.Contains(wb, w):
			common++
		case hasDigitOrPath(w):
			facts = false
		}
	}
	if key == KeyKnowledge && sameLabel(a, b) {
		return 2*common >= len(wa)
	}
	return facts && 4*common >= 3*len(wa)
}

// sharesAnchor reports whether a (words wa) and b (words wb) name one thing: a path or
// number of three characters at least in both, or a code span of either whose every word
// the other says.
func sharesAnchor(a, b string, wa, wb []string) bool {
	for _, w := range wa {
		if len(w) >= 3 && hasDigitOrPath(w) && slices.Contains(wb, w) {
			return true
		}
	}
	return spanSaid(a, wb) || spanSaid(b, wa)
}

// spanSaid reports whether every word of one of the code spans of s is in words.
func spanSaid(s string, words []string) bool {
	if !strings.Contains(s, "`") {
		return false
	}
	for span := range codeSpans(s) {
		ws := ContentWords(Normalize(span))
		if len(ws) > 0 && !slices.ContainsFunc(ws, func(w string) bool { return !slices.Contains(words, w) }) {
			return true
		}
	}
	return false
}

// sameLabel reports whether a and b open with one label of one word ("Note: …").
func sameLabel(a, b string) bool {
	la, _, okA := strings.Cut(a, ": ")
	lb, _, okB := strings.Cut(b, ": ")
	return okA && okB && !strings.ContainsAny(la, " `/.") && strings.EqualFold(la, lb)
}

// isFileList reports whether text is a list of the files a day created or changed.
func isFileList(text string) bool {
	_, _, ok := fileListKind(text)
	return ok
}
