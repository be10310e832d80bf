package memstore

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
)

// The search index is a cache that spares Find reading every file: one file per project,
// logs/.debug/search-index (gitignored, read and written through the same confinement as
// the memory), which gives for each memory file it covers the file's key (size, modification
// and change times in nanoseconds, inode: see fileKey), its size in lines and folded bytes,
// whether it is sensitive, and for each folded word of the file the number of its lines
// holding that word. That is what BM25 needs of a file where each query word matches at
// most one of its words and not all of them are there; every other file is read as without
// the index. An entry is trusted only when one stat of the file gives the same key, so the
// index is never a silent wrong answer: a file changed since is read again (and re-indexed),
// a file gone is dropped, a file added is read and added; an index that is missing, corrupt
// (checksum), written for another folder or another format is ignored and rebuilt.

// searchIndexFile is the index's name in the project's debug folder.
const searchIndexFile = "search-index"

// searchIndexMagic starts the index; its number changes with the format or the folding.
const searchIndexMagic = "carnet search index 1\n"

// fileKey is what one stat says of a file, to tell whether it changed since it was indexed.
// A change keeps none of it the same unless it keeps the size and lands within the clock
// tick of the stat the entry was made from: entries of files changed within racyMargin of
// the search that read them are not written (see racy).
type fileKey struct{ size, mtime, ctime, ino int64 }

// indexFile is one file of the index.
type indexFile struct {
	path         string // workspace-relative
	key          fileKey
	lines, bytes int
	sensitive    bool
}

// searchIndex is a project's index as read: the files, then the words sorted, each with its
// postings (file number and line count pairs, as uvarints, files ascending).
type searchIndex struct {
	files  []indexFile
	byPath map[string]int
	nwords int
	offs   []byte // for each word, then once more at the end: uint32 word offset, uint32 posting offset
	words  []byte
	posts  []byte
}

// reader reads the index's fields; any read past the end or malformed value sets bad.
type reader struct {
	data []byte
	bad  bool
}

func (r *reader) uvarint() uint64 {
	v, n := binary.Uvarint(r.data)
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.data = r.data[n:]
	return v
}

func (r *reader) int() int {
	v := r.uvarint()
	if v > 1<<40 {
		r.bad = true
	}
	return int(v)
}

func (r *reader) bytes(n int) []byte {
	if n < 0 || n > len(r.data) {
		r.bad = true
		return nil
	}
	b := r.data[:n:n]
	r.data = r.data[n:]
	return b
}

// parseSearchIndex reads an index of the memory folder relDir; nil when data is not one.
func parseSearchIndex(data []byte, relDir string) *searchIndex {
	if len(data) < len(searchIndexMagic)+4 || !bytes.HasPrefix(data, []byte(searchIndexMagic)) {
		return nil
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil
	}
	r := &reader{data: body[len(searchIndexMagic):]}
	if string(r.bytes(r.int())) != relDir {
		return nil
	}
	x := &searchIndex{files: make([]indexFile, min(r.int(), len(r.data)))}
	x.byPath = make(map[string]int, len(x.files))
	for i := range x.files {
		f := &x.files[i]
		f.path = string(r.bytes(r.int()))
		f.key = fileKey{int64(r.uvarint()), int64(r.uvarint()), int64(r.uvarint()), int64(r.uvarint())}
		f.lines, f.bytes, f.sensitive = r.int(), r.int(), r.uvarint() == 1
		x.byPath[f.path] = i
	}
	x.nwords = r.int()
	x.offs = r.bytes((x.nwords + 1) * 8)
	x.words = r.bytes(r.int())
	x.posts = r.bytes(r.int())
	if r.bad || len(r.data) != 0 || len(x.byPath) != len(x.files) || !x.offsetsHold() {
		return nil
	}
	return x
}

// offsetsHold checks that the offsets only grow and end where the words and postings end.
func (x *searchIndex) offsetsHold() bool {
	var pw, pp uint32
	for i := range x.nwords + 1 {
		w, p := x.off(i)
		if w < pw || p < pp {
			return false
		}
		pw, pp = w, p
	}
	return int(pw) == len(x.words) && int(pp) == len(x.posts)
}

func (x *searchIndex) off(i int) (word, post uint32) {
	return binary.LittleEndian.Uint32(x.offs[i*8:]), binary.LittleEndian.Uint32(x.offs[i*8+4:])
}

func (x *searchIndex) word(i int) []byte {
	a, _ := x.off(i)
	b, _ := x.off(i + 1)
	return x.words[a:b]
}

// postings calls fn with each file number and line count of word i; false when they are
// malformed.
func (x *searchIndex) postings(i int, fn func(file, lines int)) bool {
	_, a := x.off(i)
	_, b := x.off(i + 1)
	r := &reader{data: x.posts[a:b]}
	file := -1
	for len(r.data) > 0 && !r.bad {
		file += 1 + r.int()
		n := r.int()
		if r.bad || file >= len(x.files) {
			return false
		}
		fn(file, n)
	}
	return !r.bad
}

// termStats are, for one query term and each file of the index, how many of the file's
// words start with the term and how many lines hold the one word when there is one.
type termStats struct {
	words []int
	lines []int
}

// lookupAll gives the termStats of each term, in one allocation; nil when x is nil or
// malformed.
func (x *searchIndex) lookupAll(terms [][]byte) []termStats {
	if x == nil {
		return nil
	}
	n := len(x.files)
	buf := make([]int, 2*n*len(terms))
	stats := make([]termStats, len(terms))
	for k, t := range terms {
		st := termStats{words: buf[2*k*n : (2*k+1)*n], lines: buf[(2*k+1)*n : (2*k+2)*n]}
		if !x.lookup(t, st) {
			return nil
		}
		stats[k] = st
	}
	return stats
}

