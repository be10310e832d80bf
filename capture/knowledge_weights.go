package capture

import (
	"iter"
	"math"
	"regexp"
	"strconv"
	"strings"

	"carnet/hook/transcript"
)

// namedWeights matches a weighted sum that names each of its (at least three) terms
// ("Ship 0.35 + Lift 0.30 + Reach 0.25 + Steer 0.10").
var namedWeights = regexp.MustCompile(`\p{L}[\p{L}\d_-]*\s+0?\.\d+(?:\s*\+\s*\p{L}[\p{L}\d_-]*\s+0?\.\d+){2,}`)

// weightNumber is one weight of a namedWeights match.
var weightNumber = regexp.MustCompile(`0?\.\d+`)

// weightings returns the sentence of the turn's texts that says how a score is weighted,
// naming each term with a weight, the weights summing to 1: how the thing works, worth
// knowing next time. A paragraph wrapped over lines, in a block written to be copied, is
// read as one.
func weightings(t *transcript.Turn) []string {
	for _, txt := range t.Texts {
		if !strings.Contains(txt, " + ") || !namedWeights.MatchString(txt) {
			continue // most texts: no weighted sum (\s+ in the pattern spans wrapped lines)
		}
		for p := range paragraphsOf(txt) {
			if s := weightedSentence(p); s != "" {
				return []string{s}
			}
		}
	}
	return nil
}

// weightedSentence returns the sentence of paragraph p that holds a namedWeights sum
// whose weights add up to 1, or "".
func weightedSentence(p string) string {
	m := namedWeights.FindString(p)
	if m == "" {
		return ""
	}
	sum := 0.0
	for _, n := range weightNumber.FindAllString(m, -1) {
		v, err := strconv.ParseFloat(n, 64)
		if err != nil {
			return ""
		}
		sum += v
	}
	if math.Abs(sum-1) > 0.011 {
		return ""
	}
	for _, s := range splitSentences(stripMarkup(p)) {
		if strings.Contains(s, m) {
			return s
		}
	}
	return ""
}

// paragraphsOf yields the paragraphs of text, each wrapped line joined to the one before,
// inside code fences too; a heading, a table row or a list item stands alone.
func paragraphsOf(text string) iter.Seq[string] {
	return func(yield func(string) bool) {
		var cur []string
		flush := func() bool {
			p := strings.Join(cur, " ")
			cur = cur[:0]
			return p == "" || yield(p)
		}
		for line := range strings.Lines(text) {
			l := strings.TrimSpace(line)
			switch {
			case l == "" || isFence(l):
				if !flush() {
					return
				}
			case strings.HasPrefix(l, "#") || strings.HasPrefix(l, "|") || isListItem(l):
				if !flush() || !yield(l) {
					return
				}
			default:
				cur = append(cur, l)
			}
		}
		flush()
	}
}
