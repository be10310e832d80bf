package mcpserver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"carnet/memstore"
)

// IndexIn is the input of memory_index.
type IndexIn struct {
	Detail string `json:"detail,omitempty"`
	Budget int    `json:"budget,omitempty" jsonschema:"tokens"`
	Scope
}

// IndexOut is what memory_index returns: what its text shows, nothing more.
type IndexOut struct {
	Project    string          `json:"project"`
	MemoryDir  string          `json:"memory_dir" jsonschema:"the memory folder, relative to the workspace root"`
	Projects   []string        `json:"projects" jsonschema:"every project of the workspace"`
	Access     string          `json:"access" jsonschema:"this client's access: full or read"`
	Budget     int             `json:"budget" jsonschema:"tokens this index was kept within (0: detail full)"`
	Counts     IndexCounts     `json:"counts"`
	LongMemory *LongMemoryInfo `json:"long_memory,omitempty" jsonschema:"long_memory.md, absent when there is none"`
	LatestDay  *DaySummary     `json:"latest_day,omitempty" jsonschema:"the newest daily log, one line per section"`
	Logs       []LogSummary    `json:"logs" jsonschema:"daily logs, newest first (the newest that fit)"`
	OpenItems  []OpenItem      `json:"open_items" jsonschema:"open next steps, oldest first (those that fit)"`
	Notes      []NoteSummary   `json:"notes,omitempty" jsonschema:"notes/NAME.md, one each (those that fit)"`
	Archives   ArchiveSummary  `json:"archives"`
	Truncated  bool            `json:"truncated" jsonschema:"true when logs, items or long memory were cut to fit the budget"`
}

// IndexCounts counts everything the index summarises, whatever fit in the budget.
type IndexCounts struct {
	Logs      int `json:"logs"`
	OpenItems int `json:"open_items"`
	Archives  int `json:"archives"`
	Notes     int `json:"notes,omitempty"`
}

// LongMemoryInfo is long_memory.md in the index: whole when it fits, else its sections.
type LongMemoryInfo struct {
	FileMeta
	Content  string        `json:"content,omitempty" jsonschema:"the whole file, when it fits in the budget"`
	Sections []SectionInfo `json:"sections,omitempty" jsonschema:"newest sections first, when the file does not fit"`
}

// SectionInfo is one "## " section of a file: read it with memory_read section.
type SectionInfo struct {
	Heading string `json:"heading"`
	Line    int    `json:"line" jsonschema:"1-based line of the heading"`
	Bullets int    `json:"bullets"`
}

// DaySummary is the newest daily log, one line per filled section.
type DaySummary struct {
	Date     string       `json:"date"`
	Path     string       `json:"path"`
	Sections []DaySection `json:"sections"`
}

// DaySection is one section of a daily log: its first bullet and how many there are.
type DaySection struct {
	Section string `json:"section"`
	Bullets int    `json:"bullets"`
	First   string `json:"first"`
}

// LogSummary is one daily log in the index.
type LogSummary struct {
	Date      string `json:"date"`
	Path      string `json:"path"`
	Size      int64  `json:"size" jsonschema:"bytes"`
	OpenItems int    `json:"open_items"`
	Sensitive bool   `json:"sensitive,omitempty"`
}

// NoteSummary is one note in the index: read it with memory_read when its subject comes up.
type NoteSummary struct {
	Path        string `json:"path"`
	Description string `json:"description"`
	Updated     string `json:"updated,omitempty"`
	Sensitive   bool   `json:"sensitive,omitempty"`
}

// OpenItem is an open À suivre item.
type OpenItem struct {
	Date string `json:"date"`
	Path string `json:"path"`
	Text string `json:"text"`
}

// ArchiveSummary counts the logs moved to logs/archives/.
type ArchiveSummary struct {
	Count  int    `json:"count"`
	Oldest string `json:"oldest,omitempty"`
	Newest string `json:"newest,omitempty"`
}

const (
	detailSummary = "summary"
	detailFull    = "full"
	// minIndexBudget is the smallest budget memory_index accepts, in tokens.
	minIndexBudget = 200
	// maxDefaultIndexBudget caps the default budget: the index is where a session starts,
	// not the whole load.
	maxDefaultIndexBudget = 1500
	// charsPerToken converts a token budget into characters.
	charsPerToken = 4
	// indexLineChars is the longest bullet the summary quotes, in characters.
	indexLineChars = 160
)

