package tui

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"charm.land/lipgloss/v2"

	"carnet/promote"
)

// planSummary is promote.Plan.Summary in the UI's language: "archive 12 logs (3 open items
// carried), add 5 facts to long memory, long memory 341 → 287 lines (4 duplicates merged, …)".
func (c *common) planSummary(pl *promote.Plan) string {
	if pl.Imported() {
		return pl.Summary() // an import's own summary (promote/import), in English
	}
	var parts []string
	if n := len(pl.Archived); n > 0 {
		s := c.trf("archive %s", c.count(n, "log"))
		if k := len(pl.Carried); k > 0 {
			s += " " + c.trf("(%s carried)", c.count(k, "open item"))
		}
		parts = append(parts, s)
	} else if k := len(pl.Carried); k > 0 {
		parts = append(parts, c.trf("carry %s", c.count(k, "open item")))
	}
	if n := len(pl.Facts); n > 0 {
		s := c.trf("add %s to long memory", c.count(n, "fact"))
		if total, ticked := pl.Unproven(); total > 0 {
			s += " " + c.trf("(%d unproven, %d ticked)", total, ticked)
		}
		parts = append(parts, s)
	}
	long := false
	for _, ch := range pl.Changes {
		long = long || ch.Kind == promote.Modify && strings.HasSuffix(ch.Path, "/long_memory.md")
	}
	if long {
		s := c.trf("long memory %d → %d lines", pl.LinesBefore, pl.LinesAfter)
		var how []string
		if n := len(pl.Merges); n > 0 {
			how = append(how, c.trf("%s merged", c.count(n, "duplicate")))
		}
		if n := len(pl.Folded); n > 0 {
			how = append(how, c.trf("%s condensed", c.count(n, "section")))
		}
		if pl.Joined > 0 {
			how = append(how, c.trf("%s joined", c.count(pl.Joined, "fact")))
		}
		if len(how) > 0 {
			s += " (" + strings.Join(how, ", ") + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return c.tr("nothing to promote")
	}
	return strings.Join(parts, ", ")
}

// kindWidth is the width of the review's kind column: the longest kind in the UI's language.
func (c *common) kindWidth() int {
	w := 6
	for _, k := range []promote.Kind{promote.Create, promote.Modify, promote.Move} {
		w = max(w, lipgloss.Width(c.tr(k.String())))
	}
	return w
}

// promoteNotes are the formats of the notes promotion writes (promote/plan.go), so that the
// UI can write them in its language (promoteText).
var promoteNotes = []string{
	"%s stays where it is: %s already exists",
	"an open item of %s is not carried (it looks like a secret: %s)",
	"%d open items carried into %s",
	"1 open item carried into %s",
	"an item of %s is not proposed for long memory (it looks like a secret: %s)",
	"left out %d of the model's bullets: they look like secrets",
	"long memory stays %d lines over its %d-line limit: what is left are distinct facts; edit it by hand or raise long_memory_max_lines",
	// why a line of long memory goes (promote/why.go)
	"duplicate of line %d, kept",
	"moved to line %d, where its duplicate was",
	"moved to line %d",
	"folded into line %d: %s",
	"joined into line %d",
	"rewritten by the model with the condensed section",
}

var (
	noteOnce sync.Once
	noteRe   []*regexp.Regexp
)

// promoteText is a note of promotion in the UI's language: promote writes English, and the
// note is read back with the format that wrote it; a note of another shape stays as it is.
func (c *common) promoteText(note string) string {
	noteOnce.Do(func() {
		for _, f := range promoteNotes {
			noteRe = append(noteRe, formatRegexp(f))
		}
	})
	for i, re := range noteRe {
		m := re.FindStringSubmatch(note)
		if m == nil {
			continue
		}
		verbs := formatVerbs(promoteNotes[i])
		args := make([]any, len(m)-1)
		for j, a := range m[1:] {
			args[j] = a
			if n, err := strconv.Atoi(a); err == nil && verbs[j] == 'd' {
				args[j] = n
			}
		}
		return c.trf(promoteNotes[i], args...)
	}
	return note
}

// formatRegexp matches what a format with %s and %d verbs writes, each verb a group.
func formatRegexp(format string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for rest := format; rest != ""; {
		i := strings.IndexByte(rest, '%')
		if i < 0 || i == len(rest)-1 {
			b.WriteString(regexp.QuoteMeta(rest))
			break
		}
		b.WriteString(regexp.QuoteMeta(rest[:i]))
		switch rest[i+1] {
		case 'd':
			b.WriteString(`(\d+)`)
		default:
			b.WriteString(`(.+?)`)
		}
		rest = rest[i+2:]
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// formatVerbs are the verbs of a format, in order ("%s … %d" gives s, d).
func formatVerbs(format string) []byte {
	var out []byte
	for i := 0; i < len(format)-1; i++ {
		if format[i] == '%' {
			out = append(out, format[i+1])
			i++
		}
	}
	return out
}

// appliedParts read back the parts of a promotion's commit subject (promote's message: "archived
// 12 logs, carried 3 open items, added 5 facts, long memory 341 → 287 lines").
var appliedParts = []struct {
	re  *regexp.Regexp
	say func(c *common, n []int) string
}{
	{regexp.MustCompile(`^archived (\d+) logs?$`), func(c *common, n []int) string { return c.trf("archived %s", c.count(n[0], "log")) }},
	{regexp.MustCompile(`^carried (\d+) open items?$`), func(c *common, n []int) string { return c.trf("carried %s", c.count(n[0], "open item")) }},
	{regexp.MustCompile(`^added (\d+) facts?$`), func(c *common, n []int) string { return c.trf("added %s", c.count(n[0], "fact")) }},
	{regexp.MustCompile(`^long memory (\d+) → (\d+) lines$`), func(c *common, n []int) string { return c.trf("long memory %d → %d lines", n[0], n[1]) }},
	{regexp.MustCompile(`^no change$`), func(c *common, _ []int) string { return c.tr("no change") }},
}

// appliedText is what an applied promotion did, in the UI's language; a part of another shape
// stays as it is.
func (c *common) appliedText(applied string) string {
	parts := strings.Split(applied, ", ")
	for i, p := range parts {
		for _, a := range appliedParts {
			m := a.re.FindStringSubmatch(p)
			if m == nil {
				continue
			}
			var n []int
			for _, d := range m[1:] {
				k, _ := strconv.Atoi(d)
				n = append(n, k)
			}
			parts[i] = a.say(c, n)
			break
		}
	}
	return strings.Join(parts, ", ")
}
