package mcpserver

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// FileMeta is what the tools say of a memory file besides its content.
type FileMeta struct {
	Path      string `json:"path" jsonschema:"relative to the memory folder"`
	Version   string `json:"version" jsonschema:"first 10 hex digits of the git blob hash; memory_write needs it"`
	Lines     int    `json:"lines"`
	Chars     int    `json:"chars"`
	Sensitive bool   `json:"sensitive,omitempty"`
}

// FileContent is a memory file with its version.
type FileContent struct {
	FileMeta
	Content string `json:"content" jsonschema:"the file, or the lines asked for"`
	From    int    `json:"from,omitempty" jsonschema:"first line of content (1-based), when a part was asked for"`
	To      int    `json:"to,omitempty" jsonschema:"last line of content, when a part was asked for"`
}

// ReadIn is the input of memory_read.
type ReadIn struct {
	PathIn
	From    int    `json:"from,omitempty" jsonschema:"first line"`
	To      int    `json:"to,omitempty" jsonschema:"default from+99"`
	Section string `json:"section,omitempty" jsonschema:"heading or key"`
}

// SearchIn is the input of memory_search.
type SearchIn struct {
	Query   string `json:"query"`
	Section string `json:"section,omitempty" jsonschema:"heading or key"`
	From    string `json:"from,omitempty" jsonschema:"date ≥"`
	To      string `json:"to,omitempty" jsonschema:"date ≤"`
	Tag     string `json:"tag,omitempty"`
	Offset  int    `json:"offset,omitempty"`
	Limit   int    `json:"limit,omitempty" jsonschema:"default 30"`
	Scope
}

// SearchOut is what memory_search returns.
type SearchOut struct {
	Query string `json:"query"`
	Hits  []Hit  `json:"hits"`
	Total int    `json:"total" jsonschema:"lines matched in all"`
	Next  int    `json:"next,omitempty" jsonschema:"the offset of the next page, when there is one"`
	More  bool   `json:"more" jsonschema:"true when more lines matched than were returned"`
}

// Hit is one matching line.
type Hit struct {
	Project string `json:"project"`
	Path    string `json:"path" jsonschema:"relative to the project's memory folder"`
	Line    int    `json:"line"`
	Section string `json:"section,omitempty"`
	Date    string `json:"date,omitempty"`
	Text    string `json:"text" jsonschema:"the line, cut around the match when long"`
}

const (
	defaultSearchLimit = 30
	maxSearchLimit     = 200
)

func (s *Server) addReadTools() {
	addTool(s, toolSpec{
		name:  "memory_index",
		title: "Memory index",
		desc:  `Start here: a bounded overview (counts, open items, latest day, long memory, one line per note and log).`,
	}, func(in *jsonschema.Schema) {
		prop(in, "detail").Enum = []any{detailSummary, detailFull}
		prop(in, "budget").Minimum = new(float64(minIndexBudget))
	}, (*call).index)

	addTool(s, toolSpec{
		name:  "memory_read",
		title: "Read memory",
		desc:  `A memory file, or its lines from/to or a section, with its version.`,
	}, func(in *jsonschema.Schema) {
		prop(in, "from").Minimum = new(0.0)
		prop(in, "to").Minimum = new(0.0)
	}, (*call).read)

	addTool(s, toolSpec{
		name:  "memory_search",
		title: "Search memory",
		desc:  `Ranked search of memory lines holding all the words (case, accents ignored). project "*": all.`,
	}, func(in *jsonschema.Schema) {
		prop(in, "query").MinLength = new(1)
		lim := prop(in, "limit")
		lim.Minimum, lim.Maximum = new(0.0), new(float64(maxSearchLimit))
		prop(in, "offset").Minimum = new(0.0)
		for _, d := range []string{"from", "to"} {
			prop(in, d).Pattern = `^\d{4}-\d{2}-\d{2}$`
		}
	}, (*call).search)
}

func otherNames(ws *memstore.Workspace, p *memstore.Project) []string {
	var out []string
	for _, n := range ws.Names() {
		if n != p.Name {
			out = append(out, n)
		}
	}
	return out
}

func fileContent(rel string, data []byte) FileContent {
	s := string(data)
	return FileContent{FileMeta: FileMeta{
		Path:      rel,
		Version:   gitrepo.BlobVersion(data),
		Lines:     memstore.CountLines(data),
		Chars:     utf8.RuneCountInString(s),
		Sensitive: IsSensitive(data),
	}, Content: s}
}

func (c *call) read(in ReadIn) (string, FileContent, error) {
	f, err := c.resolve(in.Path)
	if err != nil {
		return "", FileContent{}, err
	}
	data, err := c.readMem(f)
	if err != nil {
		return "", FileContent{}, err
	}
	fc := fileContent(f.rel, data)
	head := fmt.Sprintf("%s — version %s, %d lines", f.rel, fc.Version, fc.Lines)
	if fc.Sensitive {
		head += ", sensitive"
	}
	if in.From == 0 && in.To == 0 && in.Section == "" {
		c.size = len(data)
		return head + " (memory_write needs this version)\n\n" + fc.Content, fc, nil
	}
	from, to, err := partOf(data, in)
	if err != nil {
		return "", FileContent{}, err
	}
	lines := strings.SplitAfter(fc.Content, "\n")
	fc.Content, fc.From, fc.To = strings.Join(lines[from-1:to], ""), from, to
	c.size = len(fc.Content)
	var b strings.Builder
	fmt.Fprintf(&b, "%s; lines %d–%d:\n", head, from, to)
	for i, l := range lines[from-1 : to] {
		fmt.Fprintf(&b, "%d\t%s", from+i, l)
	}
	if !strings.HasSuffix(b.String(), "\n") {
		b.WriteString("\n")
	}
	return b.String(), fc, nil
}

