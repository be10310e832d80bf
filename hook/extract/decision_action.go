package extract

import (
	"strings"
	"unicode"
)

// A decision says what was chosen and why, or what it was chosen over. A bullet that only
// names a change made ("Changed `a@v3` → `a@v4`", "Add the fields to the validator.") or
// a step of a writing plan ("Explain the flow: …") is the work or the plan, not a choice.

// actionVerbs open, in lower case, a change made or to make, or a thing to write.
var actionVerbs = map[string]bool{"add": true, "added": true, "change": true, "changed": true, "update": true,
	"updated": true, "modify": true, "modified": true, "remove": true, "removed": true,
	"delete": true, "deleted": true, "rename": true, "renamed": true, "move": true, "moved": true, "bump": true,
	"bumped": true, "upgrade": true, "upgraded": true, "replace": true, "replaced": true, "create": true,
	"created": true, "implement": true, "implemented": true, "refresh": true, "refreshed": true, "explain": true,
	"state": true, "emphasize": true, "emphasise": true, "highlight": true, "mention": true, "stress": true,
	"ajouté": true, "ajouter": true, "modifié": true, "modifier": true}

// whyMarkers say, in lower case, why a change was made or what it was made over (with
// decisionMarkers, reasonOpeners and purposeMarkers).
var whyMarkers = []string{" not ", "—not ", " so ", " over ", " vs ", " versus ", " in order to ", " for clarity",
	" pour ", " afin ", " sans ", " pas "}

// bareAction reports a decision that opens with an action verb and says neither why nor
// over what ("Add the fields to the validator.", "Changed X → Y").
func bareAction(s string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	if !actionVerbs[strings.ToLower(first)] {
		return false
	}
	low := " " + strings.ToLower(s) + " "
	return !hasAny(low, whyMarkers) && !hasAny(low, decisionMarkers) && !hasAny(low, reasonOpeners) &&
		!hasAny(low, purposeMarkers) && !hasPurpose(s)
}

// notVerbs follow "to" in a destination ("to the validator"), not in a purpose ("to force").
var notVerbs = map[string]bool{"the": true, "a": true, "an": true, "its": true, "their": true, "our": true,
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
		if w != "" && !notVerbs[w] && !strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLower(r) }) {
			return true
		}
	}
}
