package capture

import (
	"regexp"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// Knowledge is what the next session could not guess from the work: the rules here keep a
// bullet out when it says too little to be read alone, and take the mechanism a verified
// line names.

// mechanismNote matches a parenthesis that says how a thing works with the code it uses:
// "(uses `glob("*.md")`)", "(via `os.walk`)".
var mechanismNote = regexp.MustCompile("\\((uses|via|using|relies on) `[^`]+`\\)")

// maxMechanisms bounds the mechanisms taken from a turn.
const maxMechanisms = 2

// mechanisms returns the checked lines of the closing text that name how a thing works
// ("✅ Template auto-discovered by installer (uses `glob("*.md")`)"): what the agent
// verified, with the mechanism the next session would otherwise look up again.
func mechanisms(t *transcript.Turn) []string {
	if t.Sidechain || !strings.Contains(t.Closing, "`)") {
		return nil // most closing texts hold no such note: not read line by line
	}
	var out []string
	for l := range proseLines(t.Closing) {
		if !isListItem(l) || !strings.ContainsAny(l, "✅✔✓") || len(out) == maxMechanisms {
			continue
		}
		s := strings.TrimSpace(strings.Trim(stripItem(l), "✅✔✓️ "))
		if m := mechanismNote.FindStringIndex(s); m != nil && m[1] == len(s) && m[0] > 0 {
			out = append(out, s)
		}
	}
	return out
}

// addStatedKnowledge adds as knowledge the turn's verified mechanisms, the flows it states
// its explanation of what the user reported, the names it saw the code use, what its
// accepted plans found of the code as it stood and the fixes it found already made.
func addStatedKnowledge(e *memstore.Extraction, t *transcript.Turn) {
	e.Add(memstore.KeyKnowledge, mechanisms(t)...)
	e.Add(memstore.KeyKnowledge, flows(t)...)
	e.Add(memstore.KeyKnowledge, ackedExplanation(t)...)
	e.Add(memstore.KeyKnowledge, conventions(t)...)
	e.Add(memstore.KeyKnowledge, planFindings(t)...)
	e.Add(memstore.KeyKnowledge, alreadyHandled(t)...)
	e.Add(memstore.KeyKnowledge, understood(t)...)
}
