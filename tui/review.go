package tui

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"carnet/memstore"
	"carnet/memstore/gitrepo/difflines"
	"carnet/promote"
)

// review computes a promotion plan (spinner meanwhile) and lets the user review it: the files
// with their change kind, the selected file's diff hunk by hunk, each hunk accepted or rejected,
// then apply: one commit. Nothing is written before apply.
type review struct {
	c       *common
	p       *memstore.Project
	plan    *promote.Plan
	force   bool
	busy    string // "computing", "applying": what the spinner says
	spin    spinner.Model
	list    *list
	hunk    int // current hunk of the selected change
	focusH  bool
	diff    viewport.Model
	offsets []int // first line of each hunk in the diff pane
	err     error
	w, h    int
	// imp, when set, computes an import's plan instead of a promotion's (see newImportReview)
	imp func(p *memstore.Project, now time.Time) (*promote.Plan, error)
}

// Messages of the review.
type (
	planMsg struct {
		to   *review
		plan *promote.Plan
		err  error
	}
	appliedMsg struct {
		to  *review
		res promote.Result
		err error
	}
)

// openReview opens the promotion review of a project.
func openReview(c *common, p *memstore.Project) tea.Cmd { return c.open(newReview(c, p)) }

func newReview(c *common, p *memstore.Project) *review {
	sp := spinner.New(spinner.WithSpinner(spinner.Dot))
	sp.Style = c.styles.Accent
	s := &review{c: c, p: p, spin: sp, list: newList(c), diff: viewport.New()}
	s.list.top = 4 // under the plan's three lines and the count
	s.diff.MouseWheelEnabled = false
	s.list.key = func(i int) string { return s.plan.Changes[i].Path }
	s.list.text = func(i int) string { ch := s.plan.Changes[i]; return ch.Path + " " + ch.From + " " + ch.Note }
	return s
}

func (s *review) Init() tea.Cmd { return s.compute() }

func (s *review) compute() tea.Cmd {
	s.busy = s.c.trf("Computing the %s plan…", s.c.tr(s.words().noun))
	p, now, opts, imp := s.p, s.c.now(), promote.Options{Force: s.force}, s.imp
	return tea.Batch(s.spin.Tick, func() tea.Msg {
		if imp != nil {
			plan, err := imp(p, now)
			return planMsg{to: s, plan: plan, err: err}
		}
		plan, err := promote.Compute(p, opts, now)
		return planMsg{to: s, plan: plan, err: err}
	})
}

func (s *review) change() *promote.Change {
	if i, ok := s.list.selected(); ok && s.plan != nil {
		return s.plan.Changes[i]
	}
	return nil
}

func (s *review) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case spinner.TickMsg:
		if s.busy == "" {
			return nil
		}
		var cmd tea.Cmd
		s.spin, cmd = s.spin.Update(msg)
		return cmd
	case planMsg:
		if msg.to != s {
			return nil
		}
		s.busy, s.plan, s.err = "", msg.plan, msg.err
		if s.plan != nil {
			s.list.reset(len(s.plan.Changes), "")
			s.hunk = 0
			s.refreshDiff()
		}
	case appliedMsg:
		if msg.to != s {
			return nil
		}
		s.busy = ""
		if msg.err != nil {
			s.err = msg.err
			return statusErr(msg.err)
		}
		// what was applied (the accepted hunks), not what the plan proposed
		wd := s.words()
		_, applied, _ := strings.Cut(msg.res.Message, ": "+wd.writer+": ")
		applied = s.c.appliedText(applied)
		done := s.c.tr(wd.done)
		text := s.c.trf("%s: %s", done, applied)
		if msg.res.Commit != "" {
			text = s.c.trf("%s, committed %s: %s", done, msg.res.Commit[:7], applied)
		} else if msg.res.Skipped != "" {
			text = s.c.trf("%s, not committed (%s): %s", done, s.c.tr(msg.res.Skipped), applied)
		}
		if n := len(msg.res.Kept); n == 1 {
			text += " · " + s.c.tr("1 log not archived: the carry of its open items was rejected")
		} else if n > 1 {
			text += " · " + s.c.trf("%s not archived: the carry of their open items was rejected", s.c.count(n, "log"))
		}
		return tea.Batch(s.c.back(), status("%s", text), changed())
	case stylesMsg:
		s.spin.Style = s.c.styles.Accent
		s.refreshDiff()
	case tea.MouseWheelMsg:
		if msg.X >= s.listWidth() {
			scrollWheel(&s.diff, msg)
		} else if _, moved, _ := s.list.update(msg); moved {
			s.hunk = 0
			s.refreshDiff()
		}
	case tea.MouseClickMsg:
		s.focusH = msg.X >= s.listWidth() && s.listWidth() < s.w
		if !s.focusH && s.list.click(msg) {
			s.hunk = 0
			s.refreshDiff()
		}
	case tea.KeyPressMsg:
		return s.onKey(msg)
	}
	return nil
}

