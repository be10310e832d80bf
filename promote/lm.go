package promote

import (
	"regexp"
	"slices"
	"strings"

	"carnet/memstore"
)

// lmDoc is long_memory.md cut into sections and blocks, so that condensation can drop a
// bullet, rewrite one, or fold a section into another while every other line keeps its bytes.
type lmDoc struct {
	head []string // raw lines (with their endings) before the first "## " section
	secs []*lmSec
	eol  string
	// final is the last line's ending as read: "" when the file had no final newline.
	final string
	// secrets counts the bullets a condenser proposed that the secret guard would refuse.
	secrets int
}

// lmSec is a "## " section: its heading and the blocks up to the next "## " heading.
type lmSec struct {
	heading string // raw heading line
	title   string // heading text, trimmed
	date    string // YYYY-MM-DD for a dated section
	// a condensed section covers first → last
	condensed   bool
	first, last string
	blocks      []*lmBlock
}

// lmBlock is a bullet (its first line and indented lines) or one other line.
type lmBlock struct {
	lines  []string // raw lines
	bullet bool
	text   string // a bullet's text
}

// simple reports whether the block is a one-line bullet, the only kind condensation rewrites.
func (b *lmBlock) simple() bool { return b.bullet && len(b.lines) == 1 }

// blank reports whether the block is an empty line.
func (b *lmBlock) blank() bool { return !b.bullet && strings.TrimSpace(b.lines[0]) == "" }

// condensedHeading recognises the heading promotion writes for folded sections.
var condensedHeading = regexp.MustCompile(`^(?i:condens\S*)\s.*?(\d{4}-\d{2}-\d{2})\s*(?:→|->|-|…|\.\.)\s*(\d{4}-\d{2}-\d{2})\s*$`)

// splitRaw cuts data into lines, each keeping its line ending.
func splitRaw(data string) []string { return slices.Collect(strings.Lines(data)) }

// parseLM reads long memory into sections and blocks.
func parseLM(data []byte) *lmDoc {
	raw := splitRaw(string(data))
	d := memstore.ParseDoc(data)
	l := &lmDoc{eol: "\n", final: "\n"}
	if len(raw) > 0 {
		if strings.HasSuffix(raw[0], "\r\n") {
			l.eol = "\r\n"
		}
		last := raw[len(raw)-1]
		switch {
		case strings.HasSuffix(last, "\r\n"):
			l.final = "\r\n"
		case strings.HasSuffix(last, "\n"):
			l.final = "\n"
		default:
			l.final = ""
		}
	}
	secs := d.Sections()
	end := len(raw)
	if len(secs) > 0 {
		end = secs[0].Start
	}
	l.head = append(l.head, raw[:end]...)
	for i, s := range secs {
		stop := len(raw)
		if i+1 < len(secs) {
			stop = secs[i+1].Start
		}
		sec := &lmSec{heading: raw[s.Start], title: s.Heading}
		if memstore.IsDate(s.Heading) {
			sec.date = s.Heading
		} else if m := condensedHeading.FindStringSubmatch(s.Heading); m != nil {
			sec.condensed, sec.first, sec.last = true, m[1], m[2]
		}
		// bullets as memstore sees them; the lines past the section's own end (after a "# "
		// heading) are kept as plain lines of it
		span := s
		span.End = stop
		bs := d.Bullets(span)
		j := 0
		for n := s.Start + 1; n < stop; {
			if j < len(bs) && bs[j].Line == n {
				sec.blocks = append(sec.blocks, &lmBlock{lines: raw[n:bs[j].End], bullet: true, text: bs[j].Text})
				n = bs[j].End
				j++
				continue
			}
			sec.blocks = append(sec.blocks, &lmBlock{lines: raw[n : n+1]})
			n++
		}
		l.secs = append(l.secs, sec)
	}
	return l
}