// budget spends characters: every element the index shows costs the longer of its text and
// its JSON, so that the index fits whether a host forwards the text or the structured result.
type budget struct {
	left      int
	unlimited bool
	cut       bool
}

// take reports whether an element whose text is line and whose structured form is v fits
// within share characters of what is left; when it does, it is paid for.
func (bg *budget) take(share *int, line string, v any) bool {
	if bg.unlimited {
		return true
	}
	cost := len(line)
	if v != nil {
		if j, err := json.Marshal(v); err == nil {
			cost = max(cost, len(j)+1)
		}
	}
	if cost > *share || cost > bg.left {
		bg.cut = true
		return false
	}
	*share -= cost
	bg.left -= cost
	return true
}

// clip cuts s to n characters, marking the cut.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

func (c *call) index(in IndexIn) (string, IndexOut, error) {
	p := c.p
	out := IndexOut{Project: p.Name, MemoryDir: p.RelDir, Projects: c.ws.Names(), Access: c.access,
		Logs: []LogSummary{}, OpenItems: []OpenItem{}}
	tokens := in.Budget
	if tokens <= 0 {
		tokens = min(c.ws.Config.Load.BudgetTokens, maxDefaultIndexBudget)
	}
	bg := &budget{left: tokens * charsPerToken, unlimited: in.Detail == detailFull}
	if !bg.unlimited {
		out.Budget = tokens
	}
	depth := memstore.WithLogs
	if c.access != accessFull {
		depth = memstore.WithArchives // an archive marked sensitive is left out of the count
	}
	o, err := p.Overview(depth)
	if err != nil {
		return "", out, fail(resError, "cannot list the logs of %s: %v", p.Name, err)
	}
	logs, open := c.visibleLogs(o)
	c.countArchives(o, &out)
	notes := c.visibleNotes(o)
	out.Counts = IndexCounts{Logs: len(logs), OpenItems: len(open), Archives: out.Archives.Count, Notes: len(notes)}

	var head strings.Builder
	fmt.Fprintf(&head, "Memory of project %q (%s/)", p.Name, p.RelDir)
	if others := otherNames(c.ws, p); len(others) > 0 {
		fmt.Fprintf(&head, "; other projects: %s (pass project to use them)", strings.Join(others, ", "))
	}
	fmt.Fprintf(&head, "\n%s, %s, %s.\n\n", memstore.Plural(len(logs), "daily log"), memstore.Plural(len(open), "open item"),
		memstore.Plural(out.Archives.Count, "archived log"))
	bg.left -= head.Len() + 400 // the header, the fixed fields of the structured result

	total := bg.left
	lmShare, dayShare, openShare, noteShare := total*30/100, total*20/100, total*20/100, total*15/100
	lm := c.indexLongMemory(o, bg, &lmShare, &out)
	day := c.indexLatestDay(logs, bg, &dayShare, &out)
	items := c.indexOpenItems(open, bg, &openShare, &out)
	notesPart := indexNotes(notes, bg, &noteShare, &out)
	rest := bg.left + lmShare + dayShare + openShare + noteShare // what the others left unused
	list := c.indexLogs(logs, bg, &rest, &out)

	var b strings.Builder
	b.WriteString(head.String())
	for _, part := range []string{lm, day, items, notesPart, list} {
		if part != "" {
			b.WriteString(part)
			b.WriteString("\n")
		}
	}
	if n := out.Archives.Count; n > 0 {
		fmt.Fprintf(&b, "Archives: %d older log(s), %s to %s, in logs/archives/ (memory_read \"logs/archives/DATE.md\", or memory_search).\n",
			n, out.Archives.Oldest, out.Archives.Newest)
	}
	out.Truncated = bg.cut
	if bg.cut {
		b.WriteString("Cut to fit the budget: memory_search finds the rest; detail \"full\" or a larger budget shows more.\n")
	}
	text := b.String()
	if out.LongMemory != nil {
		c.path = out.LongMemory.Path
	}
	c.size = len(text)
	return text, out, nil
}

