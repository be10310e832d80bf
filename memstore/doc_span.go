package memstore

import (
	"iter"
	"slices"
)

// Long memory is cut in dated sections that promotion removes, folds and fills whole: for
// that, a section spans every line up to the next "## " heading, a "# " heading a person put
// inside it included, and its lines are blocks (a bullet with its indented lines, or one
// other line).

// Spans lists the "## " sections in file order, each ending where the next one starts (or
// at the end of the document).
func (d *Doc) Spans() []Section {
	secs := d.Sections()
	for i := range secs {
		secs[i].End = d.spanEnd(i)
	}
	return secs
}

// AllSpans yields the spans Spans lists, with their index, without copying them: the
// document must not be edited before the loop is over.
func (d *Doc) AllSpans() iter.Seq2[int, Section] {
	return func(yield func(int, Section) bool) {
		for i := range d.sections() {
			if !yield(i, d.span(i)) {
				return
			}
		}
	}
}

// SpanAt returns span i, as Spans()[i] would.
func (d *Doc) SpanAt(i int) Section {
	d.sections()
	return d.span(i)
}

// spanEnd is where the span of cached section i ends.
func (d *Doc) spanEnd(i int) int {
	if i+1 < len(d.secs) {
		return d.secs[i+1].Start
	}
	return len(d.lines)
}

// span is the span of cached section i.
func (d *Doc) span(i int) Section {
	s := d.secs[i].Section
	s.End = d.spanEnd(i)
	return s
}

// Block is a bullet of a section (its first line and indented lines) or one other line of it:
// lines [Line, End).
type Block struct {
	Line, End int
	Bullet    bool
	Text      string // a bullet's text
	Blank     bool   // an empty line
}

// Simple reports a one-line bullet.
func (b Block) Simple() bool { return b.Bullet && b.End-b.Line == 1 }

// Blocks cuts the lines of s after its heading into blocks.
func (d *Doc) Blocks(s Section) []Block {
	bs := d.Bullets(s)
	var out []Block
	j := 0
	for n := s.Start + 1; n < s.End && n < len(d.lines); {
		if j < len(bs) && bs[j].Line == n {
			out = append(out, Block{Line: n, End: bs[j].End, Bullet: true, Text: bs[j].Text})
			n = bs[j].End
			j++
			continue
		}
		out = append(out, Block{Line: n, End: n + 1, Blank: blank(d.lines[n].text)})
		n++
	}
	return out
}

// BodyEnd is the line where the trailing blank lines of s start (the line after its heading
// when it holds nothing else).
func (d *Doc) BodyEnd(s Section) int {
	// From the end: the last line holding text ends the body, unless the line after it is
	// indented, which may belong to a bullet's code block: then the blocks tell.
	end := min(s.End, len(d.lines))
	last := -1
	for i := end - 1; i > s.Start; i-- {
		if !blank(d.lines[i].text) {
			last = i
			break
		}
	}
	if last < 0 {
		return s.Start + 1 // blank lines can only be blank blocks
	}
	if last+1 >= end || !indented(d.lines[last+1].text) {
		return last + 1 // a block holding the line ends with it; blank blocks follow
	}
	return d.bodyEndOfBlocks(s)
}

// bodyEndOfBlocks is BodyEnd, read from the blocks of s.
func (d *Doc) bodyEndOfBlocks(s Section) int {
	bl := d.Blocks(s)
	n := len(bl)
	for n > 0 && bl[n-1].Blank {
		n--
	}
	if n == 0 {
		return s.Start + 1
	}
	return bl[n-1].End
}

// RemoveBlocks deletes the blocks drop selects (bottom up, so that the lines above keep their
// numbers).
func (d *Doc) RemoveBlocks(blocks []Block, drop func(b Block) bool) {
	for _, b := range slices.Backward(blocks) {
		if drop(b) {
			d.remove(b.Line, b.End)
		}
	}
}

// RemoveSection deletes the span of the section that starts at line start. When it is the
// last one after another, the file ends the way it did: its trailing blank lines stay, those
// before its heading go.
func (d *Doc) RemoveSection(start int) {
	secs := d.sections()
	i, ok := slices.BinarySearchFunc(secs, start, func(s cachedSection, start int) int { return s.Start - start })
	if !ok {
		return
	}
	s := d.span(i)
	if i == len(secs)-1 && i > 0 {
		d.remove(d.BodyEnd(d.span(i-1)), d.BodyEnd(s))
		return
	}
	d.remove(s.Start, s.End)
}

// AddDatedBullet adds "- text" at the end of the section headed date (YYYY-MM-DD), creating
// that section before the first one dated later, so that sections stay oldest first. dateOf
// says the date a section stands for (its heading when it is a date; "" places it nowhere).
func (d *Doc) AddDatedBullet(date, text string, dateOf func(s Section) string) {
	secs := d.sections()
	for i, s := range secs {
		if s.Heading == date {
			d.insert(d.BodyEnd(d.span(i)), "- "+text)
			return
		}
	}
	at, later := len(d.lines), false
	for i := range secs {
		if k := dateOf(d.span(i)); k > date {
			at, later = secs[i].Start, true
			break
		}
	}
	block := []string{"## " + date, "- " + text}
	if later {
		block = append(block, "")
	}
	if at > 0 && !blank(d.lines[at-1].text) { // whatever comes before the new section ends with a blank line
		block = append([]string{""}, block...)
	}
	d.insert(at, block...)
}
