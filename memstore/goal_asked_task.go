package memstore

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// askedVerbs open the task a question goal asks for after its question ("… if it doesn't,
// create a plan in specs/").
var askedVerbs = set(strings.Fields(`create write draft plan implement add make build document propose fix update prepare`))

// minAskedWords is how many words that task has at least.
const minAskedWords = 3

// askedTask gives the task a question goal asks for after its last question ("does the
// sync fetch its mapping live? if it doesnt, create plan to implement this in a @specs/
// doc": "Create plan to implement this in a @specs/ doc"), its condition cut; "" when it
// asks for none.
func askedTask(goal string) string {
	i := strings.LastIndexAny(goal, "?？")
	if i < 0 {
		return ""
	}
	_, size := utf8.DecodeRuneInString(goal[i:])
	rest := strings.TrimSpace(goal[i+size:])
	if len(rest) > 3 && strings.EqualFold(rest[:3], "if ") {
		_, rest, _ = strings.Cut(rest, ", ")
	}
	f := strings.Fields(rest)
	if len(f) < minAskedWords || !askedVerbs[strings.ToLower(f[0])] {
		return ""
	}
	r, n := utf8.DecodeRuneInString(rest)
	return string(unicode.ToUpper(r)) + strings.TrimRight(rest[n:], ".!")
}

// thenTask writes the task a question goal asked for before the task the day went on with
// ("Create plan …, then implement the simplest path …"): both are what the day was for.
func thenTask(question, text string) string {
	asked := askedTask(question)
	if asked == "" {
		return text
	}
	r, n := utf8.DecodeRuneInString(text)
	if next, _ := utf8.DecodeRuneInString(text[n:]); unicode.IsLower(next) {
		r = unicode.ToLower(r) // "Implement …", not "API …"
	}
	return asked + ", then " + string(r) + text[n:]
}
