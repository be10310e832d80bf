package capture

import (
	"slices"
	"strings"

	"carnet/memstore"
)

// Rules on what is not knowledge though it looks like it: a usage line that only names a
// script, one fact said twice in one turn.

// hasOption reports a command line with an option ("--refresh-config", "-n"): unlike "npm
// run dev", it says something its script's name does not.
func hasOption(cmd string) bool {
	for f := range strings.FieldsSeq(cmd) {
		if o := strings.TrimLeft(f, "-"); len(o) < len(f) && len(f)-len(o) <= 2 && o != "" && isLetter(o[0]) {
			return true
		}
	}
	return false
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// oneFactEach returns the knowledge of a turn with no statement that says again, on the
// same command or action, what another says: of two on one code span, the later goes;
// of a statement that names a part of another's command ("the `install` command" after
// "`uv run tool install --force`"), the part goes.
func oneFactEach(items []string) []string {
	if len(items) < 2 {
		return items
	}
	drop := make([]bool, len(items))
	for i := range items {
		for j := i + 1; j < len(items); j++ {
			switch sameFact(items[i], items[j]) {
			case 1:
				drop[j] = true
			case -1:
				drop[i] = true
			}
		}
	}
	out := items[:0]
	for i, s := range items {
		if !drop[i] {
			out = append(out, s)
		}
	}
	return out
}

// sameFact tells whether b says again what a says (1), a what b says (-1), or neither (0):
// both name one code span and share half the words of the shorter, or one names a part
// of the other's command and they share another word.
func sameFact(a, b string) int {
	sa, sb := spanTokens(a), spanTokens(b)
	if len(sa) == 0 || len(sb) == 0 {
		return 0
	}
	wa, wb := memstore.ContentWords(memstore.Normalize(a)), memstore.ContentWords(memstore.Normalize(b))
	common := 0
	for _, w := range wa {
		if slices.Contains(wb, w) {
			common++
		}
	}
	for _, x := range sa {
		for _, y := range sb {
			switch {
			case partOf(x, y) && common >= 2:
				return -1
			case partOf(y, x) && common >= 2:
				return 1
			case slices.Equal(x, y) && common*2 >= min(len(wa), len(wb)):
				return 1
			}
		}
	}
	return 0
}

// partOf reports a span of one word that is one of the words of a longer span.
func partOf(x, y []string) bool { return len(x) == 1 && len(y) > 1 && slices.Contains(y, x[0]) }

// spanTokens returns the words of each code span of s that name something: a version
// ("@v3", ": v3"), an option and a short word ("uv", "run") left out.
func spanTokens(s string) [][]string {
	parts := strings.Split(s, "`")
	var out [][]string
	for i := 1; i < len(parts); i += 2 {
		var words []string
		for f := range strings.FieldsSeq(parts[i]) {
			f, _, _ = strings.Cut(f, "@")
			if f = strings.Trim(f, ":,;."); len(f) >= 4 && f[0] != '-' {
				words = append(words, f)
			}
		}
		if len(words) > 0 {
			out = append(out, words)
		}
	}
	return out
}