func (s *review) onKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.keys
	if key.Matches(msg, k.Back) {
		if s.focusH {
			s.focusH = false
			return nil
		}
		return s.c.back()
	}
	if s.nothingToDo() {
		return nil
	}
	ch := s.change()
	switch {
	case key.Matches(msg, k.Focus):
		if ch != nil && len(ch.Hunks) > 0 {
			s.focusH = !s.focusH
		}
		return nil
	case key.Matches(msg, k.AcceptAll):
		for _, c := range s.plan.Changes {
			c.SetAccepted(true)
		}
		s.refreshDiff()
		return status("every change accepted")
	case key.Matches(msg, k.RejectAll):
		for _, c := range s.plan.Changes {
			c.SetAccepted(false)
		}
		s.refreshDiff()
		return status("every change rejected")
	case key.Matches(msg, k.Force):
		if s.plan.Refused == nil {
			return notice("nothing to force: the plan passes the guard")
		}
		s.force = true
		return s.compute()
	case key.Matches(msg, k.ApplyPlan):
		return s.apply()
	}
	if s.focusH && ch != nil {
		switch {
		case key.Matches(msg, k.NextHunk, k.Down):
			s.hunk = min(s.hunk+1, len(ch.Hunks)-1)
		case key.Matches(msg, k.PrevHunk, k.Up):
			s.hunk = max(s.hunk-1, 0)
		case key.Matches(msg, k.ToggleHunk):
			h := ch.Hunks[s.hunk]
			h.Accepted = !h.Accepted
			ch.Accepted = ch.Accepted || h.Accepted
		case key.Matches(msg, k.PageDown):
			s.diff.PageDown()
			return nil
		case key.Matches(msg, k.PageUp):
			s.diff.PageUp()
			return nil
		default:
			return nil
		}
		s.refreshDiff()
		return nil
	}
	if used, moved, cmd := s.list.update(msg); used {
		if moved {
			s.hunk = 0
			s.refreshDiff()
		}
		return cmd
	}
	switch {
	case ch == nil:
	case key.Matches(msg, k.ToggleHunk):
		ch.SetAccepted(!ch.Selected())
		s.refreshDiff()
	case key.Matches(msg, k.NextHunk):
		if len(ch.Hunks) > 0 {
			s.focusH = true
			s.hunk = min(s.hunk+1, len(ch.Hunks)-1)
			s.refreshDiff()
		}
	case key.Matches(msg, k.Open):
		if len(ch.Hunks) > 0 {
			s.focusH = true
		}
	}
	return nil
}

func (s *review) apply() tea.Cmd {
	if s.plan.Refused != nil {
		return notice("refused by the guard: press %s to force it, or reject the hunks that drop facts", keyOr(s.c.keys.Force))
	}
	n := 0
	for _, c := range s.plan.Changes {
		if c.Selected() {
			n++
		}
	}
	if n == 0 {
		return notice("nothing accepted: nothing to apply")
	}
	s.busy = s.c.tr("Applying and committing…")
	p, plan, now := s.p, s.plan, s.c.now()
	return tea.Batch(s.spin.Tick, func() tea.Msg {
		res, err := promote.Apply(p, plan, now)
		return appliedMsg{to: s, res: res, err: err}
	})
}

// refreshDiff redraws the diff pane for the selected change and scrolls to the current hunk.
func (s *review) refreshDiff() {
	ch := s.change()
	if ch == nil {
		s.diff.SetContent("")
		return
	}
	text, offsets := renderChange(s.c, ch, s.hunk, s.focusH, s.diff.Width()-1)
	s.offsets = offsets
	s.diff.SetContent(indent(text, " "))
	if s.hunk < len(offsets) {
		s.diff.SetYOffset(max(offsets[s.hunk]-1, 0))
	} else {
		s.diff.GotoTop()
	}
}

