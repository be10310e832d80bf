package memstore

import (
	"slices"
	"strings"
)

// A day often states one subject's state twice in other words: as a headline ("Capture
// targets now use corner highlights"), then under the file that holds it ("`styles.css`:
// capture squares now use radial gradients per corner…"); or it undoes the same change
// twice ("Reverted the hover overlay back to the inset shadow", later "Reverted hover
// styling back to the inset shadow"). The latest is the day's state.

// stateWords are the words of a state that say it is one, not what it is, and the small
// words any two sentences share.
var stateWords = map[string]bool{"now": true, "use": true, "uses": true, "instead": true, "using": true,
	"rather": true, "than": true, "each": true, "per": true, "when": true, "not": true, "all": true, "also": true,
	"so": true, "only": true, "which": true, "just": true, "still": true, "no": true, "can": true, "will": true}

// minStateShared is how many words of what a subject now does two states of it share.
const minStateShared = 2

// sameStatedSubject reports two statements "S now P" whose subjects, once a file label
// ("`styles.css`: ") is left out, share a content word, and whose states P share
// minStateShared content words: one subject whose state the day changed.
func sameStatedSubject(a, b string) bool {
	sa, pa, okA := strings.Cut(a, " now ")
	sb, pb, okB := strings.Cut(b, " now ")
	if !okA || !okB || !sharesWords(unlabelled(sa), unlabelled(sb), 1) {
		return false
	}
	return sharesWords(pa, pb, minStateShared)
}

// unlabelled is s without a label before its first ": " (a file, a component).
func unlabelled(s string) string {
	if _, rest, ok := strings.Cut(s, ": "); ok {
		return rest
	}
	return s
}

// sharesWords reports whether a and b share n content words, the words of a state aside.
func sharesWords(a, b string, n int) bool {
	wb := ContentWords(Normalize(b))
	shared := 0
	for _, w := range ContentWords(Normalize(a)) {
		if !stateWords[w] && slices.Contains(wb, w) {
			shared++
		}
	}
	return shared >= n
}

// dropEarlierReverts removes from today's section key the reverts before the bullet at
// line kept that undo the same change as text (see revertedBullet): two reverts back to one
// state are one. It returns how many it removed.
func dropEarlierReverts(today *Doc, key, text string, kept int) int {
	s, ok := today.Section(key)
	if !ok || !IsRevert(text) {
		return 0
	}
	subject := revertSubject(text)
	dropped := 0
	for _, b := range slices.Backward(today.Bullets(s)) {
		if b.Line < kept && IsRevert(b.Text) && sharedWith(subject, b.Text) >= minRevertShared {
			today.RemoveBullet(s, b)
			dropped++
		}
	}
	return dropped
}
