package promote

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"carnet/memstore"
	"carnet/secret"
)

// Condenser proposes a shorter wording for a list of long-memory facts: a model extractor,
// typically. Its answer is a proposal like any other: it shows in the plan's diff, and the loss
// guard refuses it when it drops too many facts.
type Condenser interface {
	// Condense returns facts rewritten in at most target bullets (one string per bullet).
	Condense(facts []string, target int) ([]string, error)
}

// Merge is a group of near-duplicate facts condensation turned into one.
type Merge struct {
	Kept    string   // the bullet that stays (the longest wording of the group)
	Dropped []string // the bullets merged into it
}

// condensed reports what condensation did.
type condensed struct {
	merges  []Merge
	folded  []string // dates of the sections folded into the condensed section
	joined  int      // bullets joined into the one before them
	model   bool     // the condenser rewrote the condensed section
	secrets int      // bullets of the condenser left out because they look like secrets
	over    int      // lines still over the limit
}

// maxJoined bounds the length of a bullet made by joining facts, in runes.
const maxJoined = 320

// condense brings long memory under max lines, deterministically and without losing a fact:
// near-duplicate bullets merge (the fullest wording stays, where the last one was), then the
// oldest dated sections fold into one "## Condensé — first → last" section (all but the newest),
// then consecutive one-line facts of that section are joined ("a; b") — or, with a Condenser,
// rewritten by it. Each step runs only while the file is over the limit; a file at or under it
// is returned as it is, and condensing the result again changes nothing.
func condense(data []byte, max int, lang string, cond Condenser) ([]byte, condensed, error) {
	var info condensed
	d := memstore.ParseDoc(data)
	if d.Len() <= max {
		return data, info, nil
	}
	info.merges = mergeDuplicates(d)
	if d.Len() > max {
		info.folded = fold(d, max, lang)
	}
	if d.Len() > max {
		if cond != nil {
			secrets, ok, err := rewrite(d, cond, d.Len()-max)
			if err != nil {
				return nil, info, err
			}
			info.model, info.secrets = ok, secrets
		} else {
			info.joined = join(d, d.Len()-max)
		}
	}
	if n := d.Len(); n > max {
		info.over = n - max
	}
	return render(d, noFinalNewline(data)), info, nil
}

// mergeDuplicates drops every one-line bullet that a later bullet of the file says as well:
// near-duplicates (memstore.Similar) where one wording holds all the content words of the
// other, so the wording that stays loses nothing ("X" and "X (confirmé)" merge; "export of A
// is async" and "export of B is async" do not). A fact restated keeps its latest place (long
// memory is oldest first: that is where it was last confirmed) and its fullest wording.
// Bullets with nested lines are never dropped nor rewritten; they absorb their one-line
// duplicates. Sections left empty go.
func mergeDuplicates(d *memstore.Doc) []Merge {
	secs := d.Spans()
	var bs []memstore.Block
	for _, s := range secs {
		for _, b := range d.Blocks(s) {
			if b.Bullet {
				bs = append(bs, b)
			}
		}
	}
	corpus := make([]string, len(bs))
	for i, b := range bs {
		corpus[i] = b.Text
	}
	x := memstore.NewDedupIndex(corpus)
	var leaders []int             // per index entry, the bullet that stays
	var kept []map[string]bool    // per index entry, the words of its fullest wording
	members := map[int][]string{} // per index entry, the texts merged into it
	drop := map[int]bool{}        // first lines of the bullets that go
	for i, b := range slices.Backward(bs) {

		bw := x.Words(b.Text)
		id := x.FindFunc(b.Text, func(id int) bool { return memstore.Subset(bw, kept[id]) || memstore.Subset(kept[id], bw) })
		switch {
		case id < 0:
			x.Add(b.Text)
			leaders = append(leaders, i)
			kept = append(kept, bw)
			continue
		case b.Simple():
			drop[b.Line] = true
			members[id] = append(members[id], b.Text)
		case bs[leaders[id]].Simple(): // a bullet with nested lines holds the fact: it stays
			lead := bs[leaders[id]]
			drop[lead.Line] = true
			members[id] = append(members[id], lead.Text)
			leaders[id] = i
		}
		if memstore.Subset(kept[id], bw) {
			kept[id] = bw
		}
	}
	if len(drop) == 0 {
		return nil
	}
	var merges []Merge
	for id, leader := range slices.Backward(leaders) { // file order of the bullets that stay
		if len(members[id]) == 0 {
			continue
		}
		lead := bs[leader]
		all := append([]string{lead.Text}, members[id]...)
		best := lead.Text
		if lead.Simple() { // the wording with the most words, then the longest
			bw := x.Words(best)
			for _, t := range all {
				tw := x.Words(t)
				if len(tw) > len(bw) || len(tw) == len(bw) && utf8.RuneCountInString(t) > utf8.RuneCountInString(best) {
					best, bw = t, tw
				}
			}
			if best != lead.Text {
				d.SetBulletText(memstore.Bullet{Line: lead.Line, End: lead.End}, best)
			}
		}
		merges = append(merges, Merge{Kept: best, Dropped: removeOne(all, best)})
	}
	// bottom up: the edits of a section leave the line numbers above it as they were
	for i := range slices.Backward(secs) {
		d.RemoveBlocks(d.Blocks(d.SpanAt(i)), func(b memstore.Block) bool { return b.Bullet && drop[b.Line] })
		if cur := d.SpanAt(i); d.BodyEnd(cur) == cur.Start+1 {
			d.RemoveSection(cur.Start)
		}
	}
	return merges
}

