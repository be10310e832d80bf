package memstore

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math"
	"slices"
	"strings"
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

// scan counts the lines of a folded file holding each term, and keeps the lines holding all.
func (fs *fileScan) scan(folded []byte, terms [][]byte) {
	fs.bytes = len(folded)
	fs.lines = bytes.Count(folded, []byte{'\n'}) + 1
	fs.df = make([]int, len(terms))
	anchor := 0 // the longest term: the fewest candidates
	for i, t := range terms {
		fs.df[i] = countLines(folded, t)
		if len(t) > len(terms[anchor]) {
			anchor = i
		}
	}
	if slices.Contains(fs.df, 0) {
		return
	}
	lineNo, counted := 0, 0
	eachLine(folded, terms[anchor], func(start, end int) {
		lineNo += bytes.Count(folded[counted:start], []byte{'\n'})
		counted = start
		l := folded[start:end]
		if headingLevel(string(l[:min(len(l), 3)])) > 0 {
			return
		}
		h := scanHit{line: lineNo, tf: make([]int, len(terms)), len: len(l)}
		for i, t := range terms {
			if h.tf[i] = countWords(l, t); h.tf[i] == 0 {
				return
			}
		}
		fs.hits = append(fs.hits, h)
	})
}

// eachLine calls fn once for every line of text holding term at the start of a word, in order.
func eachLine(text, term []byte, fn func(start, end int)) {
	for pos := 0; pos < len(text); {
		i := bytes.Index(text[pos:], term)
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
	n := 0
	eachLine(text, term, func(int, int) { n++ })
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

// wordByte reports whether b is part of a word: an ASCII letter or digit, or any byte of a
// non-ASCII character left by folding.
func wordByte(b byte) bool {
	return b >= 0x80 || 'a' <= b && b <= 'z' || '0' <= b && b <= '9' || 'A' <= b && b <= 'Z'
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
	found := 0
	for _, s := range scans {
		found += len(s.hits)
	}
	hits := make([]Hit, 0, found) // superseded and filtered lines aside, each candidate is a hit
	rec := recencies{now: now, memo: map[string]float64{}}
	for _, s := range scans {
		hits = s.collect(hits, idf, avg, &rec, q)
	}
	if len(hits) == 0 {
		hits = nil // no hit: no list (nil), whatever was sized
	}
	slices.SortFunc(hits, compareHits)
	r := Results{Total: len(hits)}
	hits = hits[min(max(q.Offset, 0), len(hits)):]
	if q.Limit > 0 && len(hits) > q.Limit {
		hits = hits[:q.Limit]
	}
	r.Hits = hits
	return r
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
	lines, secs := s.doc.parsed()
	fileDate := s.job.date
	for _, h := range s.hits {
		if h.line >= len(lines) {
			continue
		}
		hit := Hit{Project: s.job.p.Name, Path: s.job.path, Line: h.line + 1, Text: strings.TrimSpace(lines[h.line]), Date: fileDate}
		if i := slices.IndexFunc(secs, func(sec Section) bool { return sec.Start < h.line && h.line < sec.End }); i >= 0 {
			hit.Section = secs[i].Heading
			if fileDate == "" && IsDate(hit.Section) {
				hit.Date = hit.Section
			}
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

// foldInto appends the folded data to out (see foldBytes).
func foldInto(out, data []byte) []byte {
	for i := 0; i < len(data); {
		if j := asciiRun(data[i:]); j > 0 {
			n := len(out)
			out = slices.Grow(out, j)[:n+j]
			for k, c := range data[i : i+j] {
				out[n+k] = lowerASCII[c]
			}
			i += j
			continue
		}
		c := data[i]
		if c == 0x1b && i+1 < len(data) && data[i+1] == '[' {
			i = skipCSI(data, i+2)
			out = append(out, ' ')
			continue
		}
		if c < 0x80 {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			out = append(out, c)
			i++
			continue
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

// asciiRun is the length of the run of plain ASCII (no escape) data starts with, eight bytes
// at a time while it can.
func asciiRun(data []byte) int {
	const high, ones, esc = 0x8080808080808080, 0x0101010101010101, 0x1b1b1b1b1b1b1b1b
	i := 0
	for ; i+8 <= len(data); i += 8 {
		w := binary.LittleEndian.Uint64(data[i:])
		x := w ^ esc // a zero byte where data holds an escape
		if (w|(x-ones)&^x)&high != 0 {
			break
		}
	}
	for ; i < len(data); i++ {
		if c := data[i]; c >= 0x80 || c == 0x1b {
			return i
		}
	}
	return i
}
