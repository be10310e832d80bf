package hook

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// othersShare is the most of the budget the line naming the other projects may take.
const othersShare = 10 // percent

// fit keeps the most wanted bullets within the budget (and maxChars), then renders the kept
// ones in document order, each under its section heading. What it counts is what render
// writes, character for character, so the load never goes over: the title, then the first
// open item (cut at a word when the budget is tiny), the how-to lines and the warnings, the
// bullets from the most wanted down, and last the other projects, in what is left of at most
// a tenth of the budget.
func (l *Load) fit(maxChars int) {
	limit := l.Budget * 4 // characters
	if maxChars > 0 && maxChars < limit {
		limit = maxChars
	}
	used := runes(l.title)
	kept := map[*LoadPart]bool{}
	cost := func(p *LoadPart, b *loadBlock) int {
		c := runes(b.text)
		if !kept[p] {
			c += runes(partHeading(p)) + 2 // "\n## …\n"
			if p.list {
				c++ // the blank line before a list
			}
		}
		if b.head != nil && !b.head.kept {
			c += runes(b.head.text) + 1 // "\n### …\n"
		} else if b.head == nil && !p.list {
			c++ // a lone block of a part that is not a list is a paragraph
		}
		return c
	}
	keep := func(p *LoadPart, b *loadBlock, c int) {
		used += c
		b.kept = true
		if b.head != nil {
			b.head.kept = true
		}
		kept[p] = true
	}

	// The first open item, whatever the budget: cut short when it does not fit whole.
	for _, p := range l.Parts {
		if !p.open || len(p.blocks) == 0 {
			continue
		}
		b := p.blocks[0]
		if c := cost(p, b); used+c <= limit {
			keep(p, b, c)
		} else if room := limit - used - (c - runes(b.text)); room >= 16 {
			b.text = "- " + clipRunes(strings.TrimSuffix(strings.TrimPrefix(b.text, "- "), "\n"), room-3) + "\n"
			b.tokens = Tokens(b.text)
			keep(p, b, cost(p, b))
		}
		break
	}
	var head strings.Builder
	head.WriteString(l.title)
	if used+runes(l.howto) <= limit {
		head.WriteString(l.howto)
		used += runes(l.howto)
	} else {
		l.howto = "" // --explain counts what is there
	}
	for _, warn := range l.Warnings {
		if line := "\n> " + warn + "\n"; used+runes(line) <= limit {
			head.WriteString(line)
			used += runes(line)
		}
	}

	type ref struct {
		part *LoadPart
		b    *loadBlock
	}
	var all []ref
	for _, p := range l.Parts {
		for _, b := range p.blocks {
			if !b.isHeading() && !b.kept {
				all = append(all, ref{p, b})
			}
		}
	}
	sort.SliceStable(all, func(i, j int) bool {
		bi, bj := all[i].b, all[j].b
		return bi.priority < bj.priority || bi.priority == bj.priority && bi.age < bj.age
	})
	for _, r := range all {
		if c := cost(r.part, r.b); used+c <= limit {
			keep(r.part, r.b, c)
		}
	}
	head.WriteString(l.othersLine(min(limit-used, limit*othersShare/100)))
	l.head = head.String()

	var sb strings.Builder
	sb.WriteString(l.head)
	any := false
	for _, p := range l.Parts {
		body := p.render()
		if body == "" {
			continue
		}
		chunk := "\n" + partHeading(p) + "\n" + body
		p.Tokens = Tokens(chunk)
		sb.WriteString(chunk)
		any = true
	}
	if !any {
		l.Text, l.Tokens = "", 0
		return
	}
	l.Text = sb.String()
	l.Tokens = Tokens(l.Text)
}

// othersLine names the other projects in at most room characters ("\n…\n" included): all of
// them when they fit, else how many there are and the first ones; "" when not even that fits.
func (l *Load) othersLine(room int) string {
	if len(l.others) == 0 {
		return ""
	}
	line := "\n" + fmt.Sprintf(l.words.others, strings.Join(l.others, ", ")) + "\n"
	if runes(line) <= room {
		return line
	}
	for n := len(l.others) - 1; n >= 0; n-- {
		names := strings.Join(append(l.others[:n:n], "…"), ", ")
		line = "\n" + fmt.Sprintf(l.words.someOthers, len(l.others), names) + "\n"
		if runes(line) <= room {
			return line
		}
		if n > 64 { // far too long yet: jump to what the room can hold
			n = min(n, room/4+1)
		}
	}
	return ""
}

// clipRunes cuts s to at most n characters, at a word when it can, marking the cut with "…".
func clipRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	c := string(r[:max(n-1, 0)])
	if i := strings.LastIndexByte(c, ' '); i > len(c)/2 {
		c = c[:i]
	}
	return strings.TrimRight(c, " ,;:") + "…"
}

func runes(s string) int { return utf8.RuneCountInString(s) }
