package tui

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// Styles is every style the UI draws with, built once from the terminal's background
// (dark or light) and rebuilt when the terminal reports it. Screens read it through common.
type Styles struct {
	Dark    bool // the terminal background is dark
	NoColor bool // NO_COLOR: emphasis by weight and reverse video only

	App        lipgloss.Style // the "carnet" badge in the header
	Crumb      lipgloss.Style // breadcrumb parts
	CrumbSep   lipgloss.Style
	HeaderInfo lipgloss.Style // right side of the header

	Title     lipgloss.Style // a pane's title
	Subtle    lipgloss.Style // secondary text
	Faint     lipgloss.Style // tertiary text, rules
	Accent    lipgloss.Style
	Selected  lipgloss.Style // the row under the cursor
	SelMarker lipgloss.Style // the "›" before it
	GroupHead lipgloss.Style // a group heading inside a list (a day, a section)
	Tag       lipgloss.Style // a section tag on a log row
	TagDone   lipgloss.Style
	TagOpen   lipgloss.Style
	Count     lipgloss.Style // a number in a column
	Warn      lipgloss.Style
	Err       lipgloss.Style
	OK        lipgloss.Style
	Checked   lipgloss.Style // a ticked item
	Added     lipgloss.Style // diff +
	Deleted   lipgloss.Style // diff -
	HunkHead  lipgloss.Style // diff @@
	FileHead  lipgloss.Style // diff file header
	Rejected  lipgloss.Style // a rejected hunk
	Hash      lipgloss.Style // a commit hash
	Pane      lipgloss.Style // the border around the preview
	PaneFocus lipgloss.Style
	Bar       lipgloss.Style // filled part of a gauge
	BarEmpty  lipgloss.Style
	BarOver   lipgloss.Style
	Dialog    lipgloss.Style // a confirmation box
	Key       lipgloss.Style // a key name in prose ("run carnet init")
	Code      lipgloss.Style
	Status    lipgloss.Style // the status line
	StatusErr lipgloss.Style

	Help help.Styles
}

// palette holds the few colours everything else derives from.
type palette struct {
	fg, subtle, faint, accent, accentBg, onAccent, green, red, yellow, blue, selBg color.Color
}

func newPalette(dark bool) palette {
	ld := lipgloss.LightDark(dark)
	c := lipgloss.Color
	return palette{
		fg:       ld(c("#1F1F24"), c("#E4E4E7")),
		subtle:   ld(c("#62626B"), c("#9E9EA8")),
		faint:    ld(c("#A5A5AE"), c("#56565E")),
		accent:   ld(c("#5A3FD6"), c("#A78BFA")),
		accentBg: ld(c("#6B50E8"), c("#7D56F4")),
		onAccent: c("#FFFDF5"),
		green:    ld(c("#1A7F37"), c("#4ADE80")),
		red:      ld(c("#C62828"), c("#F87171")),
		yellow:   ld(c("#9A6700"), c("#FACC15")),
		blue:     ld(c("#0969DA"), c("#60A5FA")),
		selBg:    ld(c("#ECE8FD"), c("#2E2A45")),
	}
}

// NewStyles builds the styles for a dark or light background; noColor keeps only weight,
// underline and reverse video, so that the UI stays readable under NO_COLOR.
func NewStyles(dark, noColor bool) Styles {
	p := newPalette(dark)
	n := lipgloss.NewStyle
	fg := func(c color.Color) lipgloss.Style { return n().Foreground(c) }
	s := Styles{Dark: dark, NoColor: noColor}

	s.App = n().Bold(true).Foreground(p.onAccent).Background(p.accentBg).Padding(0, 1)
	s.Crumb = fg(p.fg).Bold(true)
	s.CrumbSep = fg(p.faint)
	s.HeaderInfo = fg(p.subtle)
	s.Title = fg(p.accent).Bold(true)
	s.Subtle = fg(p.subtle)
	s.Faint = fg(p.faint)
	s.Accent = fg(p.accent)
	s.Selected = n().Foreground(p.fg).Background(p.selBg).Bold(true)
	s.SelMarker = fg(p.accent).Background(p.selBg).Bold(true)
	s.GroupHead = fg(p.subtle).Bold(true)
	s.Tag = fg(p.subtle)
	s.TagDone = fg(p.green)
	s.TagOpen = fg(p.yellow)
	s.Count = fg(p.fg)
	s.Warn = fg(p.yellow).Bold(true)
	s.Err = fg(p.red).Bold(true)
	s.OK = fg(p.green)
	s.Checked = fg(p.green).Bold(true)
	s.Added = fg(p.green)
	s.Deleted = fg(p.red)
	s.HunkHead = fg(p.blue)
	s.FileHead = fg(p.fg).Bold(true)
	s.Rejected = fg(p.faint)
	s.Hash = fg(p.yellow)
	s.Pane = n().Border(lipgloss.RoundedBorder()).BorderForeground(p.faint)
	s.PaneFocus = n().Border(lipgloss.RoundedBorder()).BorderForeground(p.accent)
	s.Bar = fg(p.accent)
	s.BarEmpty = fg(p.faint)
	s.BarOver = fg(p.red)
	s.Dialog = n().Border(lipgloss.RoundedBorder()).BorderForeground(p.accent).Padding(1, 2)
	s.Key = fg(p.accent).Bold(true)
	s.Code = fg(p.accent)
	s.Status = fg(p.green)
	s.StatusErr = fg(p.red).Bold(true)
	s.Help = help.DefaultStyles(dark)

	if noColor {
		plain := n()
		for _, st := range []*lipgloss.Style{&s.Crumb, &s.CrumbSep, &s.HeaderInfo, &s.Title, &s.Subtle,
			&s.Faint, &s.Accent, &s.GroupHead, &s.Tag, &s.TagDone, &s.TagOpen, &s.Count, &s.Warn, &s.Err,
			&s.OK, &s.Checked, &s.Added, &s.Deleted, &s.HunkHead, &s.FileHead, &s.Hash, &s.Bar,
			&s.BarEmpty, &s.BarOver, &s.Key, &s.Code, &s.Status, &s.StatusErr} {
			*st = plain
		}
		s.App = n().Reverse(true).Bold(true).Padding(0, 1)
		s.Crumb = n().Bold(true)
		s.Title = n().Bold(true)
		s.GroupHead = n().Bold(true)
		s.Warn = n().Bold(true)
		s.Err = n().Bold(true)
		s.StatusErr = n().Bold(true)
		s.Checked = n().Bold(true)
		s.Key = n().Bold(true)
		s.FileHead = n().Bold(true)
		s.HunkHead = n().Underline(true)
		s.Rejected = n().Faint(true)
		s.Selected = n().Reverse(true)
		s.SelMarker = n().Reverse(true)
		s.Pane = n().Border(lipgloss.RoundedBorder())
		s.PaneFocus = n().Border(lipgloss.ThickBorder())
		s.Dialog = n().Border(lipgloss.RoundedBorder()).Padding(1, 2)
		s.Help = help.Styles{}
	}
	return s
}

// glamourStyle is the glamour standard style that matches these styles.
func (s Styles) glamourStyle() string {
	switch {
	case s.NoColor:
		return "notty"
	case s.Dark:
		return "dark"
	}
	return "light"
}

// selectedSeq is the escape sequence that starts the Selected style (what Render puts before
// the text), to put the highlight back inside a row that has styles of its own.
func (s Styles) selectedSeq() string {
	r := s.Selected.Render("x")
	if i := strings.Index(r, "x"); i > 0 {
		return r[:i]
	}
	return ""
}
