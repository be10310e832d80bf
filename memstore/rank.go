package memstore

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
)

// Hit is one line of memory that matches a search.
type Hit struct {
	Project string
	Path    string // relative to the workspace root
	Line    int    // 1-based
	Section string // heading of the section holding the line, or ""
	Text    string // the line, trimmed
	Date    string // the log's date, or the date heading of a long-memory section, or ""
	Score   float64
}

// Query is a ranked search of the workspace's memory.
type Query struct {
	Text     string // the words to find: a line matches when each is the start of one of its words
	Section  string // only lines of this section (key or heading); "" any
	From, To string // only lines dated within (YYYY-MM-DD, inclusive); "" leaves a side open
	Tag      string // only bullets whose weight suffix carries this tag ("#vat" or "vat"); "" any
	Offset   int    // hits to skip, in rank order
	Limit    int    // most hits to return; <= 0 all
	// Now is the date recency counts from; zero means the newest date found.
	Now time.Time
	// SkipSensitive leaves out the files IsSensitive says are sensitive (for read-only clients).
	SkipSensitive bool
	// Skip leaves a file out entirely; nil keeps all. Any filter but SkipSensitive needs every
	// file's bytes: the search index is then of no help.
	Skip func(data []byte) bool
	// Watch lets a long-running process (the MCP server) trust the listings an inotify watch
	// vouches for, instead of one stat per file on every search (see searchwatch.go).
	Watch bool
	// Once says this is the process's only search (carnet search): nothing read is kept for
	// a next one.
	Once bool
}

// Results are the hits of a query, best first, and how many matched in all.
type Results struct {
	Hits  []Hit
	Total int
}

// BM25 parameters: bullets are short and of similar length, so length counts for less than
// in a document search.
const (
	bm25K1 = 1.2
	bm25B  = 0.5
	// recencyDays is the age at which recency adds half of what it adds to today's lines.
	recencyDays = 30
)

// Search finds the lines of every project's memory that hold all the words of query (see
// Find), best first. limit <= 0 means no limit.
func (w *Workspace) Search(query string, limit int) ([]Hit, error) {
	r, err := w.Find(Query{Text: query, Limit: limit})
	return r.Hits, err
}

func (r *dirReaders) close() {
	for _, d := range r.dirs {
		if d != nil {
			d.Close()
		}
	}
	for _, f := range r.folders {
		if f != nil {
			f.Close()
		}
	}
}

// scan counts the lines of a folded file holding each term, and keeps the lines holding all:
// one pass over the file per term, the anchor's last, which counts its lines and keeps the
// candidates in the same pass. The anchor is the term fewest lines hold when known (the
// file's index entry gives known, the lines holding each term: no pass is needed for them),
// else the longest. Without all the terms, no line is kept.
func (fs *fileScan) scan(folded []byte, terms [][]byte, known []int) {
	fs.bytes = len(folded)
	fs.df = make([]int, len(terms))
	anchor := 0
	for i, t := range terms {
		if known != nil && known[i] < known[anchor] || known == nil && len(t) > len(terms[anchor]) {
			anchor = i
		}
	}
	all := true
	for i, t := range terms {
		switch {
		case known != nil:
			fs.df[i] = known[i]
		case i != anchor:
			fs.df[i] = countLines(folded, t)
		}
		all = all && (i == anchor && known == nil || fs.df[i] > 0)
	}
	if !all && known != nil {
		fs.lines = bytes.Count(folded, []byte{'\n'}) + 1
		return
	}
	lineNo, counted := 0, 0
	var tfs []int // the hits' term counts, in one allocation per file
	eachLine(folded, terms[anchor], func(start, end int) {
		if known == nil {
			fs.df[anchor]++
		}
		if !all {
			return
		}
		lineNo += bytes.Count(folded[counted:start], []byte{'\n'})
		counted = start
		l := folded[start:end]
		if len(l) > 0 && l[0] == '#' && headingLevel(string(l[:min(len(l), 3)])) > 0 {
			return
		}
		if len(tfs) < len(terms) {
			tfs = make([]int, 64*len(terms))
		}
		h := scanHit{line: lineNo, tf: tfs[:len(terms):len(terms)], len: len(l)}
		for i, t := range terms {
			if h.tf[i] = countWords(l, t); h.tf[i] == 0 {
				clear(h.tf)
				return
			}
		}
		tfs = tfs[len(terms):]
		fs.hits = append(fs.hits, h)
	})
	fs.lines = lineNo + bytes.Count(folded[counted:], []byte{'\n'}) + 1
	if !all {
		fs.hits = nil
	}
}