// visibleLogs lists the daily logs this client may see, newest first, and their open items,
// oldest first.
func (c *call) visibleLogs(o *memstore.Overview) ([]memstore.LogSummary, []memstore.OpenItem) {
	var logs []memstore.LogSummary
	for _, l := range o.Logs {
		if !(l.Read && c.hidden(l.Data)) {
			logs = append(logs, l)
		}
	}
	var open []memstore.OpenItem
	for _, l := range slices.Backward(logs) {
		open = append(open, l.Open...)
	}
	return logs, open
}

func (c *call) countArchives(o *memstore.Overview, out *IndexOut) {
	for _, a := range o.Archives {
		if c.access != accessFull && (!a.Read || c.hidden(a.Data)) {
			continue
		}
		out.Archives.Count++
		if out.Archives.Newest == "" {
			out.Archives.Newest = a.Date
		}
		out.Archives.Oldest = a.Date
	}
}

// indexLongMemory shows long_memory.md whole when it fits in share, else its sections,
// newest first, as many as fit.
func (c *call) indexLongMemory(o *memstore.Overview, bg *budget, share *int, out *IndexOut) string {
	switch {
	case o.LongMemoryErr != nil:
		return fmt.Sprintf("long_memory.md cannot be read: %v\n", o.LongMemoryErr)
	case !o.HasLongMemory && c.access == accessFull:
		return "No long_memory.md yet (memory_add with section long_terme starts it).\n"
	case !o.HasLongMemory || c.hidden(o.LongMemory):
		return "No long_memory.md.\n"
	}
	fc := fileContent("long_memory.md", o.LongMemory)
	info := &LongMemoryInfo{FileMeta: fc.FileMeta}
	out.LongMemory = info
	var b strings.Builder
	fmt.Fprintf(&b, "## long_memory.md — version %s, %d lines", fc.Version, fc.Lines)
	if fc.Sensitive {
		b.WriteString(", sensitive")
	}
	if limit := c.ws.Config.Promote.LongMemoryMaxLines; fc.Lines > limit {
		fmt.Fprintf(&b, " (over its %d-line soft limit: condense it, or ask the user to run carnet promote)", limit)
	}
	b.WriteString("\n")
	if bg.take(share, fc.Content, fc.Content) {
		info.Content = fc.Content
		b.WriteString(fc.Content)
		if !strings.HasSuffix(fc.Content, "\n") {
			b.WriteString("\n")
		}
		return b.String()
	}
	d := memstore.ParseDoc(o.LongMemory)
	secs := d.Sections()
	info.Sections = fitted(&b, "Sections, newest first (memory_read with section, or a line range):\n", bg, share, len(secs), func(i int) (SectionInfo, string) {
		sec := secs[len(secs)-1-i] // newest first
		s := SectionInfo{Heading: sec.Heading, Line: sec.Start + 1, Bullets: len(d.Bullets(sec))}
		return s, fmt.Sprintf("- %s (line %d, %s)\n", s.Heading, s.Line, memstore.Plural(s.Bullets, "bullet"))
	}, func(i int) string { return fmt.Sprintf("… and %s older\n", memstore.Plural(len(secs)-i, "section")) })
	return b.String()
}

// indexLatestDay summarises the newest log: one line per section holding bullets.
func (c *call) indexLatestDay(logs []memstore.LogSummary, bg *budget, share *int, out *IndexOut) string {
	if len(logs) == 0 || !logs[0].Read {
		return ""
	}
	l := logs[0]
	day := &DaySummary{Date: l.Date, Path: "logs/" + l.Date + ".md", Sections: []DaySection{}}
	var b strings.Builder
	fmt.Fprintf(&b, "## Latest day: %s (%s)\n", day.Date, day.Path)
	d := memstore.ParseDoc(l.Data)
	var filled []DaySection
	for _, s := range d.Sections() {
		if bs := d.Bullets(s); len(bs) > 0 {
			filled = append(filled, DaySection{Section: s.Heading, Bullets: len(bs), First: clip(bs[0].Text, indexLineChars)})
		}
	}
	day.Sections = append(day.Sections, fitted(&b, "", bg, share, len(filled), func(i int) (DaySection, string) {
		ds := filled[i]
		return ds, fmt.Sprintf("- %s (%d): %s\n", ds.Section, ds.Bullets, ds.First)
	}, nil)...)
	out.LatestDay = day
	return b.String()
}

