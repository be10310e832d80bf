package capture

import (
	"regexp"
	"strings"
)

// A proposal lists its items in 2 to maxProposed bold lines of at most maxProposedLen
// characters ("**Commit 1: FEAT: Add live config fetching**").
const (
	maxProposed    = 8
	maxProposedLen = 120
)

// itemLabel opens a numbered item's bold line ("Commit 1: ", "Step 2. ").
var itemLabel = regexp.MustCompile(`^\pL+ \d+[:.] +`)

// proposedItems are the items a proposal lists, one a bold line, their numbering label
// aside, joined (wording.partsSep); or "" when it lists fewer than two, or too many.
func proposedItems(closing string, w wording) string {
	var items []string
	for l := range strings.Lines(closing) {
		t := strings.TrimSpace(l)
		if len(t) < 5 || !strings.HasPrefix(t, "**") || !strings.HasSuffix(t, "**") || strings.Contains(t[2:len(t)-2], "**") {
			continue
		}
		inner := t[2 : len(t)-2]
		if len(items) == maxProposed || len(inner) > maxProposedLen {
			return ""
		}
		items = append(items, itemLabel.ReplaceAllString(strings.TrimSpace(inner), ""))
	}
	if len(items) < 2 {
		return ""
	}
	return strings.Join(items, w.partsSep)
}