// bytes renders the document; unchanged lines keep their bytes.
func (l *lmDoc) bytes() []byte {
	var b strings.Builder
	var lines []string
	lines = append(lines, l.head...)
	for _, s := range l.secs {
		lines = append(lines, s.heading)
		for _, bl := range s.blocks {
			lines = append(lines, bl.lines...)
		}
	}
	for i, ln := range lines {
		if i == len(lines)-1 {
			// the last line ends as the file did (no final newline stays without one)
			ln = strings.TrimSuffix(strings.TrimSuffix(ln, "\n"), "\r") + l.final
		} else if !strings.HasSuffix(ln, "\n") {
			ln += l.eol // a line that was last and no longer is
		}
		b.WriteString(ln)
	}
	return []byte(b.String())
}

// lineCount is the number of lines of the rendered document.
func (l *lmDoc) lineCount() int {
	n := len(l.head)
	for _, s := range l.secs {
		n++
		for _, bl := range s.blocks {
			n += len(bl.lines)
		}
	}
	return n
}

// bullets lists every bullet block in file order.
func (l *lmDoc) bullets() []*lmBlock {
	var out []*lmBlock
	for _, s := range l.secs {
		for _, b := range s.blocks {
			if b.bullet {
				out = append(out, b)
			}
		}
	}
	return out
}

// setText rewrites a one-line bullet's text, keeping its marker and line ending.
func (b *lmBlock) setText(text string) {
	ln := b.lines[0]
	eol := ln[len(strings.TrimRight(ln, "\r\n")):]
	b.lines = []string{ln[:2] + text + eol}
	b.text = text
}

// content returns the section's blocks without its trailing blank lines, and those.
func (s *lmSec) content() (body, tail []*lmBlock) {
	n := len(s.blocks)
	for n > 0 && s.blocks[n-1].blank() {
		n--
	}
	return s.blocks[:n], s.blocks[n:]
}

// hasContent reports whether the section holds anything but blank lines.
func (s *lmSec) hasContent() bool {
	body, _ := s.content()
	return len(body) > 0
}

// removeSection drops section i. When it was the last one, the new last section ends the
// file the way the removed one did (no stray blank line left at the end).
func (l *lmDoc) removeSection(i int) {
	if i == len(l.secs)-1 && i > 0 {
		_, tail := l.secs[i].content()
		prev := l.secs[i-1]
		body, _ := prev.content()
		prev.blocks = append(append([]*lmBlock{}, body...), tail...)
	}
	l.secs = append(l.secs[:i], l.secs[i+1:]...)
}

// line builds a new raw line with the document's line ending.
func (l *lmDoc) line(text string) string { return text + l.eol }

// addFact adds a one-line bullet to the section dated date, creating that section (before the
// first section dated later, so that sections stay oldest first) when there is none.
func (l *lmDoc) addFact(date, text string) {
	b := &lmBlock{lines: []string{l.line("- " + text)}, bullet: true, text: text}
	for _, s := range l.secs {
		if s.date == date {
			body, tail := s.content()
			s.blocks = append(append(append([]*lmBlock{}, body...), b), tail...)
			return
		}
	}
	sec := &lmSec{heading: l.line("## " + date), title: date, date: date, blocks: []*lmBlock{b}}
	pos := len(l.secs)
	for i, s := range l.secs {
		k := s.date
		if s.condensed {
			k = s.first
		}
		if k > date {
			pos = i
			break
		}
	}
	if pos < len(l.secs) {
		sec.blocks = append(sec.blocks, l.blankBlock())
	}
	// whatever comes before the new section ends with a blank line
	if pos == 0 {
		if n := len(l.head); n > 0 && strings.TrimSpace(l.head[n-1]) != "" {
			l.head = append(l.head, l.eol)
		}
	} else if prev := l.secs[pos-1]; len(prev.blocks) == 0 || !prev.blocks[len(prev.blocks)-1].blank() {
		prev.blocks = append(prev.blocks, l.blankBlock())
	}
	l.secs = append(l.secs[:pos], append([]*lmSec{sec}, l.secs[pos:]...)...)
}

func (l *lmDoc) blankBlock() *lmBlock { return &lmBlock{lines: []string{l.eol}} }
