package gitrepo

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// gitRenameMinScore is git's default rename threshold (-M50%).
const gitRenameMinScore = 50

// gitDiffContext is the number of unchanged lines around each hunk, as in git.
const gitDiffContext = 3

// gitChange is one file change ready to show; a rename pairs a deleted file
// with an added one.
type gitChange struct {
	from, to string // from: old path (renames and deletions); to: new path ("" for a deletion)
	a, b     *gitFile
	score    int // similarity of a rename, in percent
}

// path is the path a change is listed under: the new one, else the old one.
func (c gitChange) path() string {
	if c.to != "" {
		return c.to
	}
	return c.from
}

// gitDescribe pairs renames among raws, counts added and deleted lines, and,
// when patch is not nil, writes the git-style unified diff of every change.
func gitDescribe(o *gitObjects, raws []gitRawChange, patch *strings.Builder) ([]FileChange, error) {
	changes, err := gitPairRenames(o, raws)
	if err != nil {
		return nil, err
	}
	out := make([]FileChange, 0, len(changes))
	for _, c := range changes {
		var a, b []byte
		missing := false
		if c.a != nil {
			if a, err = gitContent(o, c.a); o.missing(err) {
				missing = true
			} else if err != nil {
				return nil, err
			}
		}
		if c.b != nil {
			if b, err = gitContent(o, c.b); o.missing(err) {
				missing = true
			} else if err != nil {
				return nil, err
			}
		}
		fc := FileChange{Path: c.path(), Unknown: missing}
		switch {
		case c.a == nil:
			fc.Kind = "A"
		case c.b == nil:
			fc.Kind = "D"
		case c.from != c.to:
			fc.Kind, fc.From = "R", c.from
		default:
			fc.Kind = "M"
		}
		binary := gitIsBinary(a) || gitIsBinary(b)
		var ops []gitLineOp
		if !binary && !missing && (c.a == nil || c.b == nil || c.a.hash != c.b.hash) {
			ops = gitLineDiff(gitSplitLines(a), gitSplitLines(b))
			for _, op := range ops {
				switch op.kind {
				case '+':
					fc.Added++
				case '-':
					fc.Deleted++
				}
			}
		}
		out = append(out, fc)
		if patch != nil {
			gitWritePatch(patch, c, binary && !missing, ops)
		}
	}
	return out, nil
}

// missing says whether err is a blob a partial clone does not have (yet).
func (o *gitObjects) missing(err error) bool {
	return o.partial && errors.Is(err, plumbing.ErrObjectNotFound)
}

// gitContent returns the bytes of a file of a snapshot.
func gitContent(o *gitObjects, f *gitFile) ([]byte, error) {
	if f.data != nil || f.hash == gitEmptyBlob {
		return f.data, nil
	}
	return o.blob(f.hash)
}

// gitEmptyBlob is the hash of the empty file.
var gitEmptyBlob = plumbing.ComputeHash(plumbing.BlobObject, nil)

// gitIsBinary uses git's rule: a NUL byte in the first 8,000 bytes.
func gitIsBinary(data []byte) bool {
	return bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0
}

// gitPairRenames turns deleted+added pairs into renames: identical content
// first, then the most similar content above git's 50% threshold.
func gitPairRenames(o *gitObjects, raws []gitRawChange) ([]gitChange, error) {
	var out []gitChange
	var dels, adds []gitRawChange
	for _, r := range raws {
		switch {
		case r.a == nil:
			adds = append(adds, r)
		case r.b == nil:
			dels = append(dels, r)
		default:
			out = append(out, gitChange{from: r.path, to: r.path, a: r.a, b: r.b})
		}
	}
	sort.Slice(adds, func(i, j int) bool { return adds[i].path < adds[j].path })
	sort.Slice(dels, func(i, j int) bool { return dels[i].path < dels[j].path })
	usedDel := make([]bool, len(dels))
	usedAdd := make([]bool, len(adds))
	for i, ad := range adds {
		for j, de := range dels {
			if !usedDel[j] && de.a.hash == ad.b.hash {
				usedDel[j], usedAdd[i] = true, true
				out = append(out, gitChange{from: de.path, to: ad.path, a: de.a, b: ad.b, score: 100})
				break
			}
		}
	}
	// Inexact renames: score every remaining pair (moves are rare and few).
	type pair struct{ i, j, score int }
	var pairs []pair
	if len(adds)*len(dels) <= 100*100 {
		for i, ad := range adds {
			if usedAdd[i] {
				continue
			}
			b, err := gitContent(o, ad.b)
			if o.missing(err) {
				continue
			} else if err != nil {
				return nil, err
			}
			for j, de := range dels {
				if usedDel[j] {
					continue
				}
				a, err := gitContent(o, de.a)
				if o.missing(err) {
					continue
				} else if err != nil {
					return nil, err
				}
				if s := gitSimilarity(a, b); s >= gitRenameMinScore {
					pairs = append(pairs, pair{i, j, s})
				}
			}
		}
	}
	sort.SliceStable(pairs, func(x, y int) bool { return pairs[x].score > pairs[y].score })
	for _, p := range pairs {
		if usedAdd[p.i] || usedDel[p.j] {
			continue
		}
		usedAdd[p.i], usedDel[p.j] = true, true
		out = append(out, gitChange{from: dels[p.j].path, to: adds[p.i].path, a: dels[p.j].a, b: adds[p.i].b, score: p.score})
	}
	for i, ad := range adds {
		if !usedAdd[i] {
			out = append(out, gitChange{to: ad.path, b: ad.b})
		}
	}
	for j, de := range dels {
		if !usedDel[j] {
			out = append(out, gitChange{from: de.path, a: de.a})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].path() < out[j].path() })
	return out, nil
}

