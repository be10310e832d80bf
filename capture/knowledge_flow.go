package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// maxFlows bounds the flows taken from a turn.
const maxFlows = 2

// flows returns the sentences of the closing text that state how a thing flows: a subject,
// then "is" or "are", then a path of at least three steps written with arrows ("The
// implemented payment path is Card → Stripe → Ledger → Bank"). A step of instructions
// written with arrows ("New app → repo → branch") has no such subject and is left out.
func flows(t *transcript.Turn) []string {
	if t.Sidechain || !strings.Contains(t.Closing, "→") || strings.Contains(t.Closing, "<proposed_plan>") {
		return nil // most closing texts draw no path: not split; a plan is read by plans
	}
	var out []string
	for l := range proseLines(t.Closing) {
		if strings.Count(l, "→") < 2 || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "|") {
			continue
		}
		for _, s := range splitSentences(stripMarkup(stripItem(l))) {
			if len(out) < maxFlows && statesFlow(s) {
				out = append(out, s)
			}
		}
	}
	return out
}

// statesFlow reports a sentence "The … is A → B → C": a subject before the verb, the
// path after it.
func statesFlow(s string) bool {
	head, path, ok := strings.Cut(s, "→")
	if !ok || strings.Count(path, "→") < 1 || !strings.HasPrefix(head, "The ") {
		return false
	}
	subject, _, ok := strings.Cut(head, " is ")
	if !ok {
		subject, _, ok = strings.Cut(head, " are ")
	}
	return ok && len(strings.Fields(subject)) >= 2
}
