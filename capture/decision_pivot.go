package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// "Let me fix this by making the test skip when offline", then "Actually, let me take a
// different approach. Since this test should work with mocks, let me configure the mock
// properly": the turn dropped one approach for another and said why. The choice is kept
// as "Chose to <new> instead of <old>, since <why>". A new approach with no why ("Let me
// try a different approach by …"), or with no approach named before it to be dropped
// ("Since this test should work with mocks, let me configure the mock"), is the agent
// telling its next step, not a choice.

// pivotMarks say, in lower case, that the assistant turns to another approach.
var pivotMarks = []string{"different approach", "another approach"}

// pivotWhys open, in lower case, a sentence that gives the why before the step.
var pivotWhys = []string{"since ", "because ", "given that "}

// pivotSteps join, in lower case, the why to the step it leads to.
var pivotSteps = []string{", let me ", ", i'll ", ", let's ", ", i will "}

// pivotLookback is how many texts before the turn to another approach the dropped one may be.
const pivotLookback = 2

// pivotChoices returns the approach the turn turned to with its why and the one it
// dropped, named by an earlier text; none for a subagent.
func pivotChoices(t *transcript.Turn) []string {
	if t.Sidechain {
		return nil
	}
	for i, text := range t.Texts {
		if !strings.Contains(text, " approach") || !hasAny(strings.ToLower(text), pivotMarks) {
			continue
		}
		why, step, ok := pivotSentence(text)
		if !ok {
			continue
		}
		old := droppedApproach(t.Texts[max(0, i-pivotLookback):i])
		if b := "Chose to " + step + " instead of " + old + ", since " + why + "."; old != "" && len(b) <= maxBullet {
			return []string{b}
		}
	}
	return nil
}

// pivotSentence returns the why and the step of the text's sentence "Since <why>, let me
// <step>".
func pivotSentence(text string) (why, step string, ok bool) {
	for _, s := range plainSentences(text) {
		low := strings.ToLower(s)
		for _, w := range pivotWhys {
			if !strings.HasPrefix(low, w) {
				continue
			}
			for _, j := range pivotSteps {
				if k := strings.Index(low, j); k > len(w) && k+len(j) < len(s) {
					return s[len(w):k], s[k+len(j):], true
				}
			}
		}
	}
	return "", "", false
}

// droppedApproach returns, from the latest of texts, the approach a step announced "by"
// ("Let me fix this by making the test skip" → "making the test skip").
func droppedApproach(texts []string) string {
	for _, text := range slices.Backward(texts) {
		for _, s := range plainSentences(text) {
			if _, ok := cutFold(s, stepOpeners); !ok {
				continue
			}
			if _, old, ok := strings.Cut(s, " by "); ok {
				if first, _, _ := strings.Cut(old, " "); strings.HasSuffix(first, "ing") {
					return old
				}
			}
		}
	}
	return ""
}
