package memstore

import (
	"strings"
)

// MergeMarkers are the labels and length of the conflict markers MergeDocs writes
// ("<<<<<<< ours", "=======", ">>>>>>> theirs"); the zero value gives git's defaults.
type MergeMarkers struct {
	Ours, Theirs string // "ours" and "theirs" when empty
	Size         int    // 7 when 0
}

func (m MergeMarkers) withDefaults() MergeMarkers {
	if m.Ours == "" {
		m.Ours = "ours"
	}
	if m.Theirs == "" {
		m.Theirs = "theirs"
	}
	if m.Size <= 0 {
		m.Size = 7
	}
	return m
}

// lineMerger is the three-way merge of one part of a memory file (the text above the
// first section, a section's body, or the whole file when it cannot be read by section),
// line by line. It never drops a line either side wrote:
//   - a change made by one side only is taken;
//   - lines both sides added at the same place are all kept, ours first, an exact duplicate
//     of a bullet (same text once normalised, same indented lines) written once;
//   - a line one side deleted and the other left as it was is deleted; a line one side
//     deleted and the other edited keeps the edit;
//   - the same lines replaced differently by both sides (free text, a title, or one bullet
//     edited two ways) are a conflict: both versions are written between conflict markers
//     and the conflict is reported.
type lineMerger struct {
	mk        MergeMarkers
	conflicts []string
	done      map[string]bool // normalised bullets ours ticked: theirs adding them open is a duplicate
}

// merge merges the lines of one part; where names the part in a conflict report.
func (lm *lineMerger) merge(base, ours, theirs []string, where string) []string {
	switch {
	case equalLines(ours, theirs), equalLines(base, theirs):
		return ours
	case equalLines(base, ours):
		return theirs
	}
	mo, mt := lcs(base, ours), lcs(base, theirs)
	var out []string
	bi, oi, ti := 0, 0, 0
	conflict := false
	// The lines of base both sides kept cut the files into chunks merged one by one.
	for i := 0; i <= len(base); i++ {
		if i < len(base) && (mo[i] < 0 || mt[i] < 0) {
			continue
		}
		oe, te := len(ours), len(theirs)
		if i < len(base) {
			oe, te = mo[i], mt[i]
		}
		c := chunk{
			n:      i - bi,
			ours:   side{lines: ours[oi:oe], match: shift(mo[bi:i], oi)},
			theirs: side{lines: theirs[ti:te], match: shift(mt[bi:i], ti)},
		}
		merged, ok := lm.mergeChunk(c)
		conflict = conflict || !ok
		out = append(out, merged...)
		if i < len(base) {
			out = append(out, base[i])
		}
		bi, oi, ti = i+1, oe+1, te+1
	}
	if conflict {
		lm.conflicts = append(lm.conflicts, where)
	}
	return out
}

// chunk is a stretch of n base lines of which no line is kept by both sides, with what
// each side has in its place.
type chunk struct {
	n            int
	ours, theirs side
}

// side is one side of a chunk: its lines, and for each base line of the chunk the index of
// the line of the side it was kept as, or -1.
type side struct {
	lines []string
	match []int
}

func shift(m []int, by int) []int {
	out := make([]int, len(m))
	for i, v := range m {
		out[i] = v
		if v >= 0 {
			out[i] = v - by
		}
	}
	return out
}

// run is what a side wrote in place of base lines [from, gap): lines inserted before base
// line gap (the next one the side kept, or the end of the chunk).
type run struct {
	from, gap int
	lines     []string
}

// runs lists the insertions of a side, one per gap where it wrote something.
func (s side) runs(n int) []run {
	var out []run
	prevBase, prevLine := -1, -1
	for g := 0; g <= n; g++ {
		if g < n && s.match[g] < 0 {
			continue
		}
		end := len(s.lines)
		if g < n {
			end = s.match[g]
		}
		if end > prevLine+1 {
			out = append(out, run{from: prevBase + 1, gap: g, lines: s.lines[prevLine+1 : end]})
		}
		prevBase, prevLine = g, end
	}
	return out
}

// mergeChunk merges a chunk; false when both sides replaced the same base lines differently.
func (lm *lineMerger) mergeChunk(c chunk) ([]string, bool) {
	or, tr := c.ours.runs(c.n), c.theirs.runs(c.n)
	drop := make([]bool, len(tr))
	for _, r1 := range or {
		for j, r2 := range tr {
			if max(r1.from, r2.from) >= min(r1.gap, r2.gap) {
				continue // they replaced no common base line
			}
			if !equalLines(r1.lines, r2.lines) {
				return lm.markers(c.ours.lines, c.theirs.lines), false
			}
			drop[j] = true // the same edit on both sides
		}
	}
	var out []string
	for g := 0; g <= c.n; g++ {
		var o, t []string
		for _, r := range or {
			if r.gap == g {
				o = r.lines
			}
		}
		for j, r := range tr {
			if r.gap == g && !drop[j] {
				t = r.lines
			}
		}
		out = append(out, lm.union(o, t)...)
	}
	return out, true
}

