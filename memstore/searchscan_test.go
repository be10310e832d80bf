package memstore

import (
	"bytes"
	"math/rand"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// foldRef is foldInto one byte at a time: what the fast paths must give.
func foldRef(data []byte) []byte {
	var out []byte
	for i := 0; i < len(data); {
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

// randomText mixes ASCII of every kind, accents, escapes and line breaks.
func randomText(r *rand.Rand, n int) []byte {
	parts := []string{"Migration ", "POSTGRES", "postgres", "migrations", "\n", "## Décisions\n", "é", "Œuvre", "\x1b[31m", "ß", "-", "AZaz@[`{", "  ", "\t", "日本", "e\u0301", "config", "Configuration"}
	var b []byte
	for len(b) < n {
		if r.Intn(3) == 0 {
			b = append(b, byte(r.Intn(128)))
		} else {
			b = append(b, parts[r.Intn(len(parts))]...)
		}
	}
	return b
}

func TestFoldIntoAsOneByteAtATime(t *testing.T) {
	t.Parallel()
	for c := range byte(0x80) { // every ASCII byte, in runs long enough for the eight-byte path
		run := bytes.Repeat([]byte{'x', c}, 9)
		if got, want := foldBytes(run), foldRef(run); !bytes.Equal(got, want) {
			t.Fatalf("byte %#x: %q, want %q", c, got, want)
		}
	}
	r := rand.New(rand.NewSource(7))
	for i := range 2000 {
		data := randomText(r, r.Intn(200))
		if got, want := foldBytes(data), foldRef(data); !bytes.Equal(got, want) {
			t.Fatalf("case %d: %q\nfolds to %q\nwant     %q", i, data, got, want)
		}
	}
}

// scanRef is scan line by line: the counts and hits the fast scan must give.
func scanRef(folded []byte, terms [][]byte) (lines int, df []int, hits []scanHit) {
	df = make([]int, len(terms))
	ls := strings.Split(string(folded), "\n")
	for n, l := range ls {
		lb := []byte(l)
		all := true
		tf := make([]int, len(terms))
		for i, t := range terms {
			tf[i] = countWords(lb, t)
			if tf[i] > 0 {
				df[i]++
			} else {
				all = false
			}
		}
		if all && headingLevel(l[:min(len(l), 3)]) == 0 {
			hits = append(hits, scanHit{line: n, tf: tf, len: len(l)})
		}
	}
	return len(ls), df, hits
}

func TestScanAsLineByLine(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(8))
	queries := [][][]byte{queryTerms("migration postgres"), queryTerms("config"), queryTerms("postgres migration config"), queryTerms("zz")}
	for i := range 1500 {
		folded := foldBytes(randomText(r, r.Intn(400)))
		for k, terms := range queries {
			lines, df, hits := scanRef(folded, terms)
			var known []int
			if (i+k)%2 == 1 { // the index's counts spare a pass, and give the same answer
				known = df
			}
			var s fileScan
			s.scan(folded, terms, known)
			if s.lines != lines || !slices.Equal(s.df, df) {
				t.Fatalf("case %d %q: lines %d df %v, want %d %v\n%q", i, terms, s.lines, s.df, lines, df, folded)
			}
			if slices.Contains(df, 0) {
				hits = nil
			}
			if len(s.hits) != len(hits) {
				t.Fatalf("case %d %q: %d hits, want %d\n%q", i, terms, len(s.hits), len(hits), folded)
			}
			for k, h := range hits {
				if g := s.hits[k]; g.line != h.line || !slices.Equal(g.tf, h.tf) || g.len != h.len {
					t.Fatalf("case %d %q: hit %+v, want %+v", i, terms, g, h)
				}
			}
		}
	}
}

// scanRaw, on the bytes as they are, finds what scan finds on the folded bytes, or says it
// cannot; on text whose terms are spelt in ASCII it always can.
func TestScanRawAsScan(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(9))
	queries := [][][]byte{queryTerms("migration postgres"), queryTerms("config"), queryTerms("postgres migration config")}
	took := 0
	var buf scanBufs
	for i := range 3000 {
		data := randomText(r, r.Intn(400))
		if i%3 == 0 { // plain ASCII, either case
			data = bytes.Map(func(c rune) rune {
				if c >= 0x80 || c == 0x1b {
					return 'x'
				}
				return c
			}, data)
		}
		folded := foldBytes(data)
		for _, terms := range queries {
			var want fileScan
			want.scan(folded, terms, nil)
			var got fileScan
			if !got.scanRaw(data, terms, want.df, want.lines, want.bytes, &buf) {
				if i%3 == 0 {
					t.Fatalf("case %d %q: scanRaw gave up on ASCII text %q", i, terms, data)
				}
				if got.hits != nil {
					t.Fatalf("case %d: gave up and kept hits", i)
				}
				continue
			}
			took++
			if got.lines != want.lines || got.bytes != want.bytes || !slices.Equal(got.df, want.df) || len(got.hits) != len(want.hits) {
				t.Fatalf("case %d %q: %d lines %v, %d hits; want %d %v, %d\n%q", i, terms, got.lines, got.df, len(got.hits), want.lines, want.df, len(want.hits), data)
			}
			for k, h := range want.hits {
				if g := got.hits[k]; g.line != h.line || !slices.Equal(g.tf, h.tf) || g.len != h.len {
					t.Fatalf("case %d %q: hit %+v, want %+v\n%q", i, terms, g, h, data)
				}
			}
		}
	}
	if took < 3000 {
		t.Errorf("scanRaw answered only %d times", took)
	}
}

// sortHits, which sorts large sets in two halves at once, orders as compareHits does.
func TestSortHitsAsCompareHits(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewSource(10))
	for _, n := range []int{0, 1, 7, 5000, 12345} {
		hits := make([]Hit, n)
		for i := range hits {
			hits[i] = Hit{Project: string(rune('a' + r.Intn(3))), Path: string(rune('p' + r.Intn(5))), Line: i,
				Date: "2026-01-0" + string(rune('1'+r.Intn(9))), Score: float64(r.Intn(50)) / 7}
		}
		want := slices.Clone(hits)
		slices.SortFunc(want, compareHits)
		if got := sortHits(hits); !slices.Equal(got, want) {
			t.Fatalf("%d hits: not in compareHits' order", n)
		}
	}
}
