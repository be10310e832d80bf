package capture

import (
	"strings"
	"unicode"
)

// A decision says what was chosen and why, or what it was chosen over. A bullet that only
// names a change made ("Changed `a@v3` → `a@v4`", "Add the fields to the validator.") or
// a step of a writing plan ("Explain the flow: …") is the work or the plan, not a choice.

// actionVerbs open, in lower case, a change made or to make, or a thing to write; true for
// the words that are nouns too ("State management: …", "Move list …"), a verb only before
// its object ("State the route", "Move the `x` file"). "Replaced A with B" is not one: it
// says what B was chosen over.
var actionVerbs = map[string]bool{"add": false, "added": false, "change": true, "changed": false, "update": true,
	"updated": false, "modify": false, "modified": false, "remove": false, "removed": false, "delete": false,
	"deleted": false, "rename": false, "renamed": false, "move": true, "moved": false, "bump": true, "bumped": false,
	"upgrade": true, "upgraded": false, "create": false, "created": false, "implement": false, "implemented": false,
	"refresh": true, "refreshed": false, "explain": false, "state": true, "emphasize": false, "emphasise": false,
	"highlight": true, "mention": false, "stress": true,
	"ajouté": false, "ajouter": false, "modifié": false, "modifier": false}

// whyMarkers say, in lower case, why a change was made or what it was made over (with
// decisionMarkers, reasonOpeners and purposeMarkers).
var whyMarkers = []string{" not ", "—not ", " so ", " over ", " vs ", " versus ", " in order to ", " for clarity",
	" pour ", " afin ", " sans ", " pas "}

// bareAction reports a decision that opens with an action verb and says neither why nor
// over what ("Add the fields to the validator.", "Changed X → Y").
func bareAction(s string) bool {
	first, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	needsObject, ok := actionVerbs[strings.ToLower(first)]
	if !ok || needsObject && !opensObject(rest) {
		return false
	}
	low := " " + strings.ToLower(s) + " "
	return !hasAny(low, whyMarkers) && !hasAny(low, decisionMarkers) && !hasAny(low, reasonOpeners) &&
		!hasAny(low, purposeMarkers) && !hasPurpose(s)
}

// determiners open a noun phrase; after "to", a destination ("to the validator"), not a
// purpose ("to force").
var determiners = map[string]bool{"the": true, "a": true, "an": true, "its": true, "their": true, "our": true,
	"your": true, "my": true, "this": true, "that": true, "these": true, "those": true, "each": true,
	"every": true, "all": true, "both": true, "one": true, "it": true, "them": true}

// hasPurpose reports a "to" followed by a verb ("to force the push"): a lower-case word of
// letters that is no determiner, not a name ("to Celo") nor a version ("to v4").
func hasPurpose(s string) bool {
	for rest := s; ; {
		i := strings.Index(rest, " to ")
		if i < 0 {
			return false
		}
		rest = rest[i+4:]
		w, _, _ := strings.Cut(rest, " ")
		w = strings.TrimRight(w, ".,;:")
		if w != "" && !determiners[w] && !strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLower(r) }) {
			return true
		}
	}
}

// opensObject reports words that open a verb's object: a determiner, inline code or a quote.
func opensObject(words string) bool {
	w, _, _ := strings.Cut(words, " ")
	return determiners[strings.ToLower(w)] || strings.HasPrefix(w, "`") || strings.HasPrefix(w, "\"")
}
