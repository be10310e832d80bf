package capture

import (
	"slices"
	"strings"
	"unicode"

	"carnet/hook/transcript"
)

// absenceWords say a concern was looked for and not found ("No panic!() in production",
// "none found").
var absenceWords = []string{"no", "none", "zero", "never", "aucun", "aucune"}

// findsAbsent reports a heading that finds a concern absent.
func findsAbsent(heading string) bool {
	for w := range strings.FieldsFuncSeq(strings.ToLower(heading), func(r rune) bool { return !unicode.IsLetter(r) }) {
		if slices.Contains(absenceWords, w) {
			return true
		}
	}
	return false
}

// Settled lists the sections of the closing text marked done whose heading finds a
// concern absent (see checkedSection): memstore drops the earlier to-dos they make moot,
// without ticking them (memstore.Extraction.Settled). A subagent's findings are reported
// by the main agent.
func Settled(t *transcript.Turn) []string {
	if t.Sidechain || !strings.ContainsAny(t.Closing, "✅✔") {
		return nil // most closing texts check nothing: not walked
	}
	return checkedSection(t.Closing, true)
}
