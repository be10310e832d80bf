package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// Bounds of an approved list: a few items, each titled in a few words.
const (
	minApprovedItems  = 2
	maxApprovedItems  = 4
	maxApprovedTitle  = 6
	approvedListLines = 60
)

// approvedGoal gives a turn whose prompt only accepts the agent's proposal ("yes, I agree
// with these three actions, let's do them") and whose to-do list did not say the task (had
// is empty) the goal its closing text reports done: the bold titles of its numbered list
// ("1. **Fixed Silent Failures** ✅"), each as a request ("Fix silent failures; add clippy
// warnings; CI/CD enforcement").
func approvedGoal(t *transcript.Turn, had []string) []string {
	if len(had) > 0 || !strings.Contains(t.Closing, "1. **") || !isApproval(strings.TrimSpace(t.Prompt)) {
		return nil
	}
	var titles []string
	n := 0
	for l := range strings.Lines(t.Closing) {
		if n++; n > approvedListLines {
			break
		}
		title, ok := boldItem(l)
		if !ok {
			continue
		}
		if len(titles) == maxApprovedItems || title == "" {
			return nil // a long list, or an item not titled in a few words
		}
		if len(titles) > 0 {
			title = lowerFirst(title)
		}
		titles = append(titles, title)
	}
	if len(titles) < minApprovedItems {
		return nil
	}
	return []string{clipGoal(strings.Join(titles, "; "))}
}

// boldItem reads a numbered item that opens with a bold title ("2. **Added Clippy
// Warnings** ✅ …") as that title, its verb as a request ("Add clippy warnings"); ok is
// false for any other line, the title "" when it is longer than maxApprovedTitle words.
func boldItem(l string) (title string, ok bool) {
	s := strings.TrimSpace(l)
	i := strings.Index(s, ". **")
	if i <= 0 || i > 2 || strings.Trim(s[:i], "0123456789") != "" {
		return "", false
	}
	title, _, ok = strings.Cut(s[i+4:], "**")
	f := strings.Fields(strings.TrimRight(title, ":"))
	if !ok || len(f) == 0 || len(f) > maxApprovedTitle {
		return "", ok
	}
	if imp, ok := didVerbs[strings.ToLower(f[0])]; ok {
		f[0] = imp
	}
	for j := 1; j < len(f); j++ {
		if strings.ToUpper(f[j]) != f[j] { // an acronym stays as it is ("CI/CD")
			f[j] = strings.ToLower(f[j])
		}
	}
	return strings.Join(f, " "), true
}
