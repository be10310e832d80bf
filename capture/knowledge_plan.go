package capture

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"carnet/hook/transcript"
)

// An accepted plan often opens on what the analysis found of the code as it stands
// ("Based on my analysis, the current system:" and a short list): the session's finding,
// which the next session would otherwise look up again.

// maxFindings bounds the items taken under a plan's lead.
const maxFindings = 5

// planFindings returns, for each plan of the turn the user accepted, its lead on the code
// as it stands with the items under it: "The current system: stores …; never updates …".
func planFindings(t *transcript.Turn) []string {
	if t.Sidechain {
		return nil
	}
	var out []string
	for _, u := range t.Tools {
		if u.Plan == "" || (u.Name != "ExitPlanMode" && u.Name != "exit_plan_mode") || !wentThrough(u) {
			continue // most turns hold no plan: nothing read
		}
		if f := currentState(u.Plan); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// currentState returns the first lead of plan that names "the current <thing>:" with the
// list items right under it, or "".
func currentState(plan string) string {
	lead, items := "", []string(nil)
	for l := range proseLines(plan) {
		switch {
		case lead != "" && isListItem(l):
			if len(items) < maxFindings {
				items = append(items, lowerFirst(strings.TrimRight(stripItem(l), ".;")))
			}
		case lead != "" && len(items) > 0:
			return upperFirst(lead) + ": " + strings.Join(items, "; ") + "."
		case l != "":
			lead = currentLead(l) // a line between a lead and its list ends it
		}
	}
	if len(items) == 0 {
		return ""
	}
	return upperFirst(lead) + ": " + strings.Join(items, "; ") + "."
}

// currentLead returns "the current <thing>" of a plain line that ends on it and a colon
// ("Based on my analysis, the current system:"), or "".
func currentLead(l string) string {
	rest, ok := strings.CutSuffix(l, ":")
	if !ok || isListItem(l) || headingLevel(l) > 0 {
		return ""
	}
	i := strings.LastIndex(strings.ToLower(rest), "the current ")
	if i < 0 || len(strings.Fields(rest[i:])) > 4 {
		return ""
	}
	return rest[i:]
}

// lowerFirst gives s with its first letter in lower case when it opens a plain word
// ("Stores" → "stores"; "API" and "`x`" stay).
func lowerFirst(s string) string {
	r, size := utf8.DecodeRuneInString(s)
	next, _ := utf8.DecodeRuneInString(s[size:])
	if !unicode.IsUpper(r) || !unicode.IsLower(next) {
		return s
	}
	return string(unicode.ToLower(r)) + s[size:]
}
