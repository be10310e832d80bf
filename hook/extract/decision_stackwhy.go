package extract

import (
	"slices"
	"strings"
)

// A document's tech-stack list (see foldStack) names the tools but not why they were
// chosen: a list, not a decision. When the same document says what one of them is used
// for ("Uses localStorage for persistence", "Implements Redux-style actions for
// predictable state updates"), those lines are the choice with its reason and take the
// list's place; without them the list stays (a section emptied says less).

// maxStackReasons bounds the "used for" lines that replace a stack list.
const maxStackReasons = 2

// usedOpeners open, in lower case, a line that says what a tool is used for.
var usedOpeners = []string{"uses ", "use ", "using ", "implements "}

// stackReasons replaces in d the folded stack list by the lines of doc that say what a
// tool is used for.
func stackReasons(doc string, d []string) []string {
	i := slices.IndexFunc(d, isStackList)
	if i < 0 {
		return d
	}
	why := usedFor(doc)
	if len(why) == 0 {
		return d
	}
	return slices.Concat(d[:i], why, d[i+1:])
}

// isStackList reports a line foldStack made: minStackItems or more stack items joined.
func isStackList(s string) bool {
	if strings.Count(s, "; ") < minStackItems-1 {
		return false
	}
	for part := range strings.SplitSeq(s, "; ") {
		if !isStackItem(part) {
			return false
		}
	}
	return true
}

// usedFor returns the list items of doc that open with one of usedOpeners and give a
// purpose after "for".
func usedFor(doc string) []string {
	var out []string
	for l := range strings.Lines(doc) {
		if !isListItem(l) {
			continue
		}
		s := stripItem(strings.TrimSpace(l))
		low := strings.ToLower(s)
		_, purpose, ok := strings.Cut(low, " for ")
		if !ok || purpose == "" || !hasPrefixAny(low, usedOpeners) || isStackItem(s) {
			continue
		}
		if out = append(out, s); len(out) == maxStackReasons {
			break
		}
	}
	return out
}