// resolve gives each hit its line's text, trimmed, and the heading of the "## " section
// holding it, read from the file's bytes in one pass as ParseDoc and Sections read them (a
// BOM and a line's CR aside, headings inside code fences ignored, a "# " heading ending a
// section). Hits past the file's end (it cannot happen: data is what was scanned) go.
func (fs *fileScan) resolve(data []byte) {
	if len(fs.hits) == 0 {
		return
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if fs.texts && !bytes.Contains(data, []byte("```")) && !bytes.Contains(data, []byte("~~~")) {
		fs.sections(data) // no code fence: the headings are the lines starting with '#'
		return
	}
	var fence fenceState
	section, k := "", 0
	for line := 0; k < len(fs.hits) && len(data) > 0; line++ {
		l := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		l = bytes.TrimSuffix(l, []byte{'\r'})
		j := 0
		for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
			j++
		}
		if j < len(l) && (l[j] == '`' || l[j] == '~') || fence.marker != "" || len(l) > 0 && l[0] == '#' {
			if s := string(l); !fence.step(s) {
				switch headingLevel(s) {
				case 1:
					section = ""
				case 2:
					section = strings.TrimSpace(strings.TrimPrefix(s, "##"))
				}
			}
		}
		if fs.hits[k].line == line {
			fs.hits[k].text = strings.TrimSpace(string(l))
			fs.hits[k].section = section
			k++
		}
	}
	fs.hits = fs.hits[:k]
}

// sections is resolve for hits whose text is known, in a file without code fences: it looks
// for the lines starting with '#' alone, and counts the lines between them.
func (fs *fileScan) sections(data []byte) {
	section, line, counted, k := "", 0, 0, 0
	set := func(upTo int) { // the hits before line upTo are in section
		for ; k < len(fs.hits) && fs.hits[k].line < upTo; k++ {
			fs.hits[k].section = section
		}
	}
	for from := 0; from < len(data) && k < len(fs.hits); {
		i := bytes.IndexByte(data[from:], '#') // rare in prose: whether it starts a line is checked
		if i < 0 {
			break
		}
		at := from + i
		from = at + 1
		if at > 0 && data[at-1] != '\n' {
			continue
		}
		line += bytes.Count(data[counted:at], []byte{'\n'})
		counted = at
		end := bytes.IndexByte(data[at:], '\n')
		if end < 0 {
			end = len(data)
		} else {
			end += at
		}
		set(line + 1) // a hit is never a heading line
		s := strings.TrimSuffix(string(data[at:end]), "\r")
		switch headingLevel(s) {
		case 1:
			section = ""
		case 2:
			section = strings.TrimSpace(strings.TrimPrefix(s, "##"))
		}
	}
	set(math.MaxInt)
}

