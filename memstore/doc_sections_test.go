package memstore

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// sectionLines are the lines the random documents are made of: headings, code block fences
// (indented or not, closing or not), bullets with their indented lines, blank lines.
var sectionLines = []string{
	"# Title", "#", "## 2024-01-01", "## 2024-02-01", "## Condensé — 2023-01-01 → 2023-02-01",
	"## Contexte", "##", "## ", "- a fact", "- ", "* other", "+ third", "  more of it", "\tnested",
	"  - nested bullet", "```", "```go", "````", "~~~", "  ```", "\t~~~", "``` not a close",
	"", "", " ", "  ", "text", "`inline`", "~tilde", "## after ```",
}

func randomLines(r *rand.Rand, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = sectionLines[r.IntN(len(sectionLines))]
	}
	return out
}

// checkSections compares what a document keeps between edits with a reading of its lines
// from scratch, and BodyEnd with the one read from the blocks.
func checkSections(t *testing.T, d *Doc, what string) {
	t.Helper()
	fresh := &Doc{lines: slices.Clone(d.lines)} // the same lines, never read yet
	want := fresh.sections()
	if d.secsOK && !slices.Equal(d.secs, want) {
		t.Fatalf("%s: cached sections\n%+v\nread anew\n%+v\nin\n%q", what, d.secs, want, d.Lines())
	}
	got := d.Spans()
	if w := fresh.Spans(); !slices.Equal(got, w) {
		t.Fatalf("%s: spans %+v, want %+v", what, got, w)
	}
	for i, s := range d.AllSpans() {
		if s != got[i] || d.SpanAt(i) != s {
			t.Fatalf("%s: span %d is %+v / %+v, want %+v", what, i, s, d.SpanAt(i), got[i])
		}
		if e, w := d.BodyEnd(s), d.bodyEndOfBlocks(s); e != w {
			t.Fatalf("%s: body end of %+v is %d, the blocks say %d in\n%q", what, s, e, w, d.Lines())
		}
	}
}

// Every edit keeps the sections a document holds what reading it anew gives, whatever lines
// it adds, removes or replaces (headings, code block fences, bullets).
func TestSectionCacheMatchesRescan(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	dateOf := func(s Section) string { return s.Heading }
	for doc := range 300 {
		d := ParseDoc([]byte(strings.Join(randomLines(r, r.IntN(30)), "\n")))
		checkSections(t, d, fmt.Sprintf("doc %d parsed", doc))
		for step := range 40 {
			n := d.Len()
			at := r.IntN(n + 1)
			to := at + r.IntN(n-at+1)
			what := fmt.Sprintf("doc %d step %d", doc, step)
			switch op := r.IntN(10); op {
			case 0:
				d.InsertLines(at, randomLines(r, 1+r.IntN(4))...)
			case 1:
				d.RemoveLines(at, to)
			case 2:
				if at < n {
					d.SetLine(at, sectionLines[r.IntN(len(sectionLines))])
				}
			case 3:
				d.replaceLines(at, to, randomLines(r, r.IntN(4)))
			case 4:
				d.AddDatedBullet(fmt.Sprintf("2024-0%d-01", 1+r.IntN(3)), "dated", dateOf)
			case 5:
				if sp := d.Spans(); len(sp) > 0 {
					d.RemoveSection(sp[r.IntN(len(sp))].Start)
				}
			case 6:
				if sp := d.Spans(); len(sp) > 0 {
					s := sp[r.IntN(len(sp))]
					d.RemoveBlocks(d.Blocks(s), func(Block) bool { return r.IntN(2) == 0 })
				}
			case 7:
				if bs := d.AllBullets(); len(bs) > 0 {
					b := bs[r.IntN(len(bs))]
					if r.IntN(2) == 0 {
						d.SetBulletText(b.Bullet, sectionLines[r.IntN(len(sectionLines))])
					} else {
						d.RemoveBullet(b.Section, b.Bullet)
					}
				}
			case 8:
				d.AppendBullet(KeyContext, "Contexte", "appended", LogOrder, randomLines(r, r.IntN(2))...)
			case 9:
				d = d.Clone() // the copy keeps its own sections
			}
			checkSections(t, d, what)
		}
	}
}
