package promote

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"carnet/memstore/gitrepo/difflines"
)

// diffStyles are the styles of the kinds of diff lines (the 16 basic colors, so the
// terminal's theme decides): a file header bold, hunk headers cyan, removed lines red,
// added lines green. A tab stays a tab.
var diffStyles = map[difflines.Kind]lipgloss.Style{
	difflines.Meta:     diffStyle.Bold(true),
	difflines.FileHead: diffStyle.Bold(true),
	difflines.HunkHead: diffStyle.Foreground(lipgloss.Cyan),
	difflines.Deleted:  diffStyle.Foreground(lipgloss.Red),
	difflines.Added:    diffStyle.Foreground(lipgloss.Green),
}

var diffStyle = lipgloss.NewStyle().TabWidth(lipgloss.NoTabConversion)

// RenderDiff renders a change as its unified diff, with colors (see diffStyles) or plain,
// each line cut to width cells when width > 0. It is a pure function of its arguments.
func RenderDiff(c *Change, color bool, width int) string {
	var b strings.Builder
	for ln, k := range difflines.All(c.Diff) {
		ln = strings.TrimSuffix(ln, "\r")
		if width > 0 {
			ln = ansi.Truncate(ln, width, "…")
		}
		if st, ok := diffStyles[k]; ok && color {
			ln = st.Render(ln)
		}
		b.WriteString(ln + "\n")
	}
	return b.String()
}
