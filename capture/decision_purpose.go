package capture

import (
	"strings"

	"carnet/hook/transcript"
)

// A closing text's list may give a change and, in the item right after it, what that change
// is for ("- Added `#![warn(clippy::unwrap_used)]` to lib.rs" "- These warnings will catch
// future unwrap usage at compile time"): the change was chosen for that reason, one decision.
// A "These …" item after a finding ("Found 916 unwrap() calls" "These can cause panics")
// is the finding's consequence, not a choice.

// purposeVerbs say, in lower case, what the change named before is for.
var purposeVerbs = []string{" will ", " ensures ", " prevents ", " catches ", " guarantees "}

// changePurposes returns each change of the closing text's lists joined to the next item of
// the same level when that item opens with "This"/"These" and says what the change is for;
// none for a subagent.
func changePurposes(t *transcript.Turn) []string {
	if t.Sidechain || !strings.Contains(t.Closing, "- This ") && !strings.Contains(t.Closing, "- These ") {
		return nil
	}
	var out []string
	prev, prevIndent := "", -1
	for l := range strings.Lines(t.Closing) {
		if !isListItem(l) {
			prev = ""
			continue
		}
		ind := indent(l)
		item := strings.TrimRight(stripItem(strings.TrimSpace(l)), ".")
		if prev != "" && ind == prevIndent && statesPurpose(item) {
			if b := prev + ", so " + lowerFirst(item); len(b) <= maxBullet {
				out = append(out, b)
			}
			prev = ""
			continue
		}
		prev, prevIndent = "", ind
		if first, _, _ := strings.Cut(item, " "); isActionVerb(first) {
			prev = item
		}
	}
	return out
}

// statesPurpose reports an item that refers back with "This"/"These" and says what for.
func statesPurpose(item string) bool {
	low := strings.ToLower(item)
	return (strings.HasPrefix(low, "this ") || strings.HasPrefix(low, "these ")) && hasAny(low, purposeVerbs)
}

// isActionVerb reports a word that opens a change made ("Added", "Updated").
func isActionVerb(w string) bool {
	_, ok := actionVerbs[strings.ToLower(w)]
	return ok
}
