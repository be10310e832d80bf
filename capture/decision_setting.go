package capture

import "strings"

// A plan often fixes a value in the middle of its content list rather than under an
// "Approach" heading: "Set the primary KPI to: **positions opened and settled**". The colon
// or the bold after "to" marks the value chosen, not a step of a manual check ("Set the type
// to "Gradient"").

// settingMarks follow "to" when a plan's item states the value it chose.
var settingMarks = []string{" to: ", " to **"}

// planSettings returns the items of plan (lines "- Set … to: …") that fix a value.
func planSettings(plan string) []string {
	var out []string
	for l := range strings.Lines(plan) {
		t := strings.TrimSpace(l)
		it, ok := strings.CutPrefix(t, "- ")
		if !ok {
			it, ok = strings.CutPrefix(t, "* ")
		}
		if ok && strings.HasPrefix(strings.ToLower(it), "set ") && hasAny(it, settingMarks) {
			out = append(out, stripMarkup(it))
		}
	}
	return out
}
