package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// A user who asks that something be left out and says what stands in its place ("For now,
// make it so there is no AI, but all pieces are controlled by the user") states a choice of
// scope in their own words: a decision, with its lead-in ("For now,"). Asking that a flaw
// be gone ("make it so there is no error…") or leaving out with nothing in its place is the
// work asked for.

// leftOutOpeners ask, in lower case, that something be left out.
var leftOutOpeners = []string{"make it so that there is no ", "make it so that there are no ", "make it so there is no ",
	"make it so there are no ", "make it so there's no "}

// leftOutChoices returns the prompt's choices of what is left out (see leftOutOpeners), at
// most maxReasons; none for a subagent, whose prompt is the main agent's.
func leftOutChoices(t *transcript.Turn) []string {
	if t.Sidechain || !strings.Contains(t.Prompt, "ake it so") {
		return nil
	}
	return promptChoices(t.Prompt, leftOut)
}

// promptChoices returns what choice makes of the prompt's sentences, line by line, at most
// maxReasons.
func promptChoices(prompt string, choice func(sentence string) (string, bool)) []string {
	var out []string
	for l := range strings.Lines(prompt) {
		for _, s := range splitSentences(strings.TrimSpace(l)) {
			if c, ok := choice(s); ok && len(out) < maxReasons {
				out = append(out, c)
			}
		}
	}
	return out
}

// leftOut returns sentence s without its "make it so", with a full stop, when it asks that
// something be left out with what stands in its place (", but "), and names no flaw.
func leftOut(s string) (string, bool) {
	low := strings.ToLower(s)
	for _, o := range leftOutOpeners {
		i := strings.Index(low, o)
		if i < 0 || (i > 0 && !strings.HasSuffix(low[:i], ", ")) {
			continue
		}
		rest := low[i+len(o):]
		if !strings.Contains(rest, ", but ") || hasAny(" "+rest+" ", notRules) || strings.HasSuffix(s, "?") {
			return "", false
		}
		c := s[:i] + s[i+len("make it so "):]
		if strings.HasPrefix(low[i:], "make it so that ") {
			c = s[:i] + s[i+len("make it so that "):]
		}
		if len(c) > maxBullet {
			return "", false
		}
		return upperFirst(strings.TrimRight(c, ".!")) + ".", true
	}
	return "", false
}
