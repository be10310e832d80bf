package capture

import "strings"

// withWorkaround joins to a kept answer sentence the contrast that ends its line with a
// colon and the first point of the list it opens ("X is not exposed. But there are
// indirect signals:" then "- the PR that adds the workflow…"): the way round a limit is
// the part worth keeping, the negative half alone is not.
func withWorkaround(closing string, kept []string) []string {
	for i, s := range kept {
		_, after, found := strings.Cut(closing, s)
		if !found {
			continue
		}
		line, rest, _ := strings.Cut(after, "\n")
		line = strings.TrimSpace(line)
		if !strings.HasSuffix(line, ":") && !strings.HasSuffix(line, "：") || !isContrast(" "+strings.ToLower(line)) {
			continue
		}
		if item := firstItem(rest); item != "" {
			sep := " "
			if strings.HasSuffix(s, "。") {
				sep = "" // a full-width stop needs no space
			}
			kept[i] = s + sep + stripMarkup(line) + " " + item
		}
	}
	return kept
}

// firstItem returns the first point of the list that follows (blank lines aside), or "".
func firstItem(text string) string {
	for l := range strings.Lines(text) {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if !isListItem(l) {
			return ""
		}
		return stripItem(l)
	}
	return ""
}