// eachLine calls fn once for every line of text holding term at the start of a word, in order.
func eachLine(text, term []byte, fn func(start, end int)) {
	find := finderOf(term)
	for pos := 0; pos < len(text); {
		i := find.index(text[pos:])
		if i < 0 {
			return
		}
		at := pos + i
		if at > 0 && wordByte(text[at-1]) {
			pos = at + 1
			continue
		}
		start := bytes.LastIndexByte(text[:at], '\n') + 1
		end := bytes.IndexByte(text[at:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += at
		}
		fn(start, end)
		pos = end + 1
	}
}

// countLines counts the lines of text holding term at the start of a word.
func countLines(text, term []byte) int {
	find := finderOf(term)
	n := 0
	for pos := 0; pos < len(text); {
		i := find.index(text[pos:])
		if i < 0 {
			break
		}
		at := pos + i
		if at > 0 && wordByte(text[at-1]) {
			pos = at + 1
			continue
		}
		n++
		end := bytes.IndexByte(text[at:], '\n')
		if end < 0 {
			break
		}
		pos = at + end + 1
	}
	return n
}

// countWords counts the words of line that start with term.
func countWords(line, term []byte) int {
	n := 0
	for pos := 0; pos < len(line); {
		i := bytes.Index(line[pos:], term)
		if i < 0 {
			break
		}
		at := pos + i
		if at == 0 || !wordByte(line[at-1]) {
			n++
		}
		pos = at + len(term)
	}
	return n
}

// queryTerms folds a query and splits it into its distinct words.
func queryTerms(q string) [][]byte {
	var out [][]byte
	f := foldBytes([]byte(q))
	for _, w := range bytes.FieldsFunc(f, func(r rune) bool { return r < 0x80 && !wordByte(byte(r)) }) {
		if !slices.ContainsFunc(out, func(o []byte) bool { return bytes.Equal(o, w) }) {
			out = append(out, w)
		}
	}
	return out
}

// rank scores the candidate lines by BM25 over every line read, weighs them by recency,
// applies the filters and sorts them, best first.
func rank(scans []fileScan, terms [][]byte, q Query) Results {
	n, total := 0, 0
	df := make([]int, len(terms))
	newest := ""
	for _, s := range scans {
		n += s.lines
		total += s.bytes
		for i, d := range s.df {
			df[i] += d
		}
		if d := s.job.date; d > newest {
			newest = d
		}
	}
	if n == 0 {
		return Results{}
	}
	avg := float64(total) / float64(n)
	idf := make([]float64, len(terms))
	for i, d := range df {
		idf[i] = math.Log(1 + (float64(n)-float64(d)+0.5)/(float64(d)+0.5))
	}
	now := newest
	if !q.Now.IsZero() {
		now = Date(q.Now)
	}
	// superseded and filtered lines aside, each candidate is a hit: each file's go in its
	// own part of hits, on every core, then the parts are put end to end
	at := make([]int, len(scans)+1)
	for i, s := range scans {
		at[i+1] = at[i] + len(s.hits)
	}
	hits := make([]Hit, at[len(scans)])
	kept := make([]int, len(scans))
	parallel(len(scans), func() func(int) {
		rec := recencies{now: now, memo: map[string]float64{}}
		return func(i int) {
			if i >= 0 && len(scans[i].hits) > 0 {
				kept[i] = len(scans[i].collect(hits[at[i]:at[i]:at[i+1]], idf, avg, &rec, q))
			}
		}
	})
	n = 0
	for i := range scans {
		n += copy(hits[n:], hits[at[i]:at[i]+kept[i]])
	}
	hits = hits[:n]
	if len(hits) == 0 {
		hits = nil // no hit: no list (nil), whatever was sized
	}
	hits = sortHits(hits)
	r := Results{Total: len(hits)}
	hits = hits[min(max(q.Offset, 0), len(hits)):]
	if q.Limit > 0 && len(hits) > q.Limit {
		hits = hits[:q.Limit]
	}
	r.Hits = hits
	return r
}

// sortHits orders hits best first (compareHits) through their scores and places: a Hit is
// some hundred bytes, which a sort of tens of thousands would move around many times.
func sortHits(hits []Hit) []Hit {
	if len(hits) < 2 {
		return hits
	}
	type key struct {
		score float64
		i     int32
	}
	keys := make([]key, len(hits))
	for i := range hits {
		keys[i] = key{hits[i].Score, int32(i)}
	}
	less := func(a, b key) int {
		if c := cmp.Compare(b.score, a.score); c != 0 {
			return c
		}
		return compareHits(hits[a.i], hits[b.i])
	}
	if len(keys) >= 1<<12 && runtime.GOMAXPROCS(0) > 1 { // two halves at once, then merged
		mid := len(keys) / 2
		var wg sync.WaitGroup
		wg.Go(func() { slices.SortFunc(keys[:mid], less) })
		slices.SortFunc(keys[mid:], less)
		wg.Wait()
		merged := make([]key, 0, len(keys))
		a, b := keys[:mid], keys[mid:]
		for len(a) > 0 && len(b) > 0 {
			if less(b[0], a[0]) < 0 {
				merged, b = append(merged, b[0]), b[1:]
			} else {
				merged, a = append(merged, a[0]), a[1:]
			}
		}
		keys = append(append(merged, a...), b...)
	} else {
		slices.SortFunc(keys, less)
	}
	// put each hit in its place, following the cycles of the permutation: no second array
	done := make([]bool, len(keys))
	for start := range keys {
		if done[start] {
			continue
		}
		tmp := hits[start]
		j := start
		for {
			done[j] = true
			from := int(keys[j].i)
			if from == start {
				hits[j] = tmp
				break
			}
			hits[j] = hits[from]
			j = from
		}
	}
	return hits
}

// compareHits orders hits best first: score, then newest, then project, path and line.
// Each key is compared only when those before it tie.
func compareHits(a, b Hit) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	if c := strings.Compare(b.Date, a.Date); c != 0 {
		return c
	}
	if c := strings.Compare(a.Project, b.Project); c != 0 {
		return c
	}
	if c := strings.Compare(a.Path, b.Path); c != 0 {
		return c
	}
	return cmp.Compare(a.Line, b.Line)
}

