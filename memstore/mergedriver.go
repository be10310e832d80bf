package memstore

import (
	"bytes"
	"strings"
)

// MergeDocs is the three-way merge of a memory file (a daily log or long_memory.md) that the
// git merge driver runs (SPEC §6): two machines that appended to the same file merge by
// section, without conflict markers. It starts from ours and replays what theirs did since
// base: bullets theirs added are appended to the same section of ours (unless ours already
// has a similar one), bullets theirs removed are removed from ours when ours kept them
// unchanged (so an item ticked on one side is ticked in the merge), sections ours lacks are
// created in their place. Free text (lines outside bullets) changed by theirs is taken only
// when ours left that part as it was in base; when both changed it differently, or a file
// cannot be read as sections, it returns ours unchanged and clean=false, so that git reports
// a conflict.
func MergeDocs(base, ours, theirs []byte) (merged []byte, clean bool) {
	switch {
	case bytes.Equal(ours, theirs), bytes.Equal(base, theirs):
		return ours, true
	case bytes.Equal(base, ours):
		return theirs, true
	}
	b, o, t := ParseDoc(base), ParseDoc(ours), ParseDoc(theirs)
	bIDs, ok1 := sectionMap(b)
	oIDs, ok2 := sectionMap(o)
	tIDs, ok3 := sectionMap(t)
	if !ok1 || !ok2 || !ok3 {
		return ours, false // a heading twice: no way to tell which one a change belongs to
	}

	// Free text outside any section (the title, notes above the first heading).
	bo, oo, to := outsideText(b), outsideText(o), outsideText(t)
	if !equalLines(to, bo) && !equalLines(oo, to) {
		if !equalLines(oo, bo) || !preambleOnly(b) || !preambleOnly(o) || !preambleOnly(t) {
			return ours, false
		}
		o.replaceLines(0, firstSectionStart(o), t.linesText(0, firstSectionStart(t)))
	}

	// Sections whose free text theirs changed: taken whole when ours left them as in base.
	replaced := map[string]bool{}
	for _, id := range unionIDs(b, t) {
		bsig, tsig := sectionSig(b, bIDs, id), sectionSig(t, tIDs, id)
		if equalLines(bsig.free, tsig.free) {
			continue
		}
		osig := sectionSig(o, oIDs, id)
		if equalLines(osig.free, tsig.free) {
			continue // both made the same change: merge the bullets
		}
		if !equalLines(osig.free, bsig.free) || !equalLines(osig.blocks, bsig.blocks) {
			return ours, false
		}
		replaced[id] = true
		s, inOurs := findSection(o, id)
		tsec, inTheirs := findSection(t, id)
		switch {
		case inOurs && inTheirs:
			o.replaceLines(s.Start, s.End, t.linesText(tsec.Start, tsec.End))
		case inOurs:
			o.remove(s.Start, s.End)
		case inTheirs:
			o.placeSection(tsec.Key, tsec.Heading, trimBlankTail(t.linesText(tsec.Start+1, tsec.End)))
		}
	}

	// Bullets theirs removed (or moved, or ticked) and ours kept unchanged.
	for _, s := range b.Sections() {
		id := sectionID(s)
		if replaced[id] {
			continue
		}
		kept := map[string]bool{}
		if tsec, ok := findSection(t, id); ok {
			for _, tb := range t.Bullets(tsec) {
				kept[t.blockKey(tb)] = true
			}
		}
		for _, bb := range b.Bullets(s) {
			k := b.blockKey(bb)
			if kept[k] {
				continue
			}
			if osec, ok := findSection(o, id); ok {
				for _, ob := range o.Bullets(osec) {
					if o.blockKey(ob) == k {
						o.RemoveBullet(osec, ob)
						break
					}
				}
			}
		}
	}

	// Bullets theirs added, in theirs' order.
	lang := o.Language(t.Language("fr"))
	for _, ts := range t.Sections() {
		id := sectionID(ts)
		if replaced[id] {
			continue
		}
		had := map[string]bool{}
		if bsec, ok := findSection(b, id); ok {
			for _, bb := range b.Bullets(bsec) {
				had[b.blockKey(bb)] = true
			}
		}
		for _, tb := range t.Bullets(ts) {
			if had[t.blockKey(tb)] || o.hasSimilar(id, tb.Text) ||
				ts.Key == KeyASuivre && o.hasSimilar(KeyFinalise, tb.Text) {
				continue
			}
			body := t.BulletBody(tb)
			switch s, ok := findSection(o, id); {
			case ok:
				o.insertBullet(s, tb.Text, body...)
			case ts.Key != "":
				o.AppendBullet(ts.Key, Heading(ts.Key, lang), tb.Text, LogOrder, body...)
			default:
				o.placeSection("", ts.Heading, append([]string{"- " + tb.Text}, body...))
			}
		}
	}
	return o.Bytes(), true
}

// sectionID names a section across the three versions: its key when carnet knows the
// heading, else the heading itself (a date of long memory, a section written by hand).
func sectionID(s Section) string {
	if s.Key != "" {
		return "key:" + s.Key
	}
	return "h:" + s.Heading
}

