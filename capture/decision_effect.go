package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// A user who says what a feature does not do ("Make a red overlay on the king when any king
// is under check, even though this has no effect on the game mechanics. This is purely for
// visualization", "Being in check has no other effect than the overlay") states a choice of
// the product with its reason, in their words: a decision. A report that something has no
// effect ("Clicking save has no effect") is a failure, not a choice.

// effectMarkers say, in lower case, that what is built has no effect beyond what is named.
var effectMarkers = []string{"even though this has no effect", "even though it has no effect", "even if it has no effect",
	"even if this has no effect", "no other effect than", "purely for visual", "purely visual", "purely cosmetic"}

// statedEffects returns the prompt's lines that say what a feature does not do (see
// effectMarkers), trimmed to the sentences that say it, at most maxReasons; none for a
// subagent, whose prompt is the main agent's.
func statedEffects(t *transcript.Turn) []string {
	if t.Sidechain || !strings.Contains(t.Prompt, "effect") && !strings.Contains(t.Prompt, "purely") {
		return nil
	}
	var out []string
	for l := range strings.Lines(t.Prompt) {
		if c, ok := statedEffect(strings.TrimSpace(l)); ok && len(out) < maxReasons {
			out = append(out, c)
		}
	}
	return out
}

// statedEffect returns the sentences of line l from the first that says what a feature does
// not do to the last, with the one before when the first stands alone ("Being in check has
// no other effect…" after the rule it bounds), ending with a full stop.
func statedEffect(l string) (string, bool) {
	ss := splitSentences(l)
	first, last := -1, -1
	for i, s := range ss {
		if !hasAny(strings.ToLower(s), effectMarkers) {
			continue
		}
		if first < 0 {
			first = i
		}
		last = i
	}
	if first < 0 {
		return "", false
	}
	if first > 0 && !strings.Contains(strings.ToLower(ss[first]), "even ") {
		first--
	}
	c := strings.TrimRight(strings.Join(ss[first:last+1], " "), ".!\"' ")
	low := " " + strings.ToLower(c) + " "
	if strings.Contains(c, "?") || hasAny(low, notRules) || len(c) > maxBullet {
		return "", false
	}
	return upperFirst(c) + ".", true
}
