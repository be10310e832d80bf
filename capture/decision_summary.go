package capture

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
)

// When the closing text gives an "Approach summary:" (what a submission, a PR or a handover
// asks for), its paragraph says, in the agent's own words, the design that was chosen and
// over what ("4 pillars … exposing the shape rather than a single score"): one decision. A
// summary told as a list is the recap of the work, not the approach.

// summaryLabels open, in lower case, a label that announces the approach in brief.
var summaryLabels = []string{"approach summary", "summary of the approach", "approach overview", "approach in brief"}

// approachSummary returns the paragraph under the closing text's approach summary label,
// fenced as plain text or not, when it fits a bullet; none for a subagent.
func approachSummary(t *transcript.Turn) []string {
	if t.Sidechain || !strings.Contains(t.Closing, "pproach") {
		return nil
	}
	lines := slices.Collect(strings.Lines(t.Closing))
	for i, l := range lines {
		if !isSummaryLabel(l) {
			continue
		}
		if p := paragraphAfter(lines, i+1); p != "" && len(p) <= maxBullet {
			return []string{p}
		}
	}
	return nil
}

// isSummaryLabel reports a line ("**1. Approach summary (~30 words):**", "## Approach
// overview") that opens with one of summaryLabels and is a heading or ends with a colon.
func isSummaryLabel(l string) bool {
	t := strings.TrimSpace(l)
	heading := strings.HasPrefix(t, "#")
	t = stripMarkup(strings.TrimLeft(stripMarkup(t), "#0123456789. "))
	low := strings.ToLower(t)
	return slices.ContainsFunc(summaryLabels, func(w string) bool { return strings.HasPrefix(low, w) }) &&
		(heading || strings.HasSuffix(t, ":"))
}

// paragraphAfter returns, joined on one line, the paragraph that follows line j: the lines
// of a fence with no language, or the lines up to a blank one; empty when it is a list.
func paragraphAfter(lines []string, j int) string {
	k := nextNonBlank(lines, j)
	if k < 0 {
		return ""
	}
	fenced := isFence(lines[k])
	if fenced {
		if strings.TrimSpace(lines[k]) != "```" {
			return "" // code, not prose
		}
		k++
	}
	var words []string
	for ; k < len(lines); k++ {
		l := strings.TrimSpace(lines[k])
		if fenced && isFence(l) || !fenced && l == "" {
			break
		}
		if isListItem(l) {
			return ""
		}
		words = append(words, l)
	}
	return stripMarkup(strings.Join(words, " "))
}
