package promote

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"carnet/memstore"
	"carnet/memstore/secret"
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
	l := parseLM(data)
	if l.lineCount() <= max {
		return data, info, nil
	}
	info.merges = l.mergeDuplicates()
	if l.lineCount() > max {
		info.folded = l.fold(max, lang)
	}
	if l.lineCount() > max {
		if cond != nil {
			ok, err := l.rewrite(cond, l.lineCount()-max)
			if err != nil {
				return nil, info, err
			}
			info.model, info.secrets = ok, l.secrets
		} else {
			info.joined = l.join(l.lineCount() - max)
		}
	}
	if n := l.lineCount(); n > max {
		info.over = n - max
	}
	return l.bytes(), info, nil
}

// mergeDuplicates drops every one-line bullet that a later bullet of the file says as well:
// near-duplicates (memstore.Similar) where one wording holds all the content words of the
// other, so the wording that stays loses nothing ("X" and "X (confirmé)" merge; "export of A
// is async" and "export of B is async" do not). A fact restated keeps its latest place (long
// memory is oldest first: that is where it was last confirmed) and its fullest wording.
// Bullets with nested lines are never dropped nor rewritten; they absorb their one-line
// duplicates. Sections left empty go.
func (l *lmDoc) mergeDuplicates() []Merge {
	bs := l.bullets()
	corpus := make([]string, len(bs))
	for i, b := range bs {
		corpus[i] = b.text
	}
	x := memstore.NewDedupIndex(corpus)
	var leaders []*lmBlock        // per index entry, the bullet that stays
	var kept []map[string]bool    // per index entry, the words of its fullest wording
	members := map[int][]string{} // per index entry, the texts merged into it
	drop := map[*lmBlock]bool{}
	for i := len(bs) - 1; i >= 0; i-- {
		b := bs[i]
		bw := x.Words(b.text)
		id := x.FindFunc(b.text, func(id int) bool { return memstore.Subset(bw, kept[id]) || memstore.Subset(kept[id], bw) })
		switch {
		case id < 0:
			x.Add(b.text)
			leaders = append(leaders, b)
			kept = append(kept, bw)
			continue
		case b.simple():
			drop[b] = true
			members[id] = append(members[id], b.text)
		case leaders[id].simple(): // a bullet with nested lines holds the fact: it stays
			drop[leaders[id]] = true
			members[id] = append(members[id], leaders[id].text)
			leaders[id] = b
		}
		if memstore.Subset(kept[id], bw) {
			kept[id] = bw
		}
	}
	if len(drop) == 0 {
		return nil
	}
	var merges []Merge
	for id := len(leaders) - 1; id >= 0; id-- { // file order of the bullets that stay
		if len(members[id]) == 0 {
			continue
		}
		lead := leaders[id]
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
				lead.setText(best)
			}
		}
		merges = append(merges, Merge{Kept: best, Dropped: removeOne(all, best)})
	}
	for i := len(l.secs) - 1; i >= 0; i-- {
		s := l.secs[i]
		keep := s.blocks[:0]
		for _, b := range s.blocks {
			if !drop[b] {
				keep = append(keep, b)
			}
		}
		s.blocks = keep
		if !s.hasContent() {
			l.removeSection(i)
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
func (l *lmDoc) fold(max int, lang string) []string {
	var dated []*lmSec
	var host *lmSec
	for _, s := range l.secs {
		switch {
		case s.date != "":
			dated = append(dated, s)
		case s.condensed && host == nil:
			host = s
		}
	}
	sort.SliceStable(dated, func(i, j int) bool { return dated[i].date < dated[j].date })
	if len(dated) < 2 {
		return nil
	}
	var folded []string
	for _, s := range dated[:len(dated)-1] {
		if l.lineCount() <= max {
			break
		}
		folded = append(folded, s.date)
		if host == nil {
			host = s
			host.condensed, host.first, host.last, host.date = true, s.date, s.date, ""
		} else {
			body, tail := host.content()
			add, _ := s.content()
			for len(add) > 0 && add[0].blank() {
				add = add[1:]
			}
			host.blocks = append(append(append([]*lmBlock{}, body...), add...), tail...)
			for i, o := range l.secs {
				if o == s {
					l.removeSection(i)
					break
				}
			}
			if s.date < host.first {
				host.first = s.date
			}
			if s.date > host.last {
				host.last = s.date
			}
		}
		host.title = condensedTitle(lang, host.first, host.last)
		host.heading = l.line("## " + host.title)
	}
	return folded
}

// condensedSection returns the condensed section, or nil.
func (l *lmDoc) condensedSection() *lmSec {
	for _, s := range l.secs {
		if s.condensed {
			return s
		}
	}
	return nil
}

// join saves up to need lines by joining consecutive one-line facts of the condensed section
// into one bullet ("a; b"), oldest first, each joined bullet at most maxJoined runes long and
// never one the secret guard would refuse. It returns how many bullets were joined.
func (l *lmDoc) join(need int) int {
	s := l.condensedSection()
	if s == nil {
		return 0
	}
	joined := 0
	var out []*lmBlock
	for _, b := range s.blocks {
		if joined < need && b.simple() && len(out) > 0 {
			prev := out[len(out)-1]
			if prev.simple() {
				t := strings.TrimRight(prev.text, " .;") + "; " + b.text
				if utf8.RuneCountInString(t) <= maxJoined && secret.Detect(t) == "" {
					prev.setText(t)
					joined++
					continue
				}
			}
		}
		out = append(out, b)
	}
	s.blocks = out
	return joined
}

// rewrite asks the condenser for a shorter wording of the condensed section's one-line facts,
// need lines shorter. It reports whether the section changed.
func (l *lmDoc) rewrite(cond Condenser, need int) (bool, error) {
	l.secrets = 0
	s := l.condensedSection()
	if s == nil {
		return false, nil
	}
	var facts []string
	first := -1
	for i, b := range s.blocks {
		if b.simple() {
			facts = append(facts, b.text)
			if first < 0 {
				first = i
			}
		}
	}
	target := len(facts) - need
	if len(facts) == 0 || target < 1 {
		target = 1
	}
	if len(facts) == 0 {
		return false, nil
	}
	got, err := cond.Condense(facts, target)
	if err != nil {
		return false, fmt.Errorf("condenser: %w", err)
	}
	var repl []*lmBlock
	for _, t := range got {
		t = strings.Join(strings.Fields(strings.TrimLeft(strings.TrimSpace(t), "-*+ ")), " ")
		if t == "" {
			continue
		}
		if secret.Detect(t) != "" {
			l.secrets++ // the write guard would refuse the whole file: leave it out, the loss guard counts it
			continue
		}
		repl = append(repl, &lmBlock{lines: []string{l.line("- " + t)}, bullet: true, text: t})
	}
	var out []*lmBlock
	for i, b := range s.blocks {
		if i == first {
			out = append(out, repl...)
		}
		if !b.simple() {
			out = append(out, b)
		}
	}
	s.blocks = out
	return true, nil
}