// recencies is recency from now, worked out once per date.
type recencies struct {
	now  string
	memo map[string]float64
}

func (r *recencies) of(date string) float64 {
	f, ok := r.memo[date]
	if !ok {
		f = recency(date, r.now)
		r.memo[date] = f
	}
	return f
}

// collect turns a file's candidate lines into scored hits, with their section and date.
func (s *fileScan) collect(hits []Hit, idf []float64, avg float64, rec *recencies, q Query) []Hit {
	if len(s.hits) == 0 {
		return hits
	}
	fileDate := s.job.date
	for _, h := range s.hits {
		hit := Hit{Project: s.job.p.Name, Path: s.job.path, Line: h.line + 1, Text: h.text, Date: fileDate, Section: h.section}
		if fileDate == "" && IsDate(hit.Section) {
			hit.Date = hit.Section
		}
		if t, ok := bulletText(hit.Text); ok && Superseded(t) || !q.keeps(hit) {
			continue // a superseded bullet stays in the file, out of recall
		}
		for i, tf := range h.tf {
			f := float64(tf)
			hit.Score += idf[i] * f * (bm25K1 + 1) / (f + bm25K1*(1-bm25B+bm25B*float64(h.len)/avg))
		}
		hit.Score *= rec.of(hit.Date) * importanceFactor(hit.Text)
		hits = append(hits, hit)
	}
	return hits
}

// keeps applies the section, date and tag filters.
func (q Query) keeps(h Hit) bool {
	if q.Tag != "" {
		want, _ := CleanTag(q.Tag)
		if _, w := ParseWeight(h.Text); !slices.ContainsFunc(w.Tags, func(t string) bool { return strings.EqualFold(t, want) }) {
			return false
		}
	}
	if q.Section != "" {
		key := SectionKey(q.Section)
		if !(key != "" && SectionKey(h.Section) == key || fold(h.Section) == fold(q.Section)) {
			return false
		}
	}
	if q.From != "" || q.To != "" {
		if h.Date == "" || q.From != "" && h.Date < q.From || q.To != "" && h.Date > q.To {
			return false
		}
	}
	return true
}

// recency is 2 for a line of the day now, 1.5 for one recencyDays older, tending to 1.
func recency(date, now string) float64 {
	if date == "" || now == "" {
		return 1
	}
	d, err1 := time.Parse(time.DateOnly, date)
	n, err2 := time.Parse(time.DateOnly, now)
	if err1 != nil || err2 != nil {
		return 1
	}
	age := max(n.Sub(d).Hours()/24, 0)
	return 1 + 1/(1+age/recencyDays)
}