// markers writes ours and theirs between conflict markers, the lines they start and end
// with in common outside them.
func (lm *lineMerger) markers(ours, theirs []string) []string {
	p := 0
	for p < len(ours) && p < len(theirs) && ours[p] == theirs[p] {
		p++
	}
	s := 0
	for s < len(ours)-p && s < len(theirs)-p && ours[len(ours)-1-s] == theirs[len(theirs)-1-s] {
		s++
	}
	out := append([]string(nil), ours[:p]...)
	out = append(out, strings.Repeat("<", lm.mk.Size)+" "+lm.mk.Ours)
	out = append(out, ours[p:len(ours)-s]...)
	out = append(out, strings.Repeat("=", lm.mk.Size))
	out = append(out, theirs[p:len(theirs)-s]...)
	out = append(out, strings.Repeat(">", lm.mk.Size)+" "+lm.mk.Theirs)
	return append(out, ours[len(ours)-s:]...)
}

// union merges lines both sides added at the same place: a bullet and its indented lines
// move as one block, blocks common to both are written once, in place, and between them
// ours' blocks come before theirs'. A block of theirs that is a bullet ours already added
// (the same once normalised, with the same indented lines) is left out.
func (lm *lineMerger) union(ours, theirs []string) []string {
	if len(theirs) == 0 {
		return ours
	}
	ob, tb := blocks(ours), blocks(theirs)
	have := map[string]bool{}
	for _, b := range ob {
		have[b.key] = true
	}
	m := lcs(texts(tb), texts(ob))
	var out, pending []string
	oi := 0
	for i, b := range tb {
		if m[i] >= 0 {
			for ; oi < m[i]; oi++ {
				out = append(out, ob[oi].lines...)
			}
			out = append(append(out, pending...), ob[oi].lines...)
			pending = nil
			oi++
			continue
		}
		if b.key != "" && (have[b.key] || lm.done[b.key]) {
			continue
		}
		pending = append(pending, b.lines...)
	}
	for ; oi < len(ob); oi++ {
		out = append(out, ob[oi].lines...)
	}
	return append(out, pending...)
}

// block is a bullet with its indented lines, or any other single line.
type block struct {
	lines []string
	text  string // the lines joined, for matching
	key   string // for a bullet: its normalised text and indented lines, for deduplication
}

func blocks(lines []string) []block {
	var out []block
	for i := 0; i < len(lines); {
		j := i + 1
		txt, isBullet := bulletText(lines[i])
		if isBullet {
			for j < len(lines) && indented(lines[j]) && !blank(lines[j]) {
				j++
			}
		}
		b := block{lines: lines[i:j], text: strings.Join(lines[i:j], "\n")}
		if isBullet {
			key := []string{Normalize(txt)}
			for _, l := range lines[i+1 : j] {
				key = append(key, strings.TrimRight(l, " \t"))
			}
			b.key = strings.Join(key, "\n")
		}
		out = append(out, b)
		i = j
	}
	return out
}

func texts(bs []block) []string {
	out := make([]string, len(bs))
	for i, b := range bs {
		out[i] = b.text
	}
	return out
}

// maxLCSCells bounds the table of lcs (4M cells, 16 MB): past it, the lines between the
// common start and end are taken as all different, which a merge turns into a conflict or
// keeps both of, never a lost line.
const maxLCSCells = 4 << 20

// lcs matches a with b along a longest common subsequence: for each line of a, the index of
// the line of b it is matched with, or -1.
func lcs(a, b []string) []int {
	m := make([]int, len(a))
	for i := range m {
		m[i] = -1
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		m[p] = p
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		m[len(a)-1-s] = len(b) - 1 - s
		s++
	}
	a, b = a[p:len(a)-s], b[p:len(b)-s]
	n, k := len(a), len(b)
	if n == 0 || k == 0 || n*k > maxLCSCells {
		return m
	}
	w := k + 1
	dp := make([]int32, (n+1)*w) // dp[i*w+j]: length of the LCS of a[i:] and b[j:]
	for i := n - 1; i >= 0; i-- {
		for j := k - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i*w+j] = dp[(i+1)*w+j+1] + 1
			} else {
				dp[i*w+j] = max(dp[(i+1)*w+j], dp[i*w+j+1])
			}
		}
	}
	for i, j := 0, 0; i < n && j < k; {
		switch {
		case a[i] == b[j]:
			m[p+i] = p + j
			i++
			j++
		case dp[(i+1)*w+j] >= dp[i*w+j+1]:
			i++
		default:
			j++
		}
	}
	return m
}
