package extract

import "strings"

// stepVerbs open a line of a plan that says what to do next, not what was chosen: "Add the
// fields to the validator", "Explain the flow: …". Verbs that name a choice ("Use", "Keep",
// "Prefer", "Serve … instead of …") are not among them.
var stepVerbs = []string{"add", "append", "insert", "update", "create", "implement", "write", "run", "fix",
	"refresh", "document", "install", "edit", "modify", "explain", "state", "emphasize", "emphasise",
	"highlight", "mention", "describe", "navigate", "check", "verify", "test"}

// choiceMarks name the option set aside or the reason, which makes a step a choice.
var choiceMarks = []string{"instead", "rather than", "not ", "n't ", "because", "since ", "so that",
	"to avoid", "to keep", "to prevent", " over ", " vs", "unlike", "—", " - "}

// isPlanStep reports a plan's decision line that is only a step of work: it opens with an
// action verb (not a capitalised label such as "State Management:") and names neither an
// alternative nor a reason.
func isPlanStep(s string) bool {
	verb, rest, ok := strings.Cut(s, " ")
	if !ok || !isStepVerb(verb) || rest == "" || rest[0] >= 'A' && rest[0] <= 'Z' {
		return false // "State Management: …" is a label, not a verb
	}
	return !hasAny(strings.ToLower(s), choiceMarks)
}

// isStepVerb reports a capitalised action verb of stepVerbs ("Add", not "add" mid-list).
func isStepVerb(w string) bool {
	if w == "" || w[0] < 'A' || w[0] > 'Z' {
		return false
	}
	for _, v := range stepVerbs {
		if len(w) == len(v) && strings.EqualFold(w, v) {
			return true
		}
	}
	return false
}