// logDate is the date of a daily log's path, or "".
func logDate(path string) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	if d := strings.TrimSuffix(base, ".md"); IsDate(d) {
		return d
	}
	return ""
}

// foldTable folds the characters of Latin-1 and Latin Extended-A/B: lower case, accents
// dropped, ligatures spelt out.
var foldTable = func() [0x250]string {
	var t [0x250]string
	for r := rune(0x80); r < 0x250; r++ {
		t[r] = fold(string(r))
	}
	for r, s := range map[rune]string{'œ': "oe", 'Œ': "oe", 'æ': "ae", 'Æ': "ae", 'ß': "ss", 'ø': "o", 'Ø': "o",
		'đ': "d", 'Đ': "d", 'ł': "l", 'Ł': "l", 'ı': "i", 'ŀ': "l", 'Ŀ': "l", 'ĳ': "ij", 'Ĳ': "ij", 'þ': "th", 'Þ': "th"} {
		t[r] = s
	}
	return t
}()

// foldBytes is text in the form search compares: lower case, accents dropped (precomposed or
// combining), œ as oe and ß as ss, terminal escape sequences as a space. Line breaks stay
// where they are, so line numbers hold.
func foldBytes(data []byte) []byte { return foldInto(make([]byte, 0, len(data)), data) }

// lowerASCII lowers ASCII letters.
var lowerASCII = func() (t [128]byte) {
	for c := range t {
		t[c] = byte(c)
		if 'A' <= c && c <= 'Z' {
			t[c] += 'a' - 'A'
		}
	}
	return t
}()

// foldInto appends the folded data to out (see foldBytes). Plain ASCII goes eight bytes at a
// time, lowered as it is copied: in each byte, under 0x80, adding 0x3f sets the high bit from
// 'A' up and adding 0x25 from 'Z'+1 up, so their difference marks the capitals, whose 0x20
// bit is then set.
func foldInto(out, data []byte) []byte {
	const high, ones, esc = 0x8080808080808080, 0x0101010101010101, 0x1b1b1b1b1b1b1b1b
	const fromA, pastZ = 0x3f3f3f3f3f3f3f3f, 0x2525252525252525
	out = slices.Grow(out, len(data)+8)
	for i := 0; i < len(data); {
		for i+8 <= len(data) && cap(out)-len(out) >= 8 {
			w := binary.LittleEndian.Uint64(data[i:])
			if x := w ^ esc; (w|(x-ones)&^x)&high != 0 { // a byte over 0x7f, or an escape
				break
			}
			n := len(out)
			out = out[:n+8]
			binary.LittleEndian.PutUint64(out[n:], w|(((w+fromA)^(w+pastZ))&high)>>2)
			i += 8
		}
		if i == len(data) {
			break
		}
		c := data[i]
		if c == 0x1b && i+1 < len(data) && data[i+1] == '[' {
			i = skipCSI(data, i+2)
			out = append(out, ' ')
			continue
		}
		if c < 0x80 {
			out = append(out, lowerASCII[c])
			i++
			continue
		}
		if c >= 0xc2 && c <= 0xc9 && i+1 < len(data) && data[i+1]&0xc0 == 0x80 { // U+0080–U+027F, accents mostly
			if r := rune(c&0x1f)<<6 | rune(data[i+1]&0x3f); r < 0x250 {
				out = append(out, foldTable[r]...)
				i += 2
				continue
			}
		}
		r, n := utf8.DecodeRune(data[i:])
		i += n
		switch {
		case r < 0x250:
			out = append(out, foldTable[r]...)
		case unicode.Is(unicode.Mn, r):
		default:
			out = utf8.AppendRune(out, unicode.ToLower(r))
		}
	}
	return out
}

// skipCSI returns the index after the control sequence whose parameters start at i.
func skipCSI(data []byte, i int) int {
	for i < len(data) && data[i] != '\n' {
		c := data[i]
		i++
		if 0x40 <= c && c <= 0x7e {
			break
		}
	}
	return i
}
