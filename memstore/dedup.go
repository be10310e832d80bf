package memstore

import (
	"math"
	"sort"
	"strings"
)

// DedupIndex answers "does one of the texts already indexed say the same thing?" exactly as
// Similar would, without comparing the text with every entry: a merge weighs a session's
// bullets against a day's, a promotion thousands of log items against a long memory of
// hundreds of facts.
//
// Equal normalised texts are found by map. Near-duplicates are found by prefix filtering:
// Similar needs the content words of two texts to overlap with a Jaccard similarity of at
// least 0.80 (one word out of five or more differs at most), and two word sets that similar always share a word among the first few of each
// when every set is sorted in one global order (rarest words first, so the posting lists stay
// short). Every candidate is confirmed with Similar, so the index never reports a
// match Similar would not.
type DedupIndex struct {
	rank    map[string]int    // global word order: rarer words first
	norms   map[string]string // Normalize of the corpus and of the texts looked up, computed once
	exact   map[string]int    // normalised text → first entry
	words   [][]string        // content words of each entry, in rank order
	texts   []string
	posting map[string][]int // prefix word → entries
}

// prefixThreshold is the lowest Jaccard similarity of two texts Similar calls the same
// (4 shared words of 5); rounding can only make prefixes longer, never miss a pair.
const prefixThreshold = 0.80

// NewDedupIndex prepares an index whose word order is taken from corpus: the texts that will
// be added or looked up (words outside it are treated as the rarest; a nil corpus is fine,
// only slower on large sets).
func NewDedupIndex(corpus []string) *DedupIndex {
	df := map[string]int{}
	norms := make(map[string]string, len(corpus))
	for _, t := range corpus {
		if _, ok := norms[t]; ok {
			continue
		}
		n := Normalize(t)
		norms[t] = n
		for _, w := range ContentWords(n) {
			df[w]++
		}
	}
	all := make([]string, 0, len(df))
	for w := range df {
		all = append(all, w)
	}
	sort.Slice(all, func(i, j int) bool {
		if df[all[i]] != df[all[j]] {
			return df[all[i]] < df[all[j]]
		}
		return all[i] < all[j]
	})
	rank := make(map[string]int, len(all))
	for i, w := range all {
		rank[w] = i + 1
	}
	return &DedupIndex{rank: rank, norms: norms, exact: map[string]int{}, posting: map[string][]int{}}
}

// normalize is Normalize, computed once per text: a merge asks HasExact, Find and Add of
// each bullet. The index is not safe for concurrent use.
func (x *DedupIndex) normalize(text string) string {
	if n, ok := x.norms[text]; ok {
		return n
	}
	n := Normalize(text)
	x.norms[text] = n
	return n
}

// sorted returns the content words of a normalised text in the index's global order.
func (x *DedupIndex) sorted(norm string) []string {
	ws := ContentWords(norm)
	sort.Slice(ws, func(i, j int) bool { return x.less(ws[i], ws[j]) < 0 }) // unknown words rank 0: rarest
	return ws
}

// prefixLen is how many of a set's first words two sets similar enough must share one of:
// a set of n words needs ceil(t·n) of them in common with the other.
func prefixLen(n int) int {
	if n == 0 {
		return 0
	}
	p := n - int(math.Ceil(prefixThreshold*float64(n))) + 1
	return min(max(p, 1), n)
}

// Add indexes text and returns its entry number.
func (x *DedupIndex) Add(text string) int {
	id := len(x.texts)
	n := x.normalize(text)
	if _, ok := x.exact[n]; !ok {
		x.exact[n] = id
	}
	ws := x.sorted(n)
	x.texts = append(x.texts, text)
	x.words = append(x.words, ws)
	for _, w := range ws[:prefixLen(len(ws))] {
		x.posting[w] = append(x.posting[w], id)
	}
	return id
}

// HasExact reports whether an entry is text once normalised (see Normalize).
func (x *DedupIndex) HasExact(text string) bool {
	_, ok := x.exact[x.normalize(text)]
	return ok
}

// Find returns the first entry that says the same as text, or -1.
func (x *DedupIndex) Find(text string) int { return x.FindFunc(text, nil) }

// Has reports whether an entry says the same as text.
func (x *DedupIndex) Has(text string) bool { return x.Find(text) >= 0 }

// FindFunc is Find restricted to the entries accept approves (nil: all of them).
func (x *DedupIndex) FindFunc(text string, accept func(id int) bool) int {
	n := x.normalize(text)
	if id, ok := x.exact[n]; ok && (accept == nil || accept(id)) {
		return id
	}
	ws := x.sorted(n)
	if len(ws) == 0 {
		return -1
	}
	best := -1
	seen := map[int]bool{}
	for _, w := range ws[:prefixLen(len(ws))] {
		for _, id := range x.posting[w] {
			if seen[id] || (best >= 0 && id >= best) {
				continue
			}
			seen[id] = true
			if x.jaccardAtLeast(ws, x.words[id], prefixThreshold) && Similar(text, x.texts[id]) && (accept == nil || accept(id)) {
				best = id
			}
		}
	}
	return best
}

// Words returns the content words of a text, as a set.
func (x *DedupIndex) Words(text string) map[string]bool {
	ws := ContentWords(x.normalize(text))
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// Subset reports whether every word of a is in b.
func Subset(a, b map[string]bool) bool {
	for w := range a {
		if !b[w] {
			return false
		}
	}
	return true
}

// jaccardAtLeast is a cheap pre-check before Similar, on two word lists sorted in
// the index's order.
func (x *DedupIndex) jaccardAtLeast(a, b []string, t float64) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	la, lb := float64(len(a)), float64(len(b))
	if la < t*lb || lb < t*la {
		return false
	}
	inter := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch x.less(a[i], b[j]) {
		case -1:
			i++
		case 1:
			j++
		default:
			inter++
			i++
			j++
		}
	}
	union := len(a) + len(b) - inter
	return float64(inter) >= t*float64(union)
}

// less compares two words in the index's order.
func (x *DedupIndex) less(a, b string) int {
	ra, rb := x.rank[a], x.rank[b]
	switch {
	case ra < rb:
		return -1
	case ra > rb:
		return 1
	}
	return strings.Compare(a, b)
}
