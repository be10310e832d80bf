// Package difflines reads the lines of a unified diff (what gitrepo's CommitDiff and
// PendingDiff return) with their kind, for the renderers that colour them.
package difflines

import (
	"iter"
	"strings"
)

// Kind is what a line of a unified diff is, for the renderers that colour it.
type Kind int

// The kinds of the lines of a unified diff.
const (
	Context  Kind = iota // an unchanged line, or "\ No newline at end of file"
	Meta                 // a file header line: diff --git, index, mode, rename, similarity…
	FileHead             // "--- a/…" and "+++ b/…"
	HunkHead             // "@@ -a,b +c,d @@"
	Added
	Deleted
)

// KindOf classifies one line of a unified diff; header says whether the line comes before
// the first hunk of its file, where "---" and "+++" name the files instead of changing lines.
func KindOf(line string, header bool) Kind {
	switch {
	case strings.HasPrefix(line, "@@"):
		return HunkHead
	case header && (strings.HasPrefix(line, "+++") || strings.HasPrefix(line, "---")):
		return FileHead
	case header:
		return Meta
	case strings.HasPrefix(line, "+"):
		return Added
	case strings.HasPrefix(line, "-"):
		return Deleted
	}
	return Context
}

// All yields the lines of a unified diff, without their line ending, with their kind:
// a "diff --git" line starts a file header, its first "@@" ends it.
func All(diff string) iter.Seq2[string, Kind] {
	return func(yield func(string, Kind) bool) {
		header := true
		for ln := range strings.Lines(diff) {
			ln = strings.TrimSuffix(ln, "\n")
			if strings.HasPrefix(ln, "diff --git ") {
				header = true
			}
			k := KindOf(ln, header)
			if k == HunkHead {
				header = false
			}
			if !yield(ln, k) {
				return
			}
		}
	}
}
