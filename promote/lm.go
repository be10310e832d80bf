package promote

import (
	"regexp"
	"slices"
	"strings"

	"carnet/memstore"
)

// Long memory is edited as a memstore.Doc, so that condensation can drop a bullet, rewrite
// one, or fold a section into another while every other line keeps its bytes. Promotion
// reads it in sections and blocks, from the document's lines, after each edit.

// lmSec is a "## " section of long memory as promotion reads it: its heading line and the
// lines up to the next "## " heading (a "# " heading inside stays with it).
type lmSec struct {
	start, end int    // the heading line, the line after the last
	date       string // YYYY-MM-DD for a dated section
	// a condensed section covers first → last
	condensed   bool
	first, last string
}

// lmBlock is a bullet (its first line and indented lines) or one other line: [line, end).
type lmBlock struct {
	line, end int
	bullet    bool
	text      string // a bullet's text
	blank     bool   // an empty line
}

// simple reports whether the block is a one-line bullet, the only kind condensation rewrites.
func (b lmBlock) simple() bool { return b.bullet && b.end-b.line == 1 }

// condensedHeading recognises the heading promotion writes for folded sections.
var condensedHeading = regexp.MustCompile(`^(?i:condens\S*)\s.*?(\d{4}-\d{2}-\d{2})\s*(?:→|->|-|…|\.\.)\s*(\d{4}-\d{2}-\d{2})\s*$`)

// lmSections lists the sections of d in file order.
func lmSections(d *memstore.Doc) []lmSec {
	secs := d.Sections()
	out := make([]lmSec, len(secs))
	for i, s := range secs {
		sec := lmSec{start: s.Start, end: d.Len()}
		if i+1 < len(secs) {
			sec.end = secs[i+1].Start
		}
		if memstore.IsDate(s.Heading) {
			sec.date = s.Heading
		} else if m := condensedHeading.FindStringSubmatch(s.Heading); m != nil {
			sec.condensed, sec.first, sec.last = true, m[1], m[2]
		}
		out[i] = sec
	}
	return out
}

// lmBlocks cuts a section's lines after its heading into blocks.
func lmBlocks(d *memstore.Doc, s lmSec) []lmBlock {
	lines := d.Lines()
	// bullets as memstore sees them, over the whole span (past a "# " heading too)
	bs := d.Bullets(memstore.Section{Start: s.start, End: s.end})
	var out []lmBlock
	j := 0
	for n := s.start + 1; n < s.end; {
		if j < len(bs) && bs[j].Line == n {
			out = append(out, lmBlock{line: n, end: bs[j].End, bullet: true, text: bs[j].Text})
			n = bs[j].End
			j++
			continue
		}
		out = append(out, lmBlock{line: n, end: n + 1, blank: strings.TrimSpace(lines[n]) == ""})
		n++
	}
	return out
}

// bodyEnd is the line where a section's trailing blank lines start (after its heading when
// it holds nothing else).
func bodyEnd(d *memstore.Doc, s lmSec) int {
	bl := lmBlocks(d, s)
	n := len(bl)
	for n > 0 && bl[n-1].blank {
		n--
	}
	if n == 0 {
		return s.start + 1
	}
	return bl[n-1].end
}

// removeSection drops section i of secs. When it was the last one, the new last section ends
// the file the way the removed one did (no stray blank line left at the end).
func removeSection(d *memstore.Doc, secs []lmSec, i int) {
	s := secs[i]
	if i == len(secs)-1 && i > 0 {
		// the removed section's trailing blank lines become the previous section's end, in
		// place of its own
		d.RemoveLines(bodyEnd(d, secs[i-1]), bodyEnd(d, s))
		return
	}
	d.RemoveLines(s.start, s.end)
}

// addFact adds a one-line bullet to the section dated date, creating that section (before the
// first section dated later, so that sections stay oldest first) when there is none.
func addFact(d *memstore.Doc, date, text string) {
	secs := lmSections(d)
	for _, s := range secs {
		if s.date == date {
			d.InsertLines(bodyEnd(d, s), "- "+text)
			return
		}
	}
	at, later := d.Len(), false
	for _, s := range secs {
		k := s.date
		if s.condensed {
			k = s.first
		}
		if k > date {
			at, later = s.start, true
			break
		}
	}
	block := []string{"## " + date, "- " + text}
	if later {
		block = append(block, "")
	}
	// whatever comes before the new section ends with a blank line
	if at > 0 && strings.TrimSpace(d.Lines()[at-1]) != "" {
		block = append([]string{""}, block...)
	}
	d.InsertLines(at, block...)
}

// render is the document's bytes; a file that had no final newline keeps none.
func render(d *memstore.Doc, noFinalNewline bool) []byte {
	if noFinalNewline {
		d.DropFinalNewline()
	}
	return d.Bytes()
}

// noFinalNewline reports whether data ends without a newline.
func noFinalNewline(data []byte) bool { return len(data) > 0 && data[len(data)-1] != '\n' }

// removeBlocks deletes the blocks drop selects (bottom up, so that the lines above keep
// their numbers).
func removeBlocks(d *memstore.Doc, blocks []lmBlock, drop func(b lmBlock) bool) {
	for _, b := range slices.Backward(blocks) {
		if drop(b) {
			d.RemoveLines(b.line, b.end)
		}
	}
}
