package memstore

import (
	"slices"
	"strings"
)

// A session undoes a change ("undo the last change") and the agent says so, often with no
// why ("Reverted the hover styling back to the inset shadow approach."). That is work done,
// not a choice: the day's choice it undoes is no longer the day's and goes, and the revert
// is not written in its place. A revert that says why ("… because the overlay hid the
// capture ring") is a choice: it replaces the one it undoes (revertedBullet).

// revertReasons say, in lower case, why a change was undone.
var revertReasons = []string{" because ", " since ", " so that ", " as it ", " due to ", " to avoid ", " to keep ",
	" to prevent ", " parce que ", " car ", " puisque ", " pour éviter ", " afin de "}

// revertGivesReason reports a revert that says why the change was undone.
func revertGivesReason(text string) bool {
	low := " " + strings.ToLower(text) + " "
	return slices.ContainsFunc(revertReasons, func(m string) bool { return strings.Contains(low, m) })
}

// dropUndone reports whether text is a revert of today's section key that gives no reason:
// then the latest choice it undoes (see revertedBullet) is removed, unless that is a revert
// already, which says the same state. It returns how many bullets it removed.
func dropUndone(today *Doc, key, text string) (removed int, isWork bool) {
	if key != KeyDecisions || !IsRevert(text) || revertGivesReason(text) {
		return 0, false
	}
	b, ok := revertedBullet(today, key, text)
	if !ok || IsRevert(b.Text) {
		return 0, true
	}
	s, _ := today.Section(key)
	today.RemoveBullet(s, b)
	return 1, true
}
