package capture

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A closing text (or a plan) is read as an outline: headings — Markdown ones, bold lines,
// short lines ending with a colon — and under each, its list items and its prose. What a
// heading announces (next steps, decisions, lessons) is a cue (cues.go); the items are the
// agent's own words.

// part is what one heading announces.
type part struct {
	kind    string   // cueNext, cueDecisions, cueKnowledge, or "" for any other heading
	heading string   // the heading's text
	items   []string // its top-level list items (and an inline statement: "Next: run it")
	prose   []string // its first paragraph when it has no list
}

// outline reads text into parts, in order. Items nested under an item, continuation lines
// and code blocks belong to the item above them and are left out; an item longer than
// maxItem is clipped; an item ticked done is left out. Inside a part that announces
// something, a bold or colon line ("Then test:", "Backend:") groups the items under it
// into one: the steps of one thing to do, and a paragraph of its own after its items ends
// it. A decision or a lesson said on its heading's line ("Root cause: the mint was the old
// one") is whole: a colon line after it ("I fixed it by:", "Verified:") starts a part of its
// own; a few words there only name its subject ("Root Cause: Health Check Failure"), and
// the paragraph under it says it. Text before the first heading is a part with no heading.
func outline(text string) []part {
	var out []part
	cur := &part{}
	level, itemIndent := 0, -1
	group, grouped := "", []string(nil)
	endGroup := func() {
		if len(grouped) > 0 {
			cur.items = append(cur.items, clip(group+": "+strings.Join(grouped, "; "), maxItem))
		}
		group, grouped = "", nil
	}
	flush := func() {
		endGroup()
		if cur.heading != "" || len(cur.items) > 0 || len(cur.prose) > 0 {
			out = append(out, *cur)
		}
	}
	inProse, blank, said := false, false, false
	for _, l := range lines(text) {
		t := strings.TrimSpace(l)
		if t == "" {
			inProse, blank = false, true
			continue
		}
		afterBlank := blank
		blank = false
		if h, rest, lv, ok := headingText(l); ok {
			kind := headingKind(h)
			if cur.kind != "" && kind == "" && lv >= boldLevel && lv >= level && !(said && cur.kind != cueNext) {
				endGroup()
				group, itemIndent = h, -1
				if rest != "" {
					grouped = append(grouped, rest)
				}
				continue
			}
			h, rest = titled(kind, h, rest)
			flush()
			cur, level, itemIndent, inProse, said = &part{kind: kind, heading: h}, lv, -1, false, rest != ""
			if rest != "" {
				cur.items = append(cur.items, rest)
			}
			continue
		}
		if indent, it, done, ok := listItem(l); ok {
			if itemIndent < 0 {
				itemIndent = indent
			}
			if indent <= itemIndent && !done {
				if group != "" {
					grouped = append(grouped, stripMarkup(it))
				} else {
					cur.items = append(cur.items, clip(stripMarkup(it), maxItem))
				}
			}
			inProse = false
			continue
		}
		if afterBlank && group == "" && endsList(cur, l) {
			flush()
			cur, level, itemIndent, said = &part{}, 0, -1, false
		}
		if len(cur.items) > 0 || group != "" || strings.HasPrefix(t, "|") {
			continue // text under an item, or a table
		}
		switch {
		case inProse:
			cur.prose[len(cur.prose)-1] += " " + t
		case len(cur.prose) == 0:
			cur.prose, inProse = append(cur.prose, t), true
		}
	}
	flush()
	return out
}

// titled is a heading and what its line says: a decision or lesson heading whose line
// holds only a title ("Root Cause: Health Check Failure") says nothing there, the
// paragraph under it does.
func titled(kind, h, rest string) (string, string) {
	if kind != cueNext && kind != "" && rest != "" && isTitle(rest) {
		return h + ": " + rest, ""
	}
	return h, rest
}

// isTitle reports a few words that name a subject rather than state something: a short
// line of capitalized words ("Health Check Failure"; "keep the queue in SQLite" states).
func isTitle(s string) bool {
	w := strings.Fields(stripMarkup(s))
	if len(w) == 0 || len(w) >= minStated {
		return false
	}
	return !slices.ContainsFunc(w, func(x string) bool {
		r, _ := utf8.DecodeRuneInString(x)
		return !unicode.IsUpper(r) && !unicode.IsDigit(r)
	})
}

// endsList reports a line that ends what cur's heading announced, read after a blank line:
// a paragraph of its own (not indented under an item, not a table's row) after its items.
func endsList(cur *part, l string) bool {
	return cur.kind != "" && len(cur.items) > 0 && l == strings.TrimLeft(l, " \t") && !strings.HasPrefix(l, "|")
}

// announced returns the items of text's parts of kind, or, for a part with no list, its
// first paragraph's sentences (decisions and knowledge only: a next step is listed).
func announced(text, kind string) []string { return announcedIn(outline(text), kind) }

// closingAnnounced is announced over the turn's closing text, outlined once a turn.
func (c *turnCtx) closingAnnounced(kind string) []string {
	if c.closing == nil {
		c.closing = append([]part{}, outline(c.t.Closing)...) // not nil: read
	}
	return announcedIn(c.closing, kind)
}

// announcedIn is announced over text's outline parts.
func announcedIn(parts []part, kind string) []string {
	var out []string
	for _, p := range parts {
		if p.kind != kind {
			continue
		}
		out = append(out, p.items...)
		if len(p.items) == 0 && kind != cueNext {
			for _, para := range p.prose[:min(len(p.prose), 1)] {
				out = append(out, sentences(para)...)
			}
		}
	}
	return out
}
