package tui

import (
	"strconv"
	"strings"
)

// renderDiff colours a unified diff for width cells: file headers, hunk headers, added and
// deleted lines. Lines are cut, never wrapped, so the diff keeps its columns.
func renderDiff(st Styles, diff string, width int) string {
	if diff == "" {
		return ""
	}
	lines := strings.Split(strings.TrimRight(diff, "\n"), "\n")
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		out = append(out, diffLine(st, l, width))
	}
	return strings.Join(out, "\n")
}

// diffLine styles one line of a unified diff.
func diffLine(st Styles, l string, width int) string {
	l = strings.ReplaceAll(l, "\t", "    ")
	switch {
	case strings.HasPrefix(l, "diff --git"), strings.HasPrefix(l, "index "),
		strings.HasPrefix(l, "new file"), strings.HasPrefix(l, "deleted file"),
		strings.HasPrefix(l, "similarity"), strings.HasPrefix(l, "rename "):
		return st.Faint.Render(trunc(l, width))
	case strings.HasPrefix(l, "+++"), strings.HasPrefix(l, "---"):
		return st.FileHead.Render(trunc(l, width))
	case strings.HasPrefix(l, "@@"):
		return st.HunkHead.Render(trunc(l, width))
	case strings.HasPrefix(l, "+"):
		return st.Added.Render(trunc(l, width))
	case strings.HasPrefix(l, "-"):
		return st.Deleted.Render(trunc(l, width))
	}
	return trunc(l, width)
}

// diffStat is "+12 −3" coloured.
func diffStat(st Styles, added, deleted int) string {
	return st.Added.Render("+"+itoa(added)) + " " + st.Deleted.Render("−"+itoa(deleted))
}

func itoa(n int) string { return strconv.Itoa(n) }
