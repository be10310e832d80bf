package capture

import (
	"strings"
	"unicode"

	"carnet/hook/transcript"
)

// A plan read in the model's thinking is what it meant to do at that moment, not what it
// did: the same turn may change its mind and its closing text say the opposite ("delete
// the old export first" planned, "overwriting only if missing" reported). Such a plan is
// kept only when the closing text bears it out: it names something of the plan that the
// prompt did not name already.

// plainWords are the lower-case words of five letters or more that tell nothing of a plan.
var plainWords = map[string]bool{"about": true, "after": true, "before": true, "their": true, "there": true,
	"these": true, "those": true, "which": true, "while": true, "where": true, "other": true, "instead": true,
	"rather": true, "avoid": true, "because": true, "should": true, "would": true, "could": true, "using": true,
	"update": true, "change": true, "make": true, "still": true, "first": true, "always": true}

// borneOut reports a plan whose words (five letters or more, not plainWords, not in the
// prompt) include one the turn's closing text holds.
func borneOut(t *transcript.Turn, plan string) bool {
	closing := strings.ToLower(t.Closing)
	prompt := strings.ToLower(t.Prompt)
	for w := range strings.FieldsFuncSeq(strings.ToLower(plan), notWordRune) {
		w = strings.Trim(w, ".-_")
		if len(w) >= 5 && !plainWords[w] && !strings.Contains(prompt, w) && strings.Contains(closing, w) {
			return true
		}
	}
	return false
}

// notWordRune separates the words of a plan; a name keeps its dots, dashes and underscores.
func notWordRune(r rune) bool {
	return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != '.'
}
