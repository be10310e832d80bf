package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// The model's thinking is where it often weighs a choice it never states in its answer.
// Only a choice said as one is taken from there, and nothing else: thinking is full of
// plans for the next step, guesses and second thoughts.

// thoughtRoots are the lower-case words a choice stated in thinking holds; a thought
// without any is not split into sentences.
var thoughtRoots = []string{"decided", "opted", "chose", "settled on", "going with", "go with"}

// thoughtChoices open, in the first person, a choice made ("I've decided on a standard
// sidebar…", "I've opted for…").
var thoughtChoices = []string{"i've decided", "i have decided", "i decided", "i've opted", "i have opted", "i opted",
	"i've chosen", "i have chosen", "i chose", "i've settled on", "i settled on", "i'm going with", "i'll go with",
	"we've decided", "we decided", "we'll go with"}

// thoughtMoves are what the agent does next or how it works, not a choice for the project:
// where it looks first, which tool it calls.
var thoughtMoves = []string{"focus on", "start with", "begin with", " first", "initially", " tool", "tool call"}

// thoughtDecisions returns, from the turn's thinking, the choices stated as such (see
// thoughtChoices), at most n, that name none of the tools the turn called.
func thoughtDecisions(t *transcript.Turn, n int) []string {
	if n <= 0 || t.Sidechain || len(t.Thoughts) == 0 {
		return nil
	}
	var tools []string
	var out []string
	for _, th := range t.Thoughts {
		if !hasAny(th, thoughtRoots) {
			continue // most thinking states no choice: skip it before splitting
		}
		if tools == nil {
			tools = toolNames(t.Tools)
		}
		ss := sentences(th)
		for i, s := range ss {
			low := " " + strings.ToLower(s) + " "
			if len(out) < n && opensWith(low, thoughtChoices) && !hasAny(low, thoughtMoves) && !hasAny(low, tools) {
				if c := withReason(ss, i); saysWhy(c) { // a choice with no why is where the model looks next
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// opensWith reports a sentence (lower case, padded with spaces) that opens, maybe after a
// clause ("After some deliberation, I've opted…"), with one of words.
func opensWith(low string, words []string) bool {
	for _, w := range words {
		if i := strings.Index(low, w); i >= 0 && (i <= 1 || strings.Contains(low[:i], ", ")) {
			return true
		}
	}
	return false
}

// toolNames lists, in lower case, the names of the tools called that no prose uses as a
// word ("read_file", "push_files" for "mcp__github__push_files"; not "Edit"); a non-empty
// list.
func toolNames(tools []*transcript.ToolUse) []string {
	names := []string{"\x00"}
	for _, u := range tools {
		n := strings.ToLower(u.Name)
		if i := strings.LastIndex(n, "__"); i >= 0 {
			n = n[i+2:]
		}
		if strings.Contains(n, "_") {
			names = append(names, n)
		}
	}
	return names
}
