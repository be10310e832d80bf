package capture

import (
	"slices"
	"strings"
)

// requestOpeners open a sentence that asks for work ("Try to fix …", "Please add …").
var requestOpeners = []string{"try to ", "please ", "can you ", "could you ", "i want you to ", "i need you to ",
	"i'd like you to ", "make sure ", "fix ", "add ", "change ", "update ", "implement ", "remove ", "merci de ",
	"peux-tu ", "pourrais-tu ", "corrige ", "ajoute ", "modifie "}

// isRequestSentence reports a sentence that opens with a request.
func isRequestSentence(s string) bool {
	low := strings.ToLower(s)
	return slices.ContainsFunc(requestOpeners, func(o string) bool { return strings.HasPrefix(low, o) })
}

// lateAsk gives the goal of a long prompt clipped to its first sentences when they hold no
// request and a later sentence does (context first, the ask at the end): the context that
// fits, then the last request; clipped when there is none.
func lateAsk(g, clipped string, lim int) string {
	kept := splitSentences(clipped)
	if clipped == g || slices.ContainsFunc(kept, isRequestSentence) {
		return clipped
	}
	ask := ""
	for _, s := range slices.Backward(splitSentences(g)) {
		if isRequestSentence(s) {
			ask = s
			break
		}
	}
	if ask == "" {
		return clipped
	}
	for _, c := range []string{clipped, kept[0]} {
		if len(c)+len(" … ")+len(ask) <= lim {
			return c + " … " + ask
		}
	}
	return clipSentence(ask, lim)
}