func removeOne(list []string, s string) []string {
	for i, v := range list {
		if v == s {
			return append(append([]string{}, list[:i]...), list[i+1:]...)
		}
	}
	return list
}

// condensedTitle is the heading of the section that holds folded facts.
func condensedTitle(lang, first, last string) string {
	if lang == "en" {
		return fmt.Sprintf("Condensed — %s → %s", first, last)
	}
	return fmt.Sprintf("Condensé — %s → %s", first, last)
}

// fold moves the oldest dated sections, one at a time, into the condensed section (the
// existing one, else the oldest folded section becomes it) until the file fits. The newest
// dated section is never folded. It returns the dates folded, oldest first.
func fold(d *memstore.Doc, limit int, lang string) []string {
	var folded []string
	for d.Len() > limit {
		// the oldest dated section (the first of the oldest date) and the first condensed one
		var s, h memstore.Section
		dated, host := 0, false
		for _, sp := range d.AllSpans() {
			switch _, _, condensed := condensedRange(sp); {
			case memstore.IsDate(sp.Heading):
				if dated == 0 || sp.Heading < s.Heading {
					s = sp
				}
				dated++
			case condensed && !host:
				h, host = sp, true
			}
		}
		if dated < 2 {
			break
		}
		date := s.Heading
		folded = append(folded, date)
		if !host {
			d.SetLine(s.Start, "## "+condensedTitle(lang, date, date))
			continue
		}
		hFirst, hLast, _ := condensedRange(h)
		first, last := min(hFirst, date), max(hLast, date)
		// the section's content, without its leading and trailing blank lines, goes at the
		// end of the host's content
		from, to := s.Start+1, d.BodyEnd(s)
		for _, b := range d.Blocks(s) {
			if !b.Blank || b.Line >= to {
				break
			}
			from = b.End
		}
		add := d.LinesIn(from, to)
		at := d.BodyEnd(h)
		d.InsertLines(at, add...)
		start := s.Start
		if at <= start {
			start += len(add)
		}
		d.RemoveSection(start)
		if o, ok := condensedSection(d); ok {
			d.SetLine(o.Start, "## "+condensedTitle(lang, first, last))
		}
	}
	return folded
}

// condensedSection returns the condensed section.
func condensedSection(d *memstore.Doc) (memstore.Section, bool) {
	for _, s := range d.AllSpans() {
		if _, _, ok := condensedRange(s); ok {
			return s, true
		}
	}
	return memstore.Section{}, false
}

