package memstore

import (
	"bytes"
	"slices"
)

// MergeDocs is the three-way merge of a memory file (a daily log or long_memory.md) that the
// git merge driver runs (SPEC §6): two machines that appended to the same file merge by
// section, and no line either side wrote is lost. Sections are matched by their heading
// (by key for the known ones) and each part — the title and notes above the first section,
// then each section's body — is merged line by line (see lineMerger): bullets both sides
// added are all kept, ours first, exact duplicates once; a bullet one side removed (or
// ticked, moving it to Finalisé) and the other kept is removed; sections only one side has
// are placed where they belong. What both sides changed differently — free text, the title,
// or the same bullet edited two ways — is written between conflict markers (mk), the rest
// merged around it, and conflicts names each part in conflict for git to report. A file
// that cannot be read by section (a heading twice, text between sections) is merged line by
// line as a whole.
func MergeDocs(base, ours, theirs []byte, mk MergeMarkers) (merged []byte, conflicts []string) {
	switch {
	case bytes.Equal(ours, theirs), bytes.Equal(base, theirs):
		return ours, nil
	case bytes.Equal(base, ours):
		return theirs, nil
	}
	lm := &lineMerger{mk: mk.withDefaults()}
	b, o, t := ParseDoc(base), ParseDoc(ours), ParseDoc(theirs)
	if !sectioned(b) || !sectioned(o) || !sectioned(t) {
		o.replaceLines(0, len(o.lines), lm.merge(b.Lines(), o.Lines(), t.Lines(), "the file"))
		return o.Bytes(), lm.conflicts
	}
	lang := o.Language(t.Language("fr"))

	// Ours' parts, merged from the last so that the line numbers above stay valid.
	type part struct {
		from, to int
		lines    []string
		gone     bool // a section theirs removed, left with nothing
	}
	var parts []part
	core := func(d *Doc, from, to int) []string { return trimBlankTail(d.linesText(from, to)) }
	pre := func(d *Doc) []string { return core(d, 0, firstSectionStart(d)) }
	oPre := pre(o)
	parts = append(parts, part{from: 0, to: len(oPre), lines: lm.merge(pre(b), oPre, pre(t), "the title and the text above the first section")})
	body := func(d *Doc, id string) []string {
		if s, ok := findSection(d, id); ok {
			return core(d, s.Start+1, s.End)
		}
		return nil
	}
	for _, s := range o.Sections() {
		id := sectionID(s)
		lm.done = nil
		if s.Key == KeyNext {
			lm.done = addedBullets(b, o, "key:"+KeyDone)
		}
		ob := core(o, s.Start+1, s.End)
		m := lm.merge(body(b, id), ob, body(t, id), "section \""+s.Heading+"\"")
		_, inBase := findSection(b, id)
		_, inTheirs := findSection(t, id)
		parts = append(parts, part{from: s.Start + 1, to: s.Start + 1 + len(ob), lines: m, gone: inBase && !inTheirs && allBlank(m)})
	}
	for i, p := range slices.Backward(parts) {

		switch {
		case p.gone:
			s := o.Sections()[i-1]
			start := s.Start
			if s.End == len(o.lines) && start > 0 && blank(o.lines[start-1].text) {
				start-- // the last section: its separating blank line goes with it
			}
			o.remove(start, s.End)
		case !equalLines(p.lines, o.linesText(p.from, p.to)):
			o.replaceLines(p.from, p.to, p.lines)
		}
	}

	// Sections only theirs has: what theirs wrote there since base.
	for _, ts := range t.Sections() {
		id := sectionID(ts)
		if _, ok := findSection(o, id); ok {
			continue
		}
		lm.done = nil
		if ts.Key == KeyNext {
			lm.done = addedBullets(b, o, "key:"+KeyDone)
		}
		m := trimBlankTail(lm.merge(body(b, id), nil, core(t, ts.Start+1, ts.End), "section \""+ts.Heading+"\""))
		if _, inBase := findSection(b, id); inBase && allBlank(m) {
			continue // ours removed it and theirs added nothing
		}
		if ts.Key != "" {
			o.AddSection(ts.Key, Heading(ts.Key, lang), LogOrder, m...)
		} else {
			o.placeSection("", ts.Heading, m)
		}
	}
	return o.Bytes(), lm.conflicts
}

// sectioned reports whether a file can be merged by section: no heading twice, and no text
// outside a section but above the first one.
func sectioned(d *Doc) bool {
	_, ok := sectionMap(d)
	return ok && preambleOnly(d)
}

// addedBullets lists the normalised bullets section id of ours has and base has not.
func addedBullets(base, ours *Doc, id string) map[string]bool {
	s, ok := findSection(ours, id)
	if !ok {
		return nil
	}
	had := map[string]bool{}
	if bs, ok := findSection(base, id); ok {
		for _, b := range base.Bullets(bs) {
			had[Normalize(b.Text)] = true
		}
	}
	out := map[string]bool{}
	for _, b := range ours.Bullets(s) {
		if n := Normalize(b.Text); !had[n] {
			out[n] = true
		}
	}
	return out
}

func allBlank(ls []string) bool {
	for _, l := range ls {
		if !blank(l) {
			return false
		}
	}
	return true
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
	inertOld := d.inertLines(from, to)
	d.lines = append(d.lines[:from], append(nl, d.lines[to:]...)...)
	d.edited(from, to, from+len(nl), inertOld)
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
