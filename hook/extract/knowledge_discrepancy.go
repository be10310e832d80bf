package extract

import (
	"strings"

	"carnet/hook/transcript"
)

// "I notice there's a discrepancy in the types. The types directory uses `TodoFilter` and
// the components use other field names.": the agent found two shapes of one thing and said
// which; the next session would mix them up again.

// discrepancyOpeners open the sentence that announces the discrepancy the next one states.
var discrepancyOpeners = []string{"I notice there's a ", "I notice there is a ", "I see there's a ", "I see there is a "}

// discrepancies returns, from the assistant's texts of the turn, the first discrepancy it
// announces ("I notice there's a discrepancy in the types.") and states in the next sentence
// with the code it names: "There's a discrepancy in the types: the types directory uses …".
func discrepancies(t *transcript.Turn) []string {
	for _, text := range t.Texts {
		if !strings.Contains(text, "discrepancy") && !strings.Contains(text, "mismatch") {
			continue // most texts name none: not split
		}
		for line := range strings.Lines(text) {
			ss := splitSentences(strings.TrimSpace(line))
			for i := 0; i+1 < len(ss); i++ {
				if d := statedDiscrepancy(ss[i], ss[i+1]); d != "" {
					return []string{d}
				}
			}
		}
	}
	return nil
}

// statedDiscrepancy returns "There's a <discrepancy in x>: <what>." when s announces it and
// next states it with code, not as the agent's next move; or "".
func statedDiscrepancy(s, next string) string {
	for _, o := range discrepancyOpeners {
		rest, ok := strings.CutPrefix(s, o)
		if !ok || !strings.HasPrefix(rest, "discrepancy ") && !strings.HasPrefix(rest, "mismatch ") {
			continue
		}
		low := strings.ToLower(next)
		if !strings.Contains(next, "`") || !strings.HasSuffix(next, ".") || hasAny(low, announcers) {
			return ""
		}
		return "There's a " + strings.TrimSuffix(rest, ".") + ": " + lowerFirst(next)
	}
	return ""
}
