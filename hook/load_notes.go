package hook

import (
	"slices"
	"strings"

	"carnet/memstore"
)

// The agent's notes lead the load (issue "the agent writes what only it knows"): its open
// items come first among the open items, then its decisions and lessons of the recent logs,
// then where work stopped, then the rest. A note is known by its author marker
// (memstore.SplitAuthor), which the load itself leaves out.

// agentNotes takes out of the recent logs the bullets an agent (or a model) wrote in their
// decisions, lessons, context and problems, into a part of their own, most wanted after
// the open items.
func agentNotes(logs []logLoad, w loadWords) *LoadPart {
	notes := &LoadPart{Title: w.notes, list: true}
	for i, lp := range logs {
		var keep []*loadBlock
		for _, b := range lp.blocks {
			if b.head == nil || !b.agent || !slices.Contains([]string{memstore.KeyDecisions, memstore.KeyKnowledge, memstore.KeyContext, memstore.KeyProblems}, b.key) {
				keep = append(keep, b)
				continue
			}
			notes.blocks = append(notes.blocks, &loadBlock{name: b.name, text: b.text, tokens: b.tokens, priority: 1 + i})
		}
		lp.blocks = keep
	}
	return notes
}

// agentFirst puts the agent's open items first, at the open items' first priority.
func agentFirst(open *LoadPart) {
	slices.SortStableFunc(open.blocks, func(a, b *loadBlock) int {
		switch {
		case a.agent && !b.agent:
			return -1
		case b.agent && !a.agent:
			return 1
		}
		return 0
	})
	for _, b := range open.blocks {
		if b.agent {
			b.priority = 0
		}
	}
}

// unmarked is a line without its author marker.
func unmarked(line string) string {
	if !strings.Contains(line, "<!--") {
		return line
	}
	body, _ := memstore.SplitAuthor(line)
	return body
}
