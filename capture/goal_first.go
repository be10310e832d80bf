package capture

import "strings"

// butFirst opens a sentence that puts a step before the task the prompt opened with ("But
// first, let's make a basic clone: …"): the turn builds that step.
var butFirst = []string{"but first, ", "but first "}

// talkSteps make a "first" step a proposal or a plan rather than something to build.
var talkSteps = []string{"propos", "plan", "suggest", "discuss", "explain", "tell me"}

// maxStepWords is how many words a first step has at most once cut at its colon.
const maxStepWords = 12

// firstStep gives, of the sentences after a prompt's first one, the step asked "but first"
// as "; first, <step>" to follow the task; "" when there is none, or when it asks for a
// proposal or a plan.
func firstStep(rest []string) string {
	for _, s := range rest {
		step, ok := cutFold(s, butFirst)
		if !ok {
			continue
		}
		step, _, _ = strings.Cut(strings.TrimRight(step, ".!"), ":")
		step = strings.TrimSpace(step)
		if n := len(strings.Fields(step)); n < 2 || n > maxStepWords || hasAny(strings.ToLower(step), talkSteps) {
			return ""
		}
		return "; first, " + step
	}
	return ""
}
