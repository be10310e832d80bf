package memstore

import (
	"bytes"
	"encoding/binary"
	"math/bits"
)

// finder looks for a term by two of its bytes at once, eight positions at a time: its
// rarest byte in prose (by the letter frequencies of French and English) and its last byte
// (or first, when the rarest is the last). A memory file is mostly prose, where a search by
// one letter stops every few bytes; the pair rarely matches where the term is not. A finder
// made by rawFinderOf matches ASCII letters of either case (the term is folded, the text
// not).
type finder struct {
	term   []byte
	a, b   int    // the offsets in term of the two bytes compared
	ma, mb uint64 // term[a], term[b] in each byte
	ca, cb uint64 // 0x20 in each byte when term[a], term[b] is a letter (raw finders only)
	raw    bool
}

func finderOf(term []byte) finder {
	f := finder{term: term}
	for i, c := range term {
		if byteRank(c) < byteRank(term[f.a]) {
			f.a = i
		}
	}
	f.b = len(term) - 1
	if f.b == f.a {
		f.b = 0
	}
	const ones = 0x0101010101010101
	f.ma, f.mb = ones*uint64(term[f.a]), ones*uint64(term[f.b])
	return f
}

// rawFinderOf is finderOf for text that is not folded: term, folded, must be plain ASCII.
func rawFinderOf(term []byte) finder {
	f := finderOf(term)
	f.raw = true
	const ones = 0x0101010101010101
	if isLower(term[f.a]) {
		f.ca = ones * 0x20
	}
	if isLower(term[f.b]) {
		f.cb = ones * 0x20
	}
	return f
}

func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// index is the offset of the first occurrence of the term in text, or -1.
func (f finder) index(text []byte) int {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	n := len(f.term)
	if n < 2 || len(text) < n+8 {
		return f.slowIndex(text)
	}
	last := len(text) - n // the last start a term can have
	i := 0
	for ; i+8 <= last+1; i += 8 {
		x := (binary.LittleEndian.Uint64(text[i+f.a:]) | f.ca) ^ f.ma
		y := (binary.LittleEndian.Uint64(text[i+f.b:]) | f.cb) ^ f.mb
		// a zero byte of x and of y at the same place: the pair at the start i+k (a place
		// may be marked wrongly after a real one: each is checked)
		m := (x - ones) &^ x & high & ((y - ones) &^ y)
		for m != 0 {
			if start := i + bits.TrailingZeros64(m)/8; f.at(text, start) {
				return start
			}
			m &= m - 1
		}
	}
	if j := f.slowIndex(text[i:]); j >= 0 {
		return i + j
	}
	return -1
}

// at reports whether the term is at text[start:].
func (f finder) at(text []byte, start int) bool {
	t := text[start : start+len(f.term)]
	if !f.raw {
		return bytes.Equal(t, f.term)
	}
	for k, c := range t {
		if lowerASCII[c&0x7f] != f.term[k] || c >= 0x80 {
			return false
		}
	}
	return true
}

func (f finder) slowIndex(text []byte) int {
	for start := 0; start+len(f.term) <= len(text); start++ {
		if f.at(text, start) {
			return start
		}
	}
	return -1
}

// proseFrequency orders the bytes of folded prose from the most frequent: a rough ranking of
// French and English letters, then digits and punctuation; bytes not listed are the rarest.
const proseFrequency = " eastinrulodcmp\nvgfbhq.,-'yj0x12kw:z3456789/_()`#*"

var proseRank = func() (r [256]byte) {
	for i, c := range []byte(proseFrequency) {
		r[c] = byte(len(proseFrequency) - i)
	}
	return r
}()

// byteRank is how common a byte is in prose: higher is more common.
func byteRank(c byte) byte { return proseRank[c] }

// scanBufs are the buffers a search worker reuses from one file to the next in scanRaw.
type scanBufs struct {
	line, texts []byte
	ends        []int
}

// scanRaw is scan for a file the index knows, on its bytes as they are, not folded: known
// gives the lines holding each term, the anchor (the term fewest lines hold) is looked for in
// either case, and only the lines holding it are folded, to count the terms in them. A line
// where the anchor is spelt otherwise than in ASCII ("É" for "e"), or starts after an
// escape sequence, is missed: the lines found are then fewer than known says, and scanRaw
// reports false, having kept nothing (the caller folds the file and scans it). Every term
// must be plain ASCII. lines and size are the file's line count and folded size, from the
// index.
func (fs *fileScan) scanRaw(data []byte, terms [][]byte, known []int, lines, size int, buf *scanBufs) bool {
	anchor := 0
	for i, t := range terms {
		for _, c := range t {
			if c >= 0x80 {
				return false
			}
		}
		if known[i] < known[anchor] {
			anchor = i
		}
	}
	f := rawFinderOf(terms[anchor])
	found, lineNo, counted := 0, 0, 0
	var tfs []int
	ends, texts := buf.ends[:0], buf.texts[:0]
	for pos := 0; pos < len(data); {
		i := f.index(data[pos:])
		if i < 0 {
			break
		}
		at := pos + i
		if at > 0 && wordByte(data[at-1]) {
			pos = at + 1
			continue
		}
		start := bytes.LastIndexByte(data[:at], '\n') + 1
		end := bytes.IndexByte(data[at:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += at
		}
		pos = end + 1
		found++
		lineNo += bytes.Count(data[counted:start], []byte{'\n'})
		counted = start
		if data[start] == '#' && headingLevel(string(data[start:min(end, start+3)])) > 0 {
			continue
		}
		l := foldInto(buf.line[:0], data[start:end])
		buf.line = l
		if len(tfs) < len(terms) {
			tfs = make([]int, 64*len(terms))
		}
		h := scanHit{line: lineNo, tf: tfs[:len(terms):len(terms)], len: len(l)}
		ok := true
		for k, t := range terms {
			if h.tf[k] = countWords(l, t); h.tf[k] == 0 {
				ok = false
				break
			}
		}
		if !ok {
			clear(h.tf)
			continue
		}
		tfs = tfs[len(terms):]
		text := data[start:end]
		if start == 0 {
			text = bytes.TrimPrefix(text, utf8BOM)
		}
		text = bytes.TrimSpace(text)
		ends = append(ends, len(texts)+len(text)) // the texts of a file's hits are one string
		texts = append(texts, text...)
		fs.hits = append(fs.hits, h)
	}
	if found != known[anchor] {
		fs.hits = nil
		return false
	}
	all, from := string(texts), 0
	for k, end := range ends {
		fs.hits[k].text, from = all[from:end], end
	}
	buf.ends, buf.texts = ends, texts
	fs.texts = true
	fs.df = append([]int(nil), known...)
	fs.lines, fs.bytes = lines, size
	return true
}

// wordByte reports whether b is part of a word: an ASCII letter or digit, or any byte of a
// non-ASCII character left by folding.
func wordByte(b byte) bool {
	return b >= 0x80 || 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || 'A' <= b && b <= 'Z'
}