// sectionMap indexes the sections by ID; false when an ID appears twice.
func sectionMap(d *Doc) (map[string]bool, bool) {
	m := map[string]bool{}
	for _, s := range d.Sections() {
		id := sectionID(s)
		if m[id] {
			return nil, false
		}
		m[id] = true
	}
	return m, true
}

func findSection(d *Doc, id string) (Section, bool) {
	for _, s := range d.Sections() {
		if sectionID(s) == id {
			return s, true
		}
	}
	return Section{}, false
}

// unionIDs lists the section IDs of a then those only in b.
func unionIDs(a, b *Doc) []string {
	var out []string
	seen := map[string]bool{}
	for _, d := range []*Doc{a, b} {
		for _, s := range d.Sections() {
			if id := sectionID(s); !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// sig is what a section holds: its free text (non-blank lines outside bullets, below
// the heading) and its bullets as blocks.
type sig struct{ free, blocks []string }

func sectionSig(d *Doc, ids map[string]bool, id string) sig {
	if !ids[id] {
		return sig{}
	}
	s, _ := findSection(d, id)
	var out sig
	in := make([]bool, s.End-s.Start)
	for _, bl := range d.Bullets(s) {
		out.blocks = append(out.blocks, d.blockKey(bl))
		for i := bl.Line; i < bl.End; i++ {
			in[i-s.Start] = true
		}
	}
	for i := s.Start + 1; i < s.End; i++ {
		if !in[i-s.Start] && !blank(d.lines[i].text) {
			out.free = append(out.free, strings.TrimRight(d.lines[i].text, " \t"))
		}
	}
	return out
}

// blockKey is a bullet with its indented lines, as compared between versions.
func (d *Doc) blockKey(b Bullet) string {
	parts := []string{b.Text}
	for _, l := range d.BulletBody(b) {
		parts = append(parts, strings.TrimRight(l, " \t"))
	}
	return strings.Join(parts, "\n")
}

// hasSimilar reports whether section id of d has a bullet similar to text.
func (d *Doc) hasSimilar(id, text string) bool {
	if !strings.Contains(id, ":") {
		id = "key:" + id
	}
	s, ok := findSection(d, id)
	if !ok {
		return false
	}
	for _, b := range d.Bullets(s) {
		if Similar(b.Text, text) {
			return true
		}
	}
	return false
}

// outsideText lists the non-blank lines that belong to no section.
func outsideText(d *Doc) []string {
	in := make([]bool, len(d.lines))
	for _, s := range d.Sections() {
		for i := s.Start; i < s.End; i++ {
			in[i] = true
		}
	}
	var out []string
	for i, l := range d.lines {
		if !in[i] && !blank(l.text) {
			out = append(out, strings.TrimRight(l.text, " \t"))
		}
	}
	return out
}

func firstSectionStart(d *Doc) int {
	if ss := d.Sections(); len(ss) > 0 {
		return ss[0].Start
	}
	return len(d.lines)
}

// preambleOnly reports whether every line outside a section comes before the first one.
func preambleOnly(d *Doc) bool {
	ss := d.Sections()
	for i := 1; i < len(ss); i++ {
		if ss[i].Start != ss[i-1].End {
			return false
		}
	}
	return len(ss) == 0 || ss[len(ss)-1].End == len(d.lines)
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (d *Doc) linesText(from, to int) []string {
	out := make([]string, 0, to-from)
	for _, l := range d.lines[from:to] {
		out = append(out, l.text)
	}
	return out
}

func trimBlankTail(ls []string) []string {
	for len(ls) > 0 && blank(ls[len(ls)-1]) {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// replaceLines puts texts in place of lines [from, to), with the document's line ending; a
// file without a final newline stays without one.
func (d *Doc) replaceLines(from, to int, texts []string) {
	noFinal := to == len(d.lines) && to > 0 && d.lines[to-1].eol == ""
	nl := make([]line, len(texts))
	for i, t := range texts {
		nl[i] = line{text: t, eol: d.eol}
	}
	if noFinal && len(nl) > 0 {
		nl[len(nl)-1].eol = ""
	}
	if from > 0 && from == len(d.lines) && d.lines[from-1].eol == "" {
		d.lines[from-1].eol = d.eol
	}
	d.lines = append(d.lines[:from], append(nl, d.lines[to:]...)...)
}

// placeSection adds a section ours lacks: a log section at its place in LogOrder, a dated
// section of long memory before the first later date, any other at the end.
func (d *Doc) placeSection(key, heading string, body []string) {
	if key != "" {
		d.AddSection(key, heading, LogOrder, body...)
		return
	}
	if IsDate(heading) {
		for _, s := range d.Sections() {
			if s.Key == "" && IsDate(s.Heading) && s.Heading > heading {
				d.insert(s.Start, append(append([]string{"## " + heading}, body...), "")...)
				return
			}
		}
	}
	d.AddSection("", heading, nil, body...)
}