// indexOpenItems lists the open items, oldest first, as many as fit.
func (c *call) indexOpenItems(open []memstore.OpenItem, bg *budget, share *int, out *IndexOut) string {
	if len(open) == 0 {
		return ""
	}
	var b strings.Builder
	out.OpenItems = append(out.OpenItems, fitted(&b, "## Open items, oldest first — tick one with memory_done\n", bg, share, len(open), func(i int) (OpenItem, string) {
		oi := OpenItem{Date: open[i].First(), Path: rel(c.p, open[i].Path), Text: open[i].Text} // a carried item's first day
		return oi, fmt.Sprintf("- %s  %s\n", oi.Date, clip(oi.Text, indexLineChars))
	}, moreInFull(len(open)))...)
	return b.String()
}

// fitted writes to b a list of n items under header: the line of each, in order, while the
// budget takes it; at the first that does not fit, more (when given) says what is left out
// from its index on. It returns the items taken.
func fitted[T any](b *strings.Builder, header string, bg *budget, share *int, n int, item func(i int) (T, string), more func(i int) string) []T {
	b.WriteString(header)
	var out []T
	for i := range n {
		it, line := item(i)
		if !bg.take(share, line, it) {
			if more != nil {
				b.WriteString(more(i))
			}
			break
		}
		out = append(out, it)
		b.WriteString(line)
	}
	return out
}

// moreInFull says how many of n items are left out, and where they all are.
func moreInFull(n int) func(i int) string {
	return func(i int) string { return fmt.Sprintf("… and %d more (detail \"full\" lists them all)\n", n-i) }
}

// indexLogs gives one line per daily log, newest first, as many as fit.
func (c *call) indexLogs(logs []memstore.LogSummary, bg *budget, share *int, out *IndexOut) string {
	if len(logs) == 0 {
		return "No daily log yet.\n"
	}
	var b strings.Builder
	out.Logs = append(out.Logs, fitted(&b, "## Daily logs, newest first (memory_read \"logs/DATE.md\")\n", bg, share, len(logs), func(i int) (LogSummary, string) {
		l := logs[i]
		ls := LogSummary{Date: l.Date, Path: "logs/" + l.Date + ".md", Size: l.Size, OpenItems: len(l.Open), Sensitive: l.Read && IsSensitive(l.Data)}
		return ls, logLine(ls)
	}, func(i int) string {
		return fmt.Sprintf("… and %d older, %s to %s\n", len(logs)-i, logs[len(logs)-1].Date, logs[i].Date)
	})...)
	return b.String()
}

func logLine(l LogSummary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "- %s  %s", l.Date, memstore.HumanSize(l.Size))
	switch l.OpenItems {
	case 0:
	case 1:
		b.WriteString("  1 open item")
	default:
		fmt.Fprintf(&b, "  %d open items", l.OpenItems)
	}
	if l.Sensitive {
		b.WriteString("  (sensitive)")
	}
	b.WriteString("\n")
	return b.String()
}

// visibleNotes lists the notes this client may see.
func (c *call) visibleNotes(o *memstore.Overview) []memstore.Note {
	var out []memstore.Note
	for _, n := range o.Notes {
		if c.access == accessFull || !n.Meta.Sensitive {
			out = append(out, n)
		}
	}
	return out
}

// indexNotes gives one line per note, as many as fit: its path, description, date.
func indexNotes(notes []memstore.Note, bg *budget, share *int, out *IndexOut) string {
	if len(notes) == 0 {
		return ""
	}
	var b strings.Builder
	out.Notes = append(out.Notes, fitted(&b, "## Notes (memory_read \"notes/NAME.md\" when the subject comes up)\n", bg, share, len(notes), func(i int) (NoteSummary, string) {
		n := notes[i]
		ns := NoteSummary{Path: memstore.NotesDirName + "/" + n.Slug + ".md", Description: clip(cmp.Or(n.Meta.Description, n.Meta.Title), indexLineChars),
			Updated: n.Meta.Updated, Sensitive: n.Meta.Sensitive}
		line := "- " + ns.Path + "  " + ns.Description
		if ns.Updated != "" {
			line += "  (" + ns.Updated + ")"
		}
		if ns.Sensitive {
			line += "  (sensitive)"
		}
		return ns, line + "\n"
	}, moreInFull(len(notes)))...)
	return b.String()
}
