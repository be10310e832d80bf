package tui

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"carnet/memstore/gitrepo/difflines"
)

// renderDiff colours a unified diff for width cells: file headers, hunk headers, added and
// deleted lines. A long line wraps, so every word of it can be read (see diffLine).
func renderDiff(st Styles, diff string, width int) string {
	if diff == "" {
		return ""
	}
	var out []string
	for l, k := range difflines.All(strings.TrimRight(diff, "\n") + "\n") {
		out = append(out, diffLine(st, l, k, width)...)
	}
	return strings.Join(out, "\n")
}

// diffLine styles one line of a unified diff, of kind k, wrapped to width cells: the rows it
// goes on in start with a space under its +, - or space, in its colour, so that they read as
// the same line, not as more lines removed or added.
func diffLine(st Styles, l string, k difflines.Kind, width int) []string {
	style := lipgloss.NewStyle()
	switch k {
	case difflines.Meta:
		style = st.Faint
	case difflines.FileHead:
		style = st.FileHead
	case difflines.HunkHead:
		style = st.HunkHead
	case difflines.Added:
		style = st.Added
	case difflines.Deleted:
		style = st.Deleted
	}
	return styled(style, wrapDiffLine(l, k, width))
}

// wrapDiffLine cuts a diff line into pieces width cells wide; a line of text (added, deleted,
// context) keeps its sign column: its sign on the first row, a space on the others.
func wrapDiffLine(l string, k difflines.Kind, width int) []string {
	l = strings.ReplaceAll(l, "\t", "    ")
	width = max(width, 8)
	if ansi.StringWidth(l) <= width {
		return []string{l}
	}
	sign := ""
	switch k {
	case difflines.Added, difflines.Deleted, difflines.Context:
		sign, l = l[:1], l[1:]
	}
	pieces := strings.Split(ansi.Wrap(l, width-len(sign), ""), "\n")
	for i := range pieces {
		if i == 0 {
			pieces[i] = sign + pieces[i]
		} else if sign != "" {
			pieces[i] = " " + pieces[i]
		}
	}
	return pieces
}

func styled(style lipgloss.Style, lines []string) []string {
	for i, l := range lines {
		lines[i] = style.Render(l)
	}
	return lines
}

// diffStat is "+12 −3" coloured.
func diffStat(st Styles, added, deleted int) string {
	return st.Added.Render("+"+itoa(added)) + " " + st.Deleted.Render("−"+itoa(deleted))
}

func itoa(n int) string { return strconv.Itoa(n) }