// partOf resolves the lines a read asks for (1-based, inclusive): a section, else from/to
// (to defaults to from + 99), clamped to the file.
func partOf(data []byte, in ReadIn) (from, to int, err error) {
	d := memstore.ParseDoc(data)
	n := d.Len()
	if in.Section != "" {
		if s, ok := d.FindSection(in.Section); ok {
			return s.Start + 1, max(s.Start+1, trimBlankEnd(d.Lines(), s.End)), nil
		}
		return 0, 0, fail(resNotFound, "no section %q in this file (memory_index lists the sections of long_memory.md)", in.Section)
	}
	from, to = max(in.From, 1), in.To
	if to == 0 {
		to = from + 99
	}
	if n == 0 || from > n {
		return 0, 0, fail(resInvalid, "refused: the file has %d lines; from %d is past its end", n, from)
	}
	if to < from {
		return 0, 0, fail(resInvalid, "refused: to (%d) is before from (%d)", to, from)
	}
	return from, min(to, n), nil
}

// trimBlankEnd is end with the blank lines before it left out.
func trimBlankEnd(lines []string, end int) int {
	for end > 0 && strings.TrimSpace(lines[end-1]) == "" {
		end--
	}
	return end
}

func (c *call) search(in SearchIn) (string, SearchOut, error) {
	q := strings.TrimSpace(in.Query)
	out := SearchOut{Query: q, Hits: []Hit{}}
	if q == "" {
		return "", out, fail(resInvalid, "refused: empty query; give the words to look for")
	}
	limit := in.Limit
	if limit <= 0 {
		limit = defaultSearchLimit
	}
	limit = min(limit, maxSearchLimit)
	ws := *c.ws
	if c.p != nil {
		ws.Projects = []*memstore.Project{c.p}
	}
	res, err := ws.Find(memstore.Query{Text: q, Section: in.Section, From: in.From, To: in.To,
		Tag: in.Tag, Offset: in.Offset, Limit: limit, Now: c.now, SkipSensitive: c.access != accessFull, Watch: true})
	if err != nil {
		return "", out, fail(resError, "search failed: %v", err)
	}
	projects := map[string]*memstore.Project{}
	for _, p := range ws.Projects {
		projects[p.Name] = p
	}
	out.Total = res.Total
	for _, h := range res.Hits {
		out.Hits = append(out.Hits, Hit{Project: h.Project, Path: rel(projects[h.Project], h.Path), Line: h.Line,
			Section: h.Section, Date: h.Date, Text: snippet(h.Text, q)})
	}
	if end := max(in.Offset, 0) + len(out.Hits); end < res.Total {
		out.More, out.Next = true, end
	}
	return c.searchText(out), out, nil
}

// searchText is what the model reads of a search: one line per hit, best first.
func (c *call) searchText(out SearchOut) string {
	var b strings.Builder
	where := "every project"
	if c.p != nil {
		where = fmt.Sprintf("project %q", c.p.Name)
	}
	if len(out.Hits) == 0 {
		fmt.Fprintf(&b, "No match for %q in %s", out.Query, where)
		if out.Total > 0 {
			fmt.Fprintf(&b, " past offset %d (%d in all)", out.Total, out.Total)
		}
		b.WriteString(".\n")
		return b.String()
	}
	fmt.Fprintf(&b, "%d of %d match(es) for %q in %s, best first", len(out.Hits), out.Total, out.Query, where)
	if out.More {
		fmt.Fprintf(&b, " (next page: offset %d)", out.Next)
	}
	b.WriteString(":\n")
	for _, h := range out.Hits {
		b.WriteString("- ")
		if c.p == nil {
			b.WriteString(h.Project + ": ")
		}
		fmt.Fprintf(&b, "%s:%d: ", h.Path, h.Line)
		if h.Section != "" {
			fmt.Fprintf(&b, "[%s] ", h.Section)
		}
		b.WriteString(h.Text + "\n")
		c.size += len(h.Text)
	}
	return b.String()
}

// snippetChars is the longest line a search hit quotes whole.
const snippetChars = 240

// snippet is line, or when it is long, the part of it around the query's first word.
func snippet(line, query string) string {
	r := []rune(line)
	if len(r) <= snippetChars {
		return line
	}
	at := 0
	if w := strings.Fields(strings.ToLower(query)); len(w) > 0 {
		if i := strings.Index(strings.ToLower(line), w[0]); i > 0 {
			at = utf8.RuneCountInString(line[:i])
		}
	}
	from := max(0, min(at-snippetChars/4, len(r)-snippetChars))
	s := string(r[from : from+snippetChars])
	if from > 0 {
		s = "…" + s
	}
	if from+snippetChars < len(r) {
		s += "…"
	}
	return s
}
