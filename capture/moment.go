package capture

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// Rules that tell what is for next time from what belongs to the moment: while an agent
// debugs, it says what fails now, guesses, announces its next move and how it splits its
// own work; none of it is a fact learned or a choice for the project.

// momentStates mark a sentence (lower case, padded with spaces) that reports what is
// failing right now ("the test is failing because…", "one test is still failing") or
// guesses at a cause ("I think the issue is…", "the issue must be…").
var momentStates = []string{" is failing", " are failing", " still fail",
	" i think", " i suspect", " i believe", " must be ", " probably ", " likely ", "(likely ", " perhaps ", " maybe ",
	" je pense", " peut-être ", " sans doute "}

// isMomentState reports a sentence (lower case, padded with spaces) that is a state of the
// moment rather than a fact learned: a failing state, a guess, or a "But…" in the middle
// of an investigation.
func isMomentState(low string) bool {
	return isContrast(low) || hasAny(low, momentStates)
}

// cjkMoves open a Chinese or Japanese sentence that announces what the agent does next
// ("讓我…", "我拿到 URL 後會…", "我會…"): the agent's own next step, not a fact.
var cjkMoves = []string{"讓我", "让我", "我會", "我会", "我將", "我将", "我拿到", "我先", "我再", "我來", "我来", "接下來我", "接下来我"}

// isCJKMove reports a sentence that announces the agent's next step in Chinese.
func isCJKMove(s string) bool {
	for _, m := range cjkMoves {
		if strings.HasPrefix(s, m) {
			return true
		}
	}
	return false
}

// cjkStops end a Chinese or Japanese sentence, with no space after them.
const cjkStops = "。！？"

// splitCJK cuts a sentence after each Chinese or Japanese full stop (cjkStops).
func splitCJK(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexAny(s, cjkStops)
		if i < 0 {
			out = append(out, s)
			break
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		if part := strings.TrimSpace(s[:i+size]); part != "" {
			out = append(out, part)
		}
		s = strings.TrimSpace(s[i+size:])
	}
	return out
}

// isContrast reports a sentence (lower case, padded with spaces) that opens with "but":
// it answers the sentence before it and says little alone.
func isContrast(low string) bool {
	return strings.HasPrefix(low, " but ") || strings.HasPrefix(low, " mais ") || strings.HasPrefix(low, " 但") ||
		strings.HasPrefix(low, " 不過") || strings.HasPrefix(low, " 不过")
}

// conclusions open the sentence of an answer that sums it up ("結論:…", "In short, …").
var conclusions = []string{"結論", "结论", "總結", "总结", "conclusion", "in short", "bottom line", "tl;dr", "en bref"}

// isConclusion reports a sentence that sums up an answer.
func isConclusion(s string) bool {
	low := strings.ToLower(s)
	return slices.ContainsFunc(conclusions, func(c string) bool { return strings.HasPrefix(low, c) })
}

// agentProcess words name how the agent splits and runs its own work.
var agentProcess = []string{" task tool", " tool call", "subtask", "subagent", "sub-agent"}

// isAgentProcess reports a choice (lower case, padded with spaces) about how the agent
// works (its tools, subtasks, subagents), not about the project.
func isAgentProcess(low string) bool { return hasAny(low, agentProcess) }