// lookup fills st with the termStats of term; false when the index is malformed.
func (x *searchIndex) lookup(term []byte, st termStats) bool {
	i := sort.Search(x.nwords, func(i int) bool { return bytes.Compare(x.word(i), term) >= 0 })
	for ; i < x.nwords && bytes.HasPrefix(x.word(i), term); i++ {
		ok := x.postings(i, func(f, n int) {
			st.words[f]++
			st.lines[f] = n
		})
		if !ok {
			return false
		}
	}
	return true
}

// indexBuilder gathers the files and words of a new index; add may be called from several
// workers at once.
type indexBuilder struct {
	mu    sync.Mutex
	files []indexFile
	ready []bool              // the file's words are in: kept from the old index, or read
	words map[string][]uint64 // postings: file number << 32 | line count
}

// newIndexBuilder starts an index of files, the first kept of which come from the old index.
func newIndexBuilder(files []indexFile, kept int) *indexBuilder {
	b := &indexBuilder{files: files, ready: make([]bool, len(files)), words: map[string][]uint64{}}
	for i := range kept {
		b.ready[i] = true
	}
	return b
}

// keep copies the postings of old's files that stay: to[i] is the new number of old's file
// i, or -1.
func (b *indexBuilder) keep(old *searchIndex, to []int) bool {
	for i := range old.nwords {
		w := string(old.word(i))
		ok := old.postings(i, func(f, n int) {
			if to[f] >= 0 {
				b.words[w] = append(b.words[w], uint64(to[f])<<32|uint64(n))
			}
		})
		if !ok {
			return false
		}
	}
	return true
}

// add records a file read: its folded bytes, whether it is sensitive, and the words c
// counted in it.
func (b *indexBuilder) add(file int, folded []byte, sensitive bool, c *wordCounter) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f := &b.files[file]
	f.lines, f.bytes, f.sensitive = bytes.Count(folded, []byte{'\n'})+1, len(folded), sensitive
	b.ready[file] = true
	for _, wc := range c.touched {
		b.words[wc.word] = append(b.words[wc.word], uint64(file)<<32|uint64(wc.lines))
	}
}

// encode writes the index of the memory folder relDir.
func (b *indexBuilder) encode(relDir string) []byte {
	out := []byte(searchIndexMagic)
	str := func(s string) { out = append(binary.AppendUvarint(out, uint64(len(s))), s...) }
	str(relDir)
	num := make([]int, len(b.files)) // a file's number in what is written: files not read are left out
	n := 0
	for i, ok := range b.ready {
		num[i] = n
		if ok {
			n++
		}
	}
	out = binary.AppendUvarint(out, uint64(n))
	for i, f := range b.files {
		if !b.ready[i] {
			continue
		}
		str(f.path)
		for _, v := range []int64{f.key.size, f.key.mtime, f.key.ctime, f.key.ino} {
			out = binary.AppendUvarint(out, uint64(v))
		}
		flag := uint64(0)
		if f.sensitive {
			flag = 1
		}
		out = binary.AppendUvarint(binary.AppendUvarint(binary.AppendUvarint(out, uint64(f.lines)), uint64(f.bytes)), flag)
	}
	keys := slices.Sorted(maps.Keys(b.words))
	var words strings.Builder
	var posts []byte
	offs := make([]byte, 0, (len(keys)+1)*8)
	for _, w := range keys {
		offs = binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(offs, uint32(words.Len())), uint32(len(posts)))
		words.WriteString(w)
		ps := b.words[w]
		slices.Sort(ps)
		prev := -1
		for _, p := range ps {
			file := num[p>>32]
			posts = binary.AppendUvarint(binary.AppendUvarint(posts, uint64(file-prev-1)), p&0xffffffff)
			prev = file
		}
	}
	offs = binary.LittleEndian.AppendUint32(binary.LittleEndian.AppendUint32(offs, uint32(words.Len())), uint32(len(posts)))
	out = binary.AppendUvarint(out, uint64(len(keys)))
	out = append(out, offs...)
	str(words.String())
	out = append(binary.AppendUvarint(out, uint64(len(posts))), posts...)
	return binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(out))
}

// wordCounter counts, for each word of a folded file, the lines that hold it. A worker keeps
// one for all the files it indexes, so that a word is allocated once per worker.
type wordCounter struct {
	counts  map[string]*wordCount
	touched []*wordCount // the words of the current file
	file    int32
}

type wordCount struct {
	word                  string
	lines, lastLine, file int32
}

// count counts the words of folded, a new file: maximal runs of word bytes, as the scan
// matches them (a query word matches a line where it starts one of these words).
func (c *wordCounter) count(folded []byte) {
	if c.counts == nil {
		c.counts = map[string]*wordCount{}
	}
	c.file++
	c.touched = c.touched[:0]
	line := int32(0)
	for i := 0; i < len(folded); {
		b := folded[i]
		if b == '\n' {
			line++
		}
		if !wordByte(b) {
			i++
			continue
		}
		j := i + 1
		for j < len(folded) && wordByte(folded[j]) {
			j++
		}
		wc := c.counts[string(folded[i:j])]
		if wc == nil {
			wc = &wordCount{word: string(folded[i:j])}
			c.counts[wc.word] = wc
		}
		if wc.file != c.file {
			wc.lines, wc.lastLine, wc.file = 0, -1, c.file
			c.touched = append(c.touched, wc)
		}
		if wc.lastLine != line {
			wc.lines++
			wc.lastLine = line
		}
		i = j
	}
}
