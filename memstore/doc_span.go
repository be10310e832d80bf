package memstore

import "slices"

// Long memory is cut in dated sections that promotion removes, folds and fills whole: for
// that, a section spans every line up to the next "## " heading, a "# " heading a person put
// inside it included, and its lines are blocks (a bullet with its indented lines, or one
// other line).

// Spans lists the "## " sections in file order, each ending where the next one starts (or
// at the end of the document).
func (d *Doc) Spans() []Section {
	secs := d.Sections()
	for i := range secs {
		secs[i].End = len(d.lines)
		if i+1 < len(secs) {
			secs[i].End = secs[i+1].Start
		}
	}
	return secs
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
	spans := d.Spans()
	i := slices.IndexFunc(spans, func(s Section) bool { return s.Start == start })
	if i < 0 {
		return
	}
	s := spans[i]
	if i == len(spans)-1 && i > 0 {
		d.remove(d.BodyEnd(spans[i-1]), d.BodyEnd(s))
		return
	}
	d.remove(s.Start, s.End)
}

// AddDatedBullet adds "- text" at the end of the section headed date (YYYY-MM-DD), creating
// that section before the first one dated later, so that sections stay oldest first. dateOf
// says the date a section stands for (its heading when it is a date; "" places it nowhere).
func (d *Doc) AddDatedBullet(date, text string, dateOf func(s Section) string) {
	spans := d.Spans()
	for _, s := range spans {
		if s.Heading == date {
			d.insert(d.BodyEnd(s), "- "+text)
			return
		}
	}
	at, later := len(d.lines), false
	for _, s := range spans {
		if k := dateOf(s); k > date {
			at, later = s.Start, true
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
