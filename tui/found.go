package tui

import (
	"fmt"
	"path"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"carnet/memstore"
)

// found is a search's hits as the pager walks them: n and N go to the next and previous one,
// the file of each opened and its line marked.
type found struct {
	query string
	hits  []memstore.Hit
	at    int
}

// openHit shows hit at of f in a pager, its line marked.
func openHit(c *common, f *found) (*pager, error) {
	h := f.hits[f.at]
	p, err := c.ws.Project(h.Project)
	if err != nil {
		return nil, err
	}
	pg := newPager(c, p, h.Path, hitTitle(h))
	pg.line, pg.found = h.Line, f
	return pg, nil
}

func hitTitle(h memstore.Hit) string { return h.Project + " · " + path.Base(h.Path) }

// goHit moves to hit i (wrapping around): the same file scrolls to it, another one opens.
func (s *pager) goHit(i int) tea.Cmd {
	f := s.found
	f.at = (i + len(f.hits)) % len(f.hits)
	h := f.hits[f.at]
	say := notice("hit %d of %d · %s:%d", f.at+1, len(f.hits), h.Path, h.Line)
	s.line = h.Line
	if h.Path == s.path {
		s.markHit()
		return say
	}
	p, err := s.c.ws.Project(h.Project)
	if err != nil {
		return statusErr(err)
	}
	s.p, s.path, s.title, s.pv.path = p, h.Path, hitTitle(h), h.Path
	return tea.Batch(say, s.pv.reload())
}

// markHit marks the rendered line that holds the hit (the one nearest where the source line
// falls that has the most of the query's words) and scrolls it into view.
func (s *pager) markHit() {
	lines := strings.Split(s.pv.out, "\n")
	total := memstore.CountLines(s.pv.raw)
	if total == 0 || len(lines) == 0 {
		return
	}
	near := len(lines) * (s.line - 1) / total
	best, bestScore := -1, 0
	words := strings.Fields(memstore.Normalize(s.found.query))
	for i, l := range lines {
		t := memstore.Normalize(ansi.Strip(l))
		n := 0
		for _, w := range words {
			if strings.Contains(t, w) {
				n++
			}
		}
		if score := n*100000 - abs(i-near); n > 0 && (best < 0 || score > bestScore) {
			best, bestScore = i, score
		}
	}
	if best < 0 {
		s.pv.vp.SetContent(s.pv.out)
		s.scrollToLine()
		return
	}
	st := s.c.styles
	text := ansi.Strip(lines[best])
	lines[best] = st.SelMarker.Render("▶") + st.selectedSeq() + padRight(ansi.Cut(text, 1, s.pv.width), s.pv.width-1) + "\x1b[m"
	s.pv.vp.SetContent(strings.Join(lines, "\n"))
	s.pv.vp.SetYOffset(max(best-s.pv.vp.Height()/3, 0))
	s.pv.ver++
}

func abs(n int) int { return max(n, -n) }

// archivedLabel is how a hit in an archived log is marked, in the UI's language.
func (c *common) archivedLabel() string { return c.tr("archived") }

// hitPlace is where a hit is: project, file and line, and "archivé" for an archived log.
func (s *search) hitPlace(h memstore.Hit) string {
	st := s.c.styles
	where := st.Accent.Render(h.Project) + st.Faint.Render(" "+path.Base(h.Path)+":"+fmt.Sprint(h.Line))
	if strings.Contains(h.Path, "/archives/") {
		where += " " + st.Warn.Render(s.c.archivedLabel())
	}
	return where
}
