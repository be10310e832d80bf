package memstore

import (
	"slices"
	"strings"
)

// A session often undoes a change it made that day ("undo the last change"); the agent
// then says so ("Reverted the hover overlay back to the inset shadow"). The choice undone
// is no longer the day's: a revert that says why replaces it, where it was; one that gives
// no reason removes it and is not written (fold_undo.go).

// RevertOpeners open, in lower case, a statement that a change was undone.
var RevertOpeners = []string{"reverted ", "rolled back ", "went back to ", "switched back to ", "undid ", "undone ",
	"restored the previous ", "annulé ", "j'ai annulé ", "retour à ", "revenu à "}

// IsRevert reports a statement that opens by saying a change was undone ("Reverted …",
// "Rolled back …", "Went back to …"), whatever the case of its letters.
func IsRevert(s string) bool {
	s = strings.TrimLeft(s, " \t")
	for _, o := range RevertOpeners {
		if len(s) >= len(o) && strings.EqualFold(s[:len(o)], o) {
			return true
		}
	}
	return false
}

// revertWords are the words of a revert that say it is one, not what it is about.
var revertWords = map[string]bool{"reverted": true, "rolled": true, "back": true, "went": true, "switched": true,
	"undid": true, "undone": true, "restored": true, "previous": true, "instead": true, "now": true, "approach": true,
	"annulé": true, "annule": true, "retour": true, "revenu": true, "change": true, "changes": true}

// minRevertShared is how many content words a revert shares with the choice it undoes.
const minRevertShared = 2

// revertedBullet finds the choice of today's section key that the revert text undoes: the
// latest that shares minRevertShared content words with it.
func revertedBullet(today *Doc, key, text string) (Bullet, bool) {
	if key != KeyDecisions || !IsRevert(text) {
		return Bullet{}, false
	}
	s, ok := today.Section(key)
	if !ok {
		return Bullet{}, false
	}
	subject := revertSubject(text)
	for _, b := range slices.Backward(today.Bullets(s)) {
		if sharedWith(subject, b.Text) >= minRevertShared {
			return b, true
		}
	}
	return Bullet{}, false
}

// revertSubject is the set of content words of a revert that say what it undoes.
func revertSubject(text string) map[string]bool {
	subject := map[string]bool{}
	for _, w := range ContentWords(Normalize(text)) {
		if !revertWords[w] {
			subject[w] = true
		}
	}
	return subject
}

// sharedWith counts the content words of text in subject.
func sharedWith(subject map[string]bool, text string) int {
	shared := 0
	for _, w := range ContentWords(Normalize(text)) {
		if subject[w] {
			shared++
		}
	}
	return shared
}
