package capture

import (
	"iter"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// doneVerbs turn the past tense a closing text reports work with into the imperative a
// to-do is written with.
var doneVerbs = map[string]string{"fixed": "Fix", "added": "Add", "implemented": "Implement", "removed": "Remove",
	"updated": "Update", "created": "Create", "wrote": "Write", "completed": "Complete", "resolved": "Resolve",
	"deployed": "Deploy", "migrated": "Migrate", "refactored": "Refactor", "documented": "Document"}

// maxDone bounds the statements of work done a turn gives.
const maxDone = 8

// doneStatements reads, in the closing text, the lines that report work done ("1. **Fixed
// Silent Failures** ✅", "- Added clippy lint for unwrap"): each, in the imperative, may
// close the to-do an earlier turn left open (memstore.MatchDone decides, strictly). The
// turn's own new to-dos are never closed by its own report.
func doneStatements(t *transcript.Turn, next []string) []string {
	if t.Sidechain || t.Closing == "" {
		return nil
	}
	var open []memstore.OpenItem
	for _, n := range next {
		open = append(open, memstore.OpenItem{Text: n})
	}
	var out []string
	for s := range doneLines(t.Closing) {
		if len(memstore.MatchDone(open, s)) == 0 && len(out) < maxDone {
			out = append(out, s)
		}
	}
	return out
}

// doneLines yields the done statements of a closing text (doneStatement), code blocks left
// out.
func doneLines(closing string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for line := range proseLines(closing) {
			if s := doneStatement(line); s != "" && !yield(s) {
				return
			}
		}
	}
}

// doneStatement is a line that opens with a verb of doneVerbs, in the imperative and cut
// before its explanation, or "".
func doneStatement(line string) string {
	l := strings.TrimSpace(line)
	l = stripItem(strings.TrimSpace(strings.TrimLeft(l, "#")))
	l = strings.TrimSpace(strings.Trim(l, "✅✓✔️ "))
	verb, rest, ok := strings.Cut(l, " ")
	imp := doneVerb(verb)
	if !ok || imp == "" {
		return ""
	}
	for _, sep := range []string{": ", " - ", " — ", " (", ". ", ", ", "; "} {
		rest, _, _ = strings.Cut(rest, sep)
	}
	rest = strings.TrimSpace(strings.Trim(rest, "*✅:. "))
	if len(memstore.ContentWords(memstore.Normalize(rest))) < 2 {
		return ""
	}
	return imp + " " + rest
}

// doneVerb is the imperative of a past tense of doneVerbs, in any case, or "" (without
// lowering a copy of every line's first word).
func doneVerb(verb string) string {
	for past, imp := range doneVerbs {
		if strings.EqualFold(verb, past) {
			return imp
		}
	}
	return ""
}
