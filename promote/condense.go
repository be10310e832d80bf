package promote

import (
	"fmt"
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
	secs := lmSections(d)
	var bs []lmBlock
	for _, s := range secs {
		for _, b := range lmBlocks(d, s) {
			if b.bullet {
				bs = append(bs, b)
			}
		}
	}
	corpus := make([]string, len(bs))
	for i, b := range bs {
		corpus[i] = b.text
	}
	x := memstore.NewDedupIndex(corpus)
	var leaders []int             // per index entry, the bullet that stays
	var kept []map[string]bool    // per index entry, the words of its fullest wording
	members := map[int][]string{} // per index entry, the texts merged into it
	drop := map[int]bool{}        // first lines of the bullets that go
	for i, b := range slices.Backward(bs) {

		bw := x.Words(b.text)
		id := x.FindFunc(b.text, func(id int) bool { return memstore.Subset(bw, kept[id]) || memstore.Subset(kept[id], bw) })
		switch {
		case id < 0:
			x.Add(b.text)
			leaders = append(leaders, i)
			kept = append(kept, bw)
			continue
		case b.simple():
			drop[b.line] = true
			members[id] = append(members[id], b.text)
		case bs[leaders[id]].simple(): // a bullet with nested lines holds the fact: it stays
			lead := bs[leaders[id]]
			drop[lead.line] = true
			members[id] = append(members[id], lead.text)
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
		all := append([]string{lead.text}, members[id]...)
		best := lead.text
		if lead.simple() { // the wording with the most words, then the longest
			bw := x.Words(best)
			for _, t := range all {
				tw := x.Words(t)
				if len(tw) > len(bw) || len(tw) == len(bw) && utf8.RuneCountInString(t) > utf8.RuneCountInString(best) {
					best, bw = t, tw
				}
			}
			if best != lead.text {
				d.SetBulletText(memstore.Bullet{Line: lead.line, End: lead.end}, best)
			}
		}
		merges = append(merges, Merge{Kept: best, Dropped: removeOne(all, best)})
	}
	// bottom up: the edits of a section leave the line numbers above it as they were
	for i := range slices.Backward(secs) {
		cur := lmSections(d)
		removeBlocks(d, lmBlocks(d, cur[i]), func(b lmBlock) bool { return b.bullet && drop[b.line] })
		cur = lmSections(d)
		if bodyEnd(d, cur[i]) == cur[i].start+1 {
			removeSection(d, cur, i)
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
		secs := lmSections(d)
		var dated []int
		host := -1
		for i, s := range secs {
			switch {
			case s.date != "":
				dated = append(dated, i)
			case s.condensed && host < 0:
				host = i
			}
		}
		if len(dated) < 2 {
			break
		}
		slices.SortStableFunc(dated, func(a, b int) int { return strings.Compare(secs[a].date, secs[b].date) })
		s := secs[dated[0]]
		folded = append(folded, s.date)
		if host < 0 {
			d.SetLine(s.start, "## "+condensedTitle(lang, s.date, s.date))
			continue
		}
		h := secs[host]
		first, last := min(h.first, s.date), max(h.last, s.date)
		// the section's content, without its leading and trailing blank lines, goes at the
		// end of the host's content
		from, to := s.start+1, bodyEnd(d, s)
		for _, b := range lmBlocks(d, s) {
			if !b.blank || b.line >= to {
				break
			}
			from = b.end
		}
		add := d.Lines()[from:max(from, to)]
		at := bodyEnd(d, h)
		d.InsertLines(at, add...)
		start := s.start
		if at <= start {
			start += len(add)
		}
		secs = lmSections(d)
		for i, o := range secs {
			if o.start == start {
				removeSection(d, secs, i)
				break
			}
		}
		for _, o := range lmSections(d) {
			if o.condensed {
				d.SetLine(o.start, "## "+condensedTitle(lang, first, last))
				break
			}
		}
	}
	return folded
}

// condensedSection returns the condensed section.
func condensedSection(d *memstore.Doc) (lmSec, bool) {
	for _, s := range lmSections(d) {
		if s.condensed {
			return s, true
		}
	}
	return lmSec{}, false
}

// join saves up to need lines by joining consecutive one-line facts of the condensed section
// into one bullet ("a; b"), oldest first, each joined bullet at most maxJoined runes long and
// never one the secret guard would refuse. It returns how many bullets were joined.
func join(d *memstore.Doc, need int) int {
	s, ok := condensedSection(d)
	if !ok {
		return 0
	}
	joined := 0
	blocks := lmBlocks(d, s)
	var out []*lmBlock
	gone := map[int]bool{}
	for i := range blocks {
		b := &blocks[i]
		if joined < need && b.simple() && len(out) > 0 {
			prev := out[len(out)-1]
			if prev.simple() {
				t := strings.TrimRight(prev.text, " .;") + "; " + b.text
				if utf8.RuneCountInString(t) <= maxJoined && secret.Detect(t) == "" {
					prev.text = t
					d.SetBulletText(memstore.Bullet{Line: prev.line, End: prev.end}, t)
					gone[b.line] = true
					joined++
					continue
				}
			}
		}
		out = append(out, b)
	}
	removeBlocks(d, blocks, func(b lmBlock) bool { return gone[b.line] })
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
	blocks := lmBlocks(d, s)
	var facts []string
	first := -1
	for _, b := range blocks {
		if b.simple() {
			facts = append(facts, b.text)
			if first < 0 {
				first = b.line
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
	removeBlocks(d, blocks, lmBlock.simple)
	if len(repl) > 0 {
		d.InsertLines(first, repl...)
	}
	return secrets, true, nil
}
