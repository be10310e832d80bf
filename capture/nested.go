package capture

import "strings"

// maxParentSubject bounds the words of a list item whose subject a nested statement takes.
const maxParentSubject = 12

// withParent gives a labelled statement on a nested list item (lines[i], "   - **Recommendation**:
// Replace …") the subject of the item it is nested under ("1. **Excessive use of unwrap()**"):
// "Excessive use of unwrap(): Replace …". A statement at the top level, or under a long item
// (a sentence, not a subject), is returned as it is.
func withParent(lines []string, i int, rest string) string {
	ind := indent(lines[i])
	if ind == 0 || !isListItem(lines[i]) {
		return rest
	}
	for k := i - 1; k >= 0; k-- {
		l := lines[k]
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if headingLevel(t) > 0 || isFence(l) {
			return rest
		}
		if indent(l) >= ind {
			continue
		}
		if !isListItem(l) {
			return rest
		}
		subject := strings.TrimRight(stripItem(t), ": ")
		if _, isLabel := matchLabel(l); isLabel || subject == "" || len(strings.Fields(subject)) > maxParentSubject {
			return rest
		}
		return subject + ": " + rest
	}
	return rest
}

// indent is the width of a line's leading blanks.
func indent(l string) int { return len(l) - len(strings.TrimLeft(l, " \t")) }
