package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// What the agent saw the code use in place of what it expected ("I can see that the api
// package uses `userId` instead of `uid`") is how this code differs from a guess: the next
// session would otherwise write the expected name again.

// seenOpeners open a sentence that reports what the agent saw.
var seenOpeners = []string{"I can see that ", "I see that ", "I notice that "}

// conventions returns, from the assistant's texts of the turn, the first sentence that
// reports a thing of the code using one name instead of another: "the <thing> uses `a`
// instead of `b`", without its opener.
func conventions(t *transcript.Turn) []string {
	for _, text := range t.Texts {
		if !strings.Contains(text, "instead of `") {
			continue // most texts name no such difference: not split
		}
		for line := range strings.Lines(text) {
			for _, s := range splitSentences(strings.TrimSpace(line)) {
				if c := seenConvention(s); c != "" {
					return []string{c}
				}
			}
		}
	}
	return nil
}

// seenConvention returns the statement of s, "I can see that the <thing> uses `a` instead
// of `b`.", as "The <thing> uses `a` instead of `b`.", or "".
func seenConvention(s string) string {
	for _, o := range seenOpeners {
		rest, ok := strings.CutPrefix(s, o)
		if !ok || !strings.HasPrefix(rest, "the ") || !strings.Contains(rest, " uses ") || !strings.Contains(rest, "instead of `") {
			continue
		}
		return upperFirst(strings.TrimRight(rest, ":.")) + "."
	}
	return ""
}