// gitSimilarity is the share (in percent) of the bigger file made of lines
// found in the other one.
func gitSimilarity(a, b []byte) int {
	if gitIsBinary(a) || gitIsBinary(b) {
		return 0
	}
	size := max(len(a), len(b))
	if size == 0 {
		return 100
	}
	count := map[string]int{}
	for _, l := range gitSplitLines(a) {
		count[l]++
	}
	same := 0
	for _, l := range gitSplitLines(b) {
		if count[l] > 0 {
			count[l]--
			same += len(l)
		}
	}
	return same * 100 / size
}

// gitSplitLines cuts data after each newline; the last line may lack one.
func gitSplitLines(data []byte) []string { return slices.Collect(strings.Lines(string(data))) }

// gitWritePatch writes one file of a git-style unified diff.
func gitWritePatch(w *strings.Builder, c gitChange, binary bool, ops []gitLineOp) {
	oldPath, newPath := c.from, c.to
	if oldPath == "" {
		oldPath = newPath
	}
	if newPath == "" {
		newPath = oldPath
	}
	fmt.Fprintf(w, "diff --git %s %s\n", gitQuote("a/"+oldPath), gitQuote("b/"+newPath))
	short := func(h plumbing.Hash) string { return h.String()[:7] }
	var ha, hb plumbing.Hash
	switch {
	case c.a == nil:
		fmt.Fprintf(w, "new file mode %o\n", uint32(c.b.mode))
		hb = c.b.hash
	case c.b == nil:
		fmt.Fprintf(w, "deleted file mode %o\n", uint32(c.a.mode))
		ha = c.a.hash
	default:
		ha, hb = c.a.hash, c.b.hash
		if c.a.mode != c.b.mode {
			fmt.Fprintf(w, "old mode %o\nnew mode %o\n", uint32(c.a.mode), uint32(c.b.mode))
		}
		if c.from != c.to {
			fmt.Fprintf(w, "similarity index %d%%\nrename from %s\nrename to %s\n", c.score, gitQuote(c.from), gitQuote(c.to))
		}
	}
	if ha == hb {
		return // a pure rename or mode change
	}
	fmt.Fprintf(w, "index %s..%s", short(ha), short(hb))
	if c.a != nil && c.b != nil && c.a.mode == c.b.mode {
		fmt.Fprintf(w, " %o", uint32(c.a.mode))
	}
	w.WriteString("\n")
	from, to := gitQuote("a/"+oldPath), gitQuote("b/"+newPath)
	if c.a == nil {
		from = "/dev/null"
	}
	if c.b == nil {
		to = "/dev/null"
	}
	if binary {
		fmt.Fprintf(w, "Binary files %s and %s differ\n", from, to)
		return
	}
	if len(ops) == 0 {
		return // an empty file added or deleted
	}
	fmt.Fprintf(w, "--- %s\n+++ %s\n", from, to)
	gitWriteHunks(w, ops, gitDiffContext)
}

// gitQuote quotes a path the way git does (core.quotePath): C escapes and
// octal bytes inside double quotes, only when needed.
func gitQuote(s string) string {
	need := false
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c == '"' || c == '\\' || c >= 0x7f {
			need = true
			break
		}
	}
	if !need {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\v':
			b.WriteString(`\v`)
		case '\f':
			b.WriteString(`\f`)
		case '\r':
			b.WriteString(`\r`)
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if c < 0x20 || c >= 0x7f {
				fmt.Fprintf(&b, `\%03o`, c)
			} else {
				b.WriteByte(c)
			}
		}
	}
	b.WriteByte('"')
	return b.String()
}
