package promote

import (
	"strings"
	"unicode/utf8"

	"carnet/memstore/gitrepo"
)

// ANSI styles of a colored diff (the 16 basic colors, so the terminal's theme decides).
const (
	ansiReset = "\x1b[0m"
	ansiBold  = "\x1b[1m"
	ansiRed   = "\x1b[31m"
	ansiGreen = "\x1b[32m"
	ansiCyan  = "\x1b[36m"
)

// RenderDiff renders a change as its unified diff, with colors (file header bold, hunk
// headers cyan, removed lines red, added lines green) or plain, each line cut to width runes
// when width > 0. It is a pure function of its arguments.
func RenderDiff(c *Change, color bool, width int) string {
	var b strings.Builder
	for ln, k := range gitrepo.DiffLines(c.Diff) {
		writeLine(&b, ln, diffStyles[k], color, width)
	}
	return b.String()
}

// diffStyles are the styles of the kinds of diff lines; the lines of a file header are bold.
var diffStyles = map[gitrepo.DiffKind]string{
	gitrepo.DiffMeta: ansiBold, gitrepo.DiffFileHead: ansiBold, gitrepo.DiffHunkHead: ansiCyan,
	gitrepo.DiffDeleted: ansiRed, gitrepo.DiffAdded: ansiGreen,
}

func writeLine(b *strings.Builder, ln, style string, color bool, width int) {
	ln = strings.TrimSuffix(ln, "\r")
	if width > 0 && utf8.RuneCountInString(ln) > width {
		r := []rune(ln)
		if width > 1 {
			ln = string(r[:width-1]) + "…"
		} else {
			ln = string(r[:width])
		}
	}
	if color && style != "" {
		b.WriteString(style + ln + ansiReset + "\n")
		return
	}
	b.WriteString(ln + "\n")
}
