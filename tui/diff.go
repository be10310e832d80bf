package tui

import (
	"strconv"
	"strings"

	"carnet/memstore/gitrepo"
)

// renderDiff colours a unified diff for width cells: file headers, hunk headers, added and
// deleted lines. Lines are cut, never wrapped, so the diff keeps its columns.
func renderDiff(st Styles, diff string, width int) string {
	if diff == "" {
		return ""
	}
	var out []string
	for l, k := range gitrepo.DiffLines(strings.TrimRight(diff, "\n") + "\n") {
		out = append(out, diffLine(st, l, k, width))
	}
	return strings.Join(out, "\n")
}

// diffLine styles one line of a unified diff, of kind k.
func diffLine(st Styles, l string, k gitrepo.DiffKind, width int) string {
	l = trunc(strings.ReplaceAll(l, "\t", "    "), width)
	switch k {
	case gitrepo.DiffMeta:
		return st.Faint.Render(l)
	case gitrepo.DiffFileHead:
		return st.FileHead.Render(l)
	case gitrepo.DiffHunkHead:
		return st.HunkHead.Render(l)
	case gitrepo.DiffAdded:
		return st.Added.Render(l)
	case gitrepo.DiffDeleted:
		return st.Deleted.Render(l)
	}
	return l
}

// diffStat is "+12 −3" coloured.
func diffStat(st Styles, added, deleted int) string {
	return st.Added.Render("+"+itoa(added)) + " " + st.Deleted.Render("−"+itoa(deleted))
}

func itoa(n int) string { return strconv.Itoa(n) }
