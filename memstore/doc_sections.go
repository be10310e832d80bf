package memstore

import (
	"slices"
	"sort"
	"strings"
)

// A document's sections are read from its lines, and promotion reads them again after each
// of the thousands of edits it makes to long memory. So a document keeps the sections it read
// last, and every edit of its lines updates them instead of having them read again:
//
//   - an edit of lines that are no heading and cannot open or close a code block (inert
//     lines, on both sides) changes no section: the sections after it only move;
//   - any other edit reads the lines again from the edit, or from the heading of the section
//     it falls in when that section holds a code block, up to the first heading after the
//     edit that was already a section: from there the lines are the ones read before, read
//     from the same state, so the sections that follow are the old ones, moved.
//
// Every change of d.lines goes through edited (insert, remove, replaceLines, SetLine), so
// that the cache never differs from what reading the whole document would give
// (TestSectionCacheMatchesRescan edits documents at random and compares).

// cachedSection is a section as kept between edits.
type cachedSection struct {
	Section
	// fences is whether a line of the section's region (its heading up to the next "## "
	// heading, or the end) may open or close a code block
	fences bool
}

// fenceish reports a line fenceState may take for a code block's opening or closing.
func fenceish(text string) bool {
	t := strings.TrimLeft(text, " \t")
	return t != "" && (t[0] == '`' || t[0] == '~')
}

// inert reports a line that changes no section wherever it is put or taken away: no heading,
// and nothing that opens or closes a code block.
func inert(text string) bool { return headingLevel(text) == 0 && !fenceish(text) }

// sections returns the cached sections, reading the document when there are none yet. The
// slice is the document's own: it changes with the next edit.
func (d *Doc) sections() []cachedSection {
	if !d.secsOK {
		d.secs = d.rescan(d.secs[:0], 0, -1, len(d.lines), nil)
		d.secsOK = true
	}
	return d.secs
}

// rescan reads the sections of the lines from line from on, where no code block is open,
// appending them to out; cur is the index in out of the section still open there (-1: none).
// When resync is set, it stops at the first "## " heading it approves, at or after line
// stopFrom: it returns out with that heading's section not added, having closed the open one.
func (d *Doc) rescan(out []cachedSection, from, cur, stopFrom int, resync func(i int) bool) []cachedSection {
	var f fenceState
	for i := from; i < len(d.lines); i++ {
		t := d.lines[i].text
		if len(out) > 0 && fenceish(t) {
			out[len(out)-1].fences = true
		}
		if f.step(t) {
			continue
		}
		lv := headingLevel(t)
		if lv == 0 {
			continue
		}
		if lv == 2 && i >= stopFrom && resync != nil && resync(i) {
			if cur >= 0 {
				out[cur].End = i
			}
			return out
		}
		if cur >= 0 {
			out[cur].End = i
			cur = -1
		}
		if lv == 2 {
			h := strings.TrimSpace(strings.TrimPrefix(t, "##"))
			out = append(out, cachedSection{Section: Section{Heading: h, Key: SectionKey(h), Start: i, End: len(d.lines)}})
			cur = len(out) - 1
		}
	}
	return out
}

// edited updates the cached sections after lines [at, oldEnd) were replaced by the lines
// [at, newEnd) of the document; inertOld says the lines taken away were all inert.
func (d *Doc) edited(at, oldEnd, newEnd int, inertOld bool) {
	if !d.secsOK {
		return
	}
	delta := newEnd - oldEnd
	old := d.secs
	if inertOld && d.allInert(at, newEnd) {
		// no heading nor code block fence went or came: every line number the sections
		// hold is before the edit or after what it replaced
		for i := range old {
			if old[i].Start >= oldEnd {
				old[i].Start += delta
			}
			if old[i].End >= oldEnd {
				old[i].End += delta
			}
		}
		return
	}
	k := sort.Search(len(old), func(i int) bool { return old[i].Start >= at }) // first section at or after the edit
	mid := d.scratch[:0]
	from, cur, keep := 0, -1, 0
	if k > 0 {
		keep = k - 1
		prev := old[k-1]
		if prev.fences {
			from = prev.Start // read it again from its heading, where no code block is open
		} else {
			// no code block in it up to the edit: read on from the edit, with the section
			// still open unless a "# " heading closed it before
			mid = append(mid, prev)
			from = at
			if prev.End >= at {
				mid[0].End = len(d.lines)
				cur = 0
			}
		}
	}
	m := sort.Search(len(old), func(i int) bool { return old[i].Start >= oldEnd }) // first old section after the edit
	synced := false
	mid = d.rescan(mid, from, cur, newEnd, func(i int) bool {
		for m < len(old) && old[m].Start+delta < i {
			m++
		}
		synced = m < len(old) && old[m].Start+delta == i
		return synced
	})
	if !synced {
		m = len(old)
	}
	d.scratch = mid[:0]
	secs := slices.Replace(old, keep, m, mid...)
	for i := keep + len(mid); i < len(secs); i++ {
		secs[i].Start += delta
		secs[i].End += delta
	}
	d.secs = secs
}

// allInert reports whether lines [from, to) are all inert.
func (d *Doc) allInert(from, to int) bool {
	for _, l := range d.lines[from:to] {
		if !inert(l.text) {
			return false
		}
	}
	return true
}

// inertLines reports whether lines [from, to) are all inert, when the sections are cached
// (the edit about to take them away needs to know).
func (d *Doc) inertLines(from, to int) bool { return d.secsOK && d.allInert(from, to) }

// setLine replaces the text of line i and updates the cached sections.
func (d *Doc) setLine(i int, text string) {
	was := d.lines[i].text
	d.lines[i].text = text
	if !d.secsOK {
		return
	}
	if inert(was) && inert(text) {
		return
	}
	if headingLevel(was) == 2 && headingLevel(text) == 2 {
		// a section's heading for another: the same sections, one named anew
		if j, ok := slices.BinarySearchFunc(d.secs, i, func(s cachedSection, i int) int { return s.Start - i }); ok {
			h := strings.TrimSpace(strings.TrimPrefix(text, "##"))
			d.secs[j].Heading, d.secs[j].Key = h, SectionKey(h)
			return
		}
	}
	d.edited(i, i+1, i+1, false)
}
