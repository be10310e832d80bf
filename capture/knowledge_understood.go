package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// maxUnderstood bounds the points taken from an understanding restated.
const maxUnderstood = 3

// builtVerbs say what a thing is made of or runs on.
var builtVerbs = []string{" has ", " have ", " uses ", " use "}

// understood returns, from a closing text that opens "I understand …:" (the agent restating
// the project as it found it, asked whether it understands), the points of its list that
// say what the product has or uses: how it is built, which the next session would look up again.
func understood(t *transcript.Turn) []string {
	c := strings.TrimSpace(t.Closing)
	if t.Sidechain || !strings.HasPrefix(c, "I understand ") || !strings.Contains(strings.ToLower(t.Prompt), "understand") {
		return nil // restated unasked, the points are the agent's framing (TestStatedDeadlineIsKnowledge)
	}
	head, list, _ := strings.Cut(c, "\n")
	if !strings.HasSuffix(strings.TrimSpace(head), ":") {
		return nil
	}
	var out []string
	for l := range strings.Lines(list) {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if !isListItem(l) {
			break // the list ended
		}
		if s := stripItem(l); len(out) < maxUnderstood && hasAny(" "+s, builtVerbs) {
			out = append(out, s)
		}
	}
	return out
}
