package extract

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"carnet/hook/transcript"
)

// An agent often finds a failure's cause while thinking ("I've realized the problem stems
// from the empty repository") and only acts on it in its answer. When the answer states no
// cause, the one found in thinking is the fact learned. Only a cause said as found is
// taken: thinking is full of guesses on the way.

// thoughtCauseMarkers mark, in lower case, a sentence of thinking that states a cause found.
var thoughtCauseMarkers = []string{"root cause", "Root cause", "stems from", "the issue was that", "the problem was that",
	"turns out", "was caused by", "is caused by"}

// hasThoughtCause reports a thought that may state a cause found: a cheap test, in the
// case written, before any lower-casing or splitting.
func hasThoughtCause(th string) bool { return hasAny(th, thoughtCauseMarkers) }

// causeFinders open a sentence with the agent finding the cause: what follows is the fact.
var causeFinders = []string{"i've realized that ", "i've realized ", "i realized that ", "i realized ",
	"i've found that ", "i found that ", "i've confirmed that ", "i confirmed that "}

// causeLeads end the clause that says a root cause was found ("I found the root cause -
// there's a second schema"): the cause is what follows.
var causeLeads = []string{"root cause - ", "root cause — ", "root cause: "}

// maxThoughtCauses bounds the causes taken from a turn's thinking.
const maxThoughtCauses = 2

// thoughtCauses returns the causes the turn's thinking states as found (see
// thoughtCauseMarkers), the latest maxThoughtCauses, in the order they were thought.
func thoughtCauses(t *transcript.Turn) []string {
	if t.Sidechain {
		return nil
	}
	var out []string
	for _, th := range slices.Backward(t.Thoughts) {
		if !hasThoughtCause(th) {
			continue // most thinking states no cause: skip it before splitting
		}
		for _, c := range slices.Backward(causesIn(sentences(th))) {
			if len(out) < maxThoughtCauses {
				out = append(out, c)
			}
		}
	}
	slices.Reverse(out)
	return out
}

// causesIn returns the causes stated in the sentences ss of one thought; two that follow
// each other say one cause ("The problem stems from the empty repository. The absence of a
// main branch is the root cause.") and make one statement, when it fits a bullet.
func causesIn(ss []string) []string {
	var out []string
	last := -2 // index in ss of the last cause kept
	for i, s := range ss {
		c := thoughtCause(s)
		if c == "" {
			continue
		}
		if j := len(out) - 1; last == i-1 && len(out[j])+1+len(c) <= maxBullet {
			out[j] += " " + c
		} else {
			out = append(out, c)
		}
		last = i
	}
	return out
}

// thoughtCause returns the cause a sentence of thinking states as found, without the
// clause that says it was found; "" for a sentence that states none or only guesses.
func thoughtCause(s string) string {
	low := " " + strings.ToLower(s) + " "
	if !hasAny(low, thoughtCauseMarkers) || isMomentState(low) {
		return ""
	}
	if len(low) != len(s)+2 {
		return s // lower case changed the length: offsets in low are not offsets in s
	}
	for _, l := range causeLeads {
		if i := strings.Index(low, l); i > 0 {
			return capitalized(s[i-1+len(l):])
		}
	}
	for _, f := range causeFinders {
		if strings.HasPrefix(low, " "+f) {
			return capitalized(s[len(f):])
		}
	}
	if strings.HasPrefix(low, " i ") || strings.HasPrefix(low, " i'") {
		return "" // the agent's own move ("I'm now looking for the root cause")
	}
	return s
}

// capitalized is s with its first letter in upper case.
func capitalized(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
