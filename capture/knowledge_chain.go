package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// chainLeads open a numbered list that lays out how a cause came about, step by step.
var chainLeads = []string{"here's the problem:", "here is the problem:", "here's why:", "here is why:",
	"here's what's happening:", "here is what's happening:", "root cause:", "the root cause:"}

// causeChainStart returns, from the latest texts of the turn, the first step of a list a
// text opens with one of chainLeads ("Here's the problem:\n1. `test/setup.ts` mocks the
// client unless `E2E_MODE=true`"): how the project works, under the cause found. The step
// must name code and be a statement, not a heading; the later steps follow from it.
func causeChainStart(t *transcript.Turn) []string {
	for i := len(t.Texts) - 1; i >= max(0, len(t.Texts)-maxCauseTexts); i-- {
		text := t.Texts[i]
		if !strings.Contains(text, ":\n1. ") {
			continue // no numbered list right under a lead-in
		}
		if s := chainStart(text); s != "" {
			return []string{s}
		}
	}
	return nil
}

// chainStart returns the first item of the list under a chain lead in text, or "".
func chainStart(text string) string {
	lead := false
	for l := range strings.Lines(text) {
		line := strings.TrimSpace(l)
		if lead && strings.HasPrefix(line, "1. ") {
			item := stripItem(line)
			if strings.Count(item, "`") >= 2 && len(strings.Fields(item)) >= 5 && !strings.HasSuffix(item, ":") {
				return item
			}
			return ""
		}
		lead = slices.Contains(chainLeads, strings.ToLower(stripMarkup(strings.TrimLeft(line, "# "))))
	}
	return ""
}