// renderChange draws a change: its note, then each hunk with its state, the current one
// marked. It returns the text and the first line of each hunk.
func renderChange(c *common, ch *promote.Change, cur int, focused bool, width int) (string, []int) {
	st := c.styles
	var lines []string
	if ch.Note != "" {
		lines = append(append(lines, styled(st.Subtle, strings.Split(ansi.Wrap(c.promoteText(ch.Note), width, ""), "\n"))...), "")
	}
	if ch.Kind == promote.Move {
		lines = append(append(lines, styled(st.FileHead, strings.Split(ansi.Wrap(ch.From+" → "+ch.Path, width, "/"), "\n"))...), "",
			st.Subtle.Render(c.tr("A move: the file is kept, byte for byte, under logs/archives/.")))
		if !ch.Accepted {
			lines = append(lines, "", st.Warn.Render(c.tr("Rejected: the log stays where it is.")))
		}
		return strings.Join(lines, "\n"), nil
	}
	offsets := make([]int, len(ch.Hunks))
	for i, h := range ch.Hunks {
		offsets[i] = len(lines)
		mark, state := "  ", st.OK.Render("✓ "+c.tr("accepted"))
		if !h.Accepted || !ch.Accepted {
			state = st.Err.Render("✗ " + c.tr("rejected"))
		}
		if len(h.Unproven) > 0 {
			state += st.Warn.Render(" · unproven (no evidence): tick it to promote it")
		}
		if i == cur {
			mark = st.SelMarker.Render("› ")
			if !focused {
				mark = st.Accent.Render("› ")
			}
		}
		head := mark + c.trf("hunk %d/%d", i+1, len(ch.Hunks)) + " " + state + "  " + st.HunkHead.Render(h.Header)
		lines = append(lines, trunc(head, width))
		for _, l := range h.Lines {
			k := difflines.KindOf(l, false)
			dl := diffLine(st, l, k, width-2)
			if !h.Accepted || !ch.Accepted {
				dl = styled(st.Rejected, wrapDiffLine(l, k, width-2))
			}
			for _, piece := range dl {
				lines = append(lines, "  "+piece)
			}
			if why := ch.Why[strings.TrimPrefix(l, "-")]; why != "" && k == difflines.Deleted {
				for w := range strings.SplitSeq(ansi.Wrap("→ "+c.promoteText(why), width-5, ""), "\n") {
					lines = append(lines, "     "+st.Subtle.Render(w))
				}
			}
		}
		lines = append(lines, "")
	}
	return strings.Join(lines, "\n"), offsets
}

func (s *review) listWidth() int { return columns{2, 5, 44, 56}.list(s.w) }

func (s *review) SetSize(w, h int) tea.Cmd {
	s.w, s.h = w, h
	s.list.setHeight(h - 5)
	pw, ph := paneBody(paneWidth(w, s.listWidth()), h-3)
	s.diff.SetWidth(pw)
	s.diff.SetHeight(ph)
	s.refreshDiff()
	return nil
}

func (s *review) View() string {
	st := s.c.styles
	switch {
	case s.busy != "":
		return "\n  " + s.spin.View() + " " + st.Subtle.Render(s.busy)
	case s.plan == nil && s.err != nil:
		return "\n  " + st.Err.Render(s.c.tr("Cannot compute the plan: ")) + firstLine(s.err.Error()) + "\n\n  " + st.Subtle.Render(s.c.tr("esc to go back"))
	case s.plan == nil:
		return ""
	case s.plan.Empty() && s.imp != nil:
		return "\n  " + st.OK.Render("Nothing to import.") + "\n\n  " + st.Subtle.Render("Memory already has everything the other tools remember, or they remember nothing here.")
	case s.plan.Empty():
		return "\n  " + st.OK.Render(s.c.tr("Nothing to promote.")) + "\n\n  " + st.Subtle.Render(s.c.trf(
			"No log is older than %d days, and long memory is within its %d lines.", s.plan.Options.Days, s.plan.Options.MaxLines))
	}
	head := s.headView()
	lw := s.listWidth()
	var b strings.Builder
	b.WriteString(st.Faint.Render(trunc("  "+s.c.trf("%s · %d accepted", s.c.count(len(s.plan.Changes), "change"), s.accepted()), lw)) + "\n")
	rows, cur := s.list.visible()
	for j, i := range rows {
		b.WriteString(s.list.row(s.rowText(s.plan.Changes[i], lw-2), lw, j == cur) + "\n")
	}
	left := fit(b.String(), lw, s.h-3)
	title := "Diff"
	if ch := s.change(); ch != nil {
		title = s.c.tr(ch.Kind.String()) + " · " + ch.Path
	}
	info := ""
	if ch := s.change(); ch != nil && len(ch.Hunks) > 0 {
		info = s.c.trf("hunk %d/%d", s.hunk+1, len(ch.Hunks))
	}
	if lw == s.w { // too narrow for both: the diff takes the list's place while its hunks are reviewed
		if s.focusH {
			return head + "\n" + s.c.framed(title, info, fit(s.diff.View(), s.diff.Width(), s.diff.Height()), s.w, s.h-3, true)
		}
		return head + "\n" + left
	}
	right := s.c.framed(title, info, fit(s.diff.View(), s.diff.Width(), s.diff.Height()), s.w-lw, s.h-3, s.focusH)
	return head + "\n" + lipgloss.JoinHorizontal(lipgloss.Top, left, right)
}

