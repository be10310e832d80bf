package extract

import (
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// A user has the last change undone and says what it broke ("undo the last change it
// messed up the dark highlight"): what was tried does not work there, and what is back
// does. The day's log drops a revert that gives no reason from the choices, with the choice
// it undoes (memstore/fold_undo.go); the lesson is kept here, as knowledge, in the agent's
// words ("Reverted the hover overlay back to the inset shadow approach to restore the
// darker highlight.").

// undoOpeners open, in lower case, a prompt asking to undo a change.
var undoOpeners = []string{"undo ", "revert ", "roll back ", "rollback ", "annule ", "défais "}

// undoWhys say, in lower case, what the undone change broke.
var undoWhys = []string{" it messed ", " messed up ", " it broke ", " broke the ", " it breaks ", " because ",
	" it made ", " it killed ", " ça a cassé ", " parce que "}

// undoneLessons returns the agent's sentence saying what it reverted, when the user asked
// for the undo and said what the change broke.
func undoneLessons(t *transcript.Turn) []string {
	p := strings.TrimSpace(t.Prompt)
	if !slices.ContainsFunc(undoOpeners, func(o string) bool { return len(p) >= len(o) && strings.EqualFold(p[:len(o)], o) }) {
		return nil // before any work: the turn asks for no undo
	}
	p = " " + strings.NewReplacer(",", " ", ";", " ", ":", " ").Replace(strings.ToLower(p)) + " "
	if !slices.ContainsFunc(undoWhys, func(w string) bool { return strings.Contains(p, w) }) {
		return nil
	}
	for _, s := range sentences(t.Closing) {
		if memstore.IsRevert(s) {
			return []string{s}
		}
	}
	return nil
}
