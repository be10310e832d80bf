package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// When the agent asks numbered questions before it builds ("1) Should the premove execute
// if …?"), the user's point-by-point answer ("1: the premove auto-executes if it's a valid
// move …") is where the choices of the feature are made: each point is a decision, in the
// user's words.

// answeredChoices returns the points of a prompt that answers numbered questions (see
// isNumberedAnswer), at most maxReasons, each whole when it fits a bullet, else its first
// sentence; none for a subagent, whose prompt is the main agent's.
func answeredChoices(t *transcript.Turn) []string {
	if t.Sidechain || !isNumberedAnswer(t.Prompt) {
		return nil
	}
	var out []string
	for l := range strings.Lines(t.Prompt) {
		p, ok := answerPoint(strings.TrimSpace(l))
		if !ok || len(out) == maxReasons {
			continue
		}
		if len(p) > maxBullet {
			p = splitSentences(p)[0]
		}
		out = append(out, upperFirst(p))
	}
	return out
}

// answerPoint returns the text of a numbered point ("2: setting another premove overrides
// it", "3. If a piece is ready …"), not a question back.
func answerPoint(l string) (string, bool) {
	rest := strings.TrimLeft(l, "0123456789")
	if len(rest) == len(l) || len(l)-len(rest) > 2 || rest == "" || !strings.ContainsRune(":.)", rune(rest[0])) {
		return "", false
	}
	p := strings.TrimSpace(rest[1:])
	return p, p != "" && !strings.HasSuffix(p, "?")
}
