package memstore

import (
	"slices"
	"strings"
)

// featureOpeners open a goal that builds a part of the task ("implement the realtime
// aspect") or changes how the thing behaves ("change the rule such that …"), once the
// words that only lead in ("now", "let's", "go forward and") are cut.
var featureOpeners = []string{"implement ", "change the rule ", "change the rules "}

// leadIns open a request without saying what it asks.
var leadIns = []string{"now, ", "now ", "ok, ", "ok ", "let's ", "lets ", "go forward and ", "go ahead and ", "please "}

// capabilityWords say the user can do something new ("make it so i can drag …").
var capabilityWords = []string{" i can ", " we can ", " users can ", " the user can ", " the ability to ", " allow "}

// minFeatureWords is how many words a feature goal has at least: "let's implement it" names
// no task.
const minFeatureWords = 5

// isFeature reports a goal that gives the user a new capability, implements a part of the
// task or changes a rule: a task of its own, even on the files the day already worked on.
func isFeature(goal string) bool {
	g := " " + fold(goal) + " "
	if len(strings.Fields(g)) < minFeatureWords {
		return false
	}
	if slices.ContainsFunc(capabilityWords, func(w string) bool { return strings.Contains(g, w) }) {
		return true
	}
	g = strings.TrimLeft(g, " ")
	for cut := true; cut; {
		cut = false
		for _, l := range leadIns {
			if rest, ok := strings.CutPrefix(g, l); ok {
				g, cut = rest, true
			}
		}
	}
	return slices.ContainsFunc(featureOpeners, func(o string) bool { return strings.HasPrefix(g, o) })
}
