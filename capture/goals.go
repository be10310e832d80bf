package capture

import (
	"slices"
	"strings"
)

// answerWords open a prompt that answers the agent's question ("yes that makes sense, or
// we could count the deposits?", "no, the staging one"): what follows refines the task
// under way, it is not a new one.
var answerWords = []string{"yes", "yeah", "yep", "yup", "no", "nope", "nah", "exactly", "correct", "oui", "non", "exactement"}

// Replies are short: a longer prompt after "yes" states a task of its own, and so does a
// request after it that asks nothing back ("yes, but count the deposits").
const (
	maxAnswerWords = 30
	maxAnswerBytes = 600
	maxBareAnswer  = 6
)

// isAnswer reports a prompt that opens with an answer word and then only says a few words
// or asks back.
func isAnswer(p string) bool {
	if len(p) > maxAnswerBytes {
		return false // a paste, a long prompt: no need to read it word by word
	}
	f := strings.Fields(fold(p))
	if len(f) < 2 || len(f) > maxAnswerWords || len(f) > maxBareAnswer && !strings.ContainsAny(p, "?？") {
		return false
	}
	return slices.Contains(answerWords, strings.TrimRight(f[0], ",.!;:"))
}

// cutLabel cuts, from a line that ends with a short label announcing what follows ("…
// implement the realtime aspect: Reminder:"), the label: what is left is the request.
func cutLabel(line string) (string, bool) {
	body := strings.TrimSuffix(line, ":")
	i := strings.LastIndex(body, ": ")
	if i <= 0 || len(strings.Fields(body[i+2:])) > 2 {
		return "", false
	}
	return strings.TrimSpace(body[:i]), true
}