// condensedHeading recognises the heading promotion writes for folded sections.
var condensedHeading = regexp.MustCompile(`^(?i:condens\S*)\s.*?(\d{4}-\d{2}-\d{2})\s*(?:→|->|-|…|\.\.)\s*(\d{4}-\d{2}-\d{2})\s*$`)

// condensedRange reads the dates a condensed section covers, first → last, from its heading.
func condensedRange(s memstore.Section) (first, last string, ok bool) {
	if s.Heading == "" || s.Heading[0]|0x20 != 'c' {
		return "", "", false // the expression's first letter, c or C (no other letter folds to it)
	}
	m := condensedHeading.FindStringSubmatch(s.Heading)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

// longDate is the date a section of long memory stands for: its heading's, or for the
// condensed section the first date it covers.
func longDate(s memstore.Section) string {
	if first, _, ok := condensedRange(s); ok {
		return first
	}
	if memstore.IsDate(s.Heading) {
		return s.Heading
	}
	return ""
}

// render is the document's bytes; a file that had no final newline keeps none.
func render(d *memstore.Doc, noFinalNewline bool) []byte {
	if noFinalNewline {
		d.DropFinalNewline()
	}
	return d.Bytes()
}

// noFinalNewline reports whether data ends without a newline.
func noFinalNewline(data []byte) bool { return len(data) > 0 && data[len(data)-1] != '\n' }

// join saves up to need lines by joining consecutive one-line facts of the condensed section
// into one bullet ("a; b"), oldest first, each joined bullet at most maxJoined runes long and
// never one the secret guard would refuse. It returns how many bullets were joined.
func join(d *memstore.Doc, need int) int {
	s, ok := condensedSection(d)
	if !ok {
		return 0
	}
	joined := 0
	blocks := d.Blocks(s)
	var out []*memstore.Block
	gone := map[int]bool{}
	for i := range blocks {
		b := &blocks[i]
		if joined < need && b.Simple() && len(out) > 0 {
			prev := out[len(out)-1]
			if prev.Simple() {
				t := strings.TrimRight(prev.Text, " .;") + "; " + b.Text
				if utf8.RuneCountInString(t) <= maxJoined && secret.Detect(t) == "" {
					prev.Text = t
					d.SetBulletText(memstore.Bullet{Line: prev.Line, End: prev.End}, t)
					gone[b.Line] = true
					joined++
					continue
				}
			}
		}
		out = append(out, b)
	}
	d.RemoveBlocks(blocks, func(b memstore.Block) bool { return gone[b.Line] })
	return joined
}

// rewrite asks the condenser for a shorter wording of the condensed section's one-line facts,
// need lines shorter. It reports how many of the condenser's bullets were left out as secrets,
// and whether the section changed.
func rewrite(d *memstore.Doc, cond Condenser, need int) (secrets int, changed bool, err error) {
	s, ok := condensedSection(d)
	if !ok {
		return 0, false, nil
	}
	blocks := d.Blocks(s)
	var facts []string
	first := -1
	for _, b := range blocks {
		if b.Simple() {
			facts = append(facts, b.Text)
			if first < 0 {
				first = b.Line
			}
		}
	}
	target := len(facts) - need
	if len(facts) == 0 || target < 1 {
		target = 1
	}
	if len(facts) == 0 {
		return 0, false, nil
	}
	got, err := cond.Condense(facts, target)
	if err != nil {
		return 0, false, fmt.Errorf("condenser: %w", err)
	}
	var repl []string
	for _, t := range got {
		t = strings.Join(strings.Fields(strings.TrimLeft(strings.TrimSpace(t), "-*+ ")), " ")
		if t == "" {
			continue
		}
		if secret.Detect(t) != "" {
			secrets++ // the write guard would refuse the whole file: leave it out, the loss guard counts it
			continue
		}
		repl = append(repl, "- "+t)
	}
	d.RemoveBlocks(blocks, memstore.Block.Simple)
	if len(repl) > 0 {
		d.InsertLines(first, repl...)
	}
	return secrets, true, nil
}
