package capture

import (
	"strings"
	"unicode/utf8"

	"carnet/memstore"
)

// Decisions and facts are the agent's to say (its notes, asked for by the Stop gate): from
// the transcript, capture keeps only what the agent itself put under a heading that says so
// ("Decisions", "Root cause", "Lessons learned", in any language of the cue tables), and
// the closing sentences that set a choice against another and give the reason. A wrong
// bullet there costs more than a missing one: each must read as a statement (clean.go).

// closingHeaded writes what the closing text lists under a decisions heading, and under a
// lessons, gotchas or root cause heading: the agent's own words, sorted by the heading the
// cue tables name, in any of their languages. A subagent's choices are not the project's
// until the main agent acts on them; its lessons are.
func closingHeaded(c *turnCtx) {
	if !c.t.Sidechain {
		c.add(memstore.KeyDecisions, statements(c.closingAnnounced(cueDecisions), maxDecisions)...)
	}
	c.add(memstore.KeyKnowledge, statements(c.closingAnnounced(cueKnowledge), maxKnowledge)...)
}

// maxReasoned bounds the choices a turn's closing sentences give.
const maxReasoned = 2

// minStated is the fewest words a choice is stated in.
const minStated = 6

// wordCount is how many words s says: in Chinese or Japanese, a word is about two characters.
func wordCount(s string) int {
	if hasWide(s) {
		return utf8.RuneCountInString(s) / 2
	}
	return len(strings.Fields(s))
}

// reasonedChoicesStep writes the closing text's sentences that state a choice against
// another and why ("Used flock instead of a pid file, because it is released when the
// process dies"): both cues in one sentence of a reasonable length.
func reasonedChoicesStep(c *turnCtx) {
	if c.t.Sidechain {
		return
	}
	n := 0
	for _, s := range sentences(c.t.Closing) {
		if n == maxReasoned {
			return
		}
		if words := wordCount(s); words < minStated || words > 45 {
			continue
		}
		f := foldText(s)
		if matchCue(f, cueInstead) && matchCue(f, cueBecause) {
			n += c.add(memstore.KeyDecisions, s)
		}
	}
}
