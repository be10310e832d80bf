package gitrepo

import (
	"iter"
	"strings"
)

// DiffKind is what a line of a unified diff is, for the renderers that colour it.
type DiffKind int

// The kinds of the lines of a unified diff.
const (
	DiffContext  DiffKind = iota // an unchanged line, or "\ No newline at end of file"
	DiffMeta                     // a file header line: diff --git, index, mode, rename, similarity…
	DiffFileHead                 // "--- a/…" and "+++ b/…"
	DiffHunkHead                 // "@@ -a,b +c,d @@"
	DiffAdded
	DiffDeleted
)

// KindOf classifies one line of a unified diff; header says whether the line comes before
// the first hunk of its file, where "---" and "+++" name the files instead of changing lines.
func KindOf(line string, header bool) DiffKind {
	switch {
	case strings.HasPrefix(line, "@@"):
		return DiffHunkHead
	case header && (strings.HasPrefix(line, "+++") || strings.HasPrefix(line, "---")):
		return DiffFileHead
	case header:
		return DiffMeta
	case strings.HasPrefix(line, "+"):
		return DiffAdded
	case strings.HasPrefix(line, "-"):
		return DiffDeleted
	}
	return DiffContext
}

// DiffLines yields the lines of a unified diff, without their line ending, with their kind:
// a "diff --git" line starts a file header, its first "@@" ends it.
func DiffLines(diff string) iter.Seq2[string, DiffKind] {
	return func(yield func(string, DiffKind) bool) {
		header := true
		for ln := range strings.Lines(diff) {
			ln = strings.TrimSuffix(ln, "\n")
			if strings.HasPrefix(ln, "diff --git ") {
				header = true
			}
			k := KindOf(ln, header)
			if k == DiffHunkHead {
				header = false
			}
			if !yield(ln, k) {
				return
			}
		}
	}
}