// headView is the plan's summary and the guard's refusal, three lines.
func (s *review) headView() string {
	st := s.c.styles
	sum := "  " + st.Title.Render(s.c.trf("%s %s", s.c.tr(s.words().title), s.p.Name)) + st.Subtle.Render(" · "+s.c.planSummary(s.plan))
	second := ""
	var ge *promote.GuardError
	switch {
	case s.plan.Refused != nil && errors.As(s.plan.Refused, &ge):
		second = "  " + st.Err.Render(s.c.trf("Refused: this plan drops %d of the %d long-term facts.", len(ge.Lost), ge.Total)) +
			st.Subtle.Render(s.c.tr(" Reject the hunks that drop them, or press ")) + st.Key.Render(keyOr(s.c.keys.Force)) + st.Subtle.Render(s.c.tr(" to force it."))
	case s.plan.Refused != nil:
		second = "  " + st.Err.Render(s.c.tr("Refused: ")) + firstLine(s.plan.Refused.Error())
	case s.force:
		second = "  " + st.Warn.Render(s.c.tr("Forced past the guard: review what long memory loses."))
	case len(s.plan.Notes) > 0:
		second = "  " + st.Subtle.Render(s.c.tr("Note: ")+s.c.promoteText(s.plan.Notes[0]))
	default:
		second = "  " + st.Subtle.Render(s.c.tr("Nothing is written until you apply. ")) + st.Key.Render(keyOr(s.c.keys.ApplyPlan)) + st.Subtle.Render(s.c.tr(" applies the accepted changes in one commit."))
	}
	return trunc(sum, s.w) + "\n" + trunc(second, s.w) + "\n"
}

func (s *review) accepted() int {
	n := 0
	for _, c := range s.plan.Changes {
		if c.Selected() {
			n++
		}
	}
	return n
}

func (s *review) rowText(ch *promote.Change, width int) string {
	st := s.c.styles
	box := st.Checked.Render("[✓]")
	on := 0
	for _, h := range ch.Hunks {
		if h.Accepted {
			on++
		}
	}
	switch {
	case !ch.Selected():
		box = st.Faint.Render("[ ]")
	case len(ch.Hunks) > 0 && on < len(ch.Hunks):
		box = st.Warn.Render("[~]")
	}
	kind := padRight(s.c.tr(ch.Kind.String()), s.c.kindWidth())
	name := ch.Path
	if ch.Kind == promote.Move {
		name = strings.TrimPrefix(ch.From, s.p.RelDir+"/") + " → archives/"
	} else {
		name = strings.TrimPrefix(name, s.p.RelDir+"/")
	}
	extra := ""
	if len(ch.Hunks) > 0 {
		extra = st.Subtle.Render(fmt.Sprintf(" %d/%d", on, len(ch.Hunks)))
	}
	return box + " " + st.Subtle.Render(kind) + " " + trunc(name, width-16) + extra
}

func (s *review) Title() string { return s.words().noun }

// nothingToDo reports whether there is no plan to act on (computing, failed, or nothing to promote):
// its keys would do nothing, so help does not offer them.
func (s *review) nothingToDo() bool { return s.busy != "" || s.plan == nil || s.plan.Empty() }

func (s *review) ShortHelp() []key.Binding {
	k := s.c.keys
	if s.nothingToDo() {
		return []key.Binding{k.Back}
	}
	if s.focusH {
		return []key.Binding{k.NextHunk, k.PrevHunk, k.ToggleHunk, k.AcceptAll, k.ApplyPlan, k.Focus, k.Back}
	}
	b := []key.Binding{k.Up, k.Down, key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "accept/reject file")), k.Focus, k.AcceptAll, k.ApplyPlan}
	if s.plan != nil && s.plan.Refused != nil {
		b = append(b, k.Force)
	}
	return append(b, k.Back)
}

func (s *review) FullHelp() [][]key.Binding {
	k := s.c.keys
	if s.nothingToDo() {
		return nil
	}
	return [][]key.Binding{k.navKeys(), {k.Focus, k.NextHunk, k.PrevHunk, k.ToggleHunk}, {k.AcceptAll, k.RejectAll, k.ApplyPlan, k.Force}}
}

func (s *review) Capturing() bool { return s.list.editing }
