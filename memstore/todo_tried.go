package memstore

import (
	"slices"
	"strings"
)

// A to-do that asks the user to try the work by hand ("Play a few games to confirm edge
// cases …", "Refresh the page and verify the settings persist") is done when the user
// comes back on its subject ("Nothing happens when I press new game"): they tried it, and
// what they found is the next task, not this one.

// checkVerbs open a to-do that asks to try the work by hand.
var checkVerbs = set(strings.Fields(`play try test check verify confirm open navigate refresh reload visit click
	jouer essayer tester verifier ouvrir`))

// triedOut reports whether a prompt (its stems, asked) comes back on the subject of a
// to-do that asks to try the work by hand: they share a subject word.
func triedOut(item string, asked []string) bool {
	f := strings.Fields(Normalize(item))
	if len(f) == 0 || !checkVerbs[f[0]] {
		return false
	}
	return slices.ContainsFunc(subjectWords(item), func(w string) bool {
		return !todoWords[w] && slices.ContainsFunc(asked, func(a string) bool { return sameStem(a, w) })
	})
}

// closeTriedOut ticks the open items of the day that ask to try the work by hand when the
// user's prompt comes back on their subject (see triedOut), except those the same
// exchange opened: a prompt days later is about other work.
func (tx *Tx) closeTriedOut(reply string, fresh []string, res *MergeResult) error {
	if reply == "" {
		return nil
	}
	asked := slices.DeleteFunc(stems(reply), func(w string) bool { return requestWords[w] })
	today := Date(tx.now)
	return tx.closeOpen(fresh, res, func(it OpenItem) bool { return it.Date == today && triedOut(it.Text, asked) })
}
