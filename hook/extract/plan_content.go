package extract

import (
	"slices"
	"strings"
)

// A plan for a text (an application, a README, a post) lists under its approach what the
// text will say: "Explain the flow: …", "State the route precisely: …". Such a step is the
// content to write, not a choice; a step that sets one way against another ("Describe X as
// the execution layer—not merely a wallet option") is one.

// contentVerbs open, in lower case, a plan step that says what a text will tell, their
// object following ("State the route", not "State management moves to …").
var contentVerbs = []string{"explain ", "state ", "describe ", "mention ", "outline ", "summarize ", "summarise ", "walk through "}

// contentObjects open the object of a content verb.
var contentObjects = []string{"the ", "how ", "what ", "why ", "that ", "our ", "its ", "a ", "an "}

// contentContrasts set, in lower case, one way against another.
var contentContrasts = []string{"not ", "rather than", "instead of", "plutôt que", "au lieu de", "pas "}

// isContentStep reports a plan step that says what a text will tell without a contrast.
func isContentStep(item string) bool {
	low := strings.ToLower(item)
	for _, v := range contentVerbs {
		if rest, ok := strings.CutPrefix(low, v); ok {
			return slices.ContainsFunc(contentObjects, func(o string) bool { return strings.HasPrefix(rest, o) }) && !hasAny(low, contentContrasts)
		}
	}
	return false
}
