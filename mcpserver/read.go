package mcpserver

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// IndexIn is the input of memory_index.
type IndexIn struct {
	Scope
}

// IndexOut is what memory_index returns.
type IndexOut struct {
	Project    string         `json:"project"`
	MemoryDir  string         `json:"memory_dir" jsonschema:"the memory folder, relative to the workspace root"`
	Projects   []string       `json:"projects" jsonschema:"every project of the workspace"`
	Access     string         `json:"access" jsonschema:"this client's access: full or read"`
	LongMemory *FileContent   `json:"long_memory,omitempty" jsonschema:"long_memory.md, absent when there is none"`
	Logs       []LogSummary   `json:"logs" jsonschema:"daily logs, newest first"`
	OpenItems  []OpenItem     `json:"open_items" jsonschema:"open À suivre items, oldest first"`
	Archives   ArchiveSummary `json:"archives"`
}

// FileContent is a memory file with its version.
type FileContent struct {
	Path      string `json:"path" jsonschema:"relative to the memory folder"`
	Version   string `json:"version" jsonschema:"first 10 hex digits of the git blob hash; memory_write needs it"`
	Lines     int    `json:"lines"`
	Chars     int    `json:"chars"`
	Sensitive bool   `json:"sensitive,omitempty"`
	Content   string `json:"content"`
}

// LogSummary is one daily log in the index.
type LogSummary struct {
	Date      string `json:"date"`
	Path      string `json:"path"`
	Size      int64  `json:"size" jsonschema:"bytes"`
	OpenItems int    `json:"open_items"`
	Sensitive bool   `json:"sensitive,omitempty"`
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

// ReadIn is the input of memory_read.
type ReadIn struct {
	Path string `json:"path" jsonschema:"file relative to the memory folder: long_memory.md, logs/YYYY-MM-DD.md or logs/archives/YYYY-MM-DD.md"`
	Scope
}

// SearchIn is the input of memory_search.
type SearchIn struct {
	Query string `json:"query" jsonschema:"words to find; a line matches when it holds all of them, case and accents ignored"`
	Limit int    `json:"limit,omitempty" jsonschema:"most matches to return (default 30, at most 200)"`
	Scope
}

// SearchOut is what memory_search returns.
type SearchOut struct {
	Query string `json:"query"`
	Hits  []Hit  `json:"hits"`
	More  bool   `json:"more" jsonschema:"true when more lines matched than were returned"`
}

// Hit is one matching line.
type Hit struct {
	Project string `json:"project"`
	Path    string `json:"path" jsonschema:"relative to the project's memory folder"`
	Line    int    `json:"line"`
	Section string `json:"section,omitempty"`
	Text    string `json:"text"`
}

const (
	defaultSearchLimit = 30
	maxSearchLimit     = 200
)

func (s *Server) addReadTools() {
	addTool(s, toolSpec{
		name:  "memory_index",
		title: "Memory index",
		desc: `Start here. Returns this project's long-term memory (long_memory.md, in full, with its version), one line per daily log (date, size, open items), the open "À suivre" items, and the other projects of the workspace.
Files marked sensitive (a line "` + SensitiveMarker + `") are left out for clients with read-only access.`,
	}, nil, func(c *call, in IndexIn) (string, IndexOut, error) { return c.index() })

	addTool(s, toolSpec{
		name:  "memory_read",
		title: "Read a memory file",
		desc: `Returns one memory file in full, with its version (pass the version to memory_write to rewrite the file).
path is relative to the project's memory folder: "long_memory.md", "logs/2026-03-22.md", "logs/archives/2026-01-10.md". Absolute paths, "..", and logs/.debug/ are refused. A file marked sensitive is "not found" for clients with read-only access.`,
	}, nil, func(c *call, in ReadIn) (string, FileContent, error) { return c.read(in) })

	addTool(s, toolSpec{
		name:  "memory_search",
		title: "Search memory",
		desc: `Full-text search over the project's memory (long memory, daily logs, archives): returns the lines holding all the words of query, case and accents ignored, newest files first, as path:line [section] text.
project "*" searches every project of the workspace. Files marked sensitive are left out for clients with read-only access.`,
	}, func(in *jsonschema.Schema) {
		prop(in, "query").MinLength = new(1)
		lim := prop(in, "limit")
		lim.Minimum, lim.Maximum = new(0.0), new(float64(maxSearchLimit))
	}, func(c *call, in SearchIn) (string, SearchOut, error) { return c.search(in) })
}

func (c *call) index() (string, IndexOut, error) {
	p := c.p
	out := IndexOut{
		Project:   p.Name,
		MemoryDir: p.RelDir,
		Projects:  c.ws.Names(),
		Access:    c.access,
		Logs:      []LogSummary{},
		OpenItems: []OpenItem{},
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Memory of project %q (%s/)", p.Name, p.RelDir)
	if others := otherNames(c.ws, p); len(others) > 0 {
		fmt.Fprintf(&b, "; other projects: %s (pass project to use them)", strings.Join(others, ", "))
	}
	b.WriteString("\n\n")

	depth := memstore.WithLogs
	if c.access != accessFull {
		depth = memstore.WithArchives // an archive marked sensitive is left out of the count
	}
	o, err := p.Overview(depth)
	if err != nil {
		return "", out, fail(resError, "cannot list the logs of %s: %v", p.Name, err)
	}
	if o.HasLongMemory && !c.hidden(o.LongMemory) {
		lm := fileContent("long_memory.md", o.LongMemory)
		out.LongMemory = &lm
		fmt.Fprintf(&b, "## long_memory.md — version %s, %d lines", lm.Version, lm.Lines)
		if lm.Sensitive {
			b.WriteString(", sensitive")
		}
		if max := c.ws.Config.Promote.LongMemoryMaxLines; lm.Lines > max {
			fmt.Fprintf(&b, " (over its %d-line soft limit: condense it, or ask the user to run carnet promote)", max)
		}
		b.WriteString("\n")
		b.WriteString(lm.Content)
		if !strings.HasSuffix(lm.Content, "\n") {
			b.WriteString("\n")
		}
		b.WriteString("\n")
	} else if err := o.LongMemoryErr; err != nil {
		fmt.Fprintf(&b, "long_memory.md cannot be read: %v\n\n", err)
	} else if c.access == accessFull && !o.HasLongMemory {
		b.WriteString("No long_memory.md yet (memory_add with section long_terme starts it).\n\n")
	} else {
		b.WriteString("No long_memory.md.\n\n")
	}

	hidden := func(l memstore.LogSummary) bool { return l.Read && c.hidden(l.Data) }
	for _, v := range slices.Backward(o.Logs) { // open items oldest first
		if l := v; !hidden(l) {
			for _, it := range l.Open {
				out.OpenItems = append(out.OpenItems, OpenItem{Date: it.Date, Path: rel(p, c.ws.Rel(it.Path)), Text: it.Text})
			}
		}
	}
	for _, l := range o.Logs {
		if hidden(l) {
			continue
		}
		out.Logs = append(out.Logs, LogSummary{Date: l.Date, Path: "logs/" + l.Date + ".md", Size: l.Size, OpenItems: len(l.Open), Sensitive: l.Read && IsSensitive(l.Data)})
	}
	if len(out.Logs) == 0 {
		b.WriteString("No daily log yet.\n")
	} else {
		b.WriteString("## Daily logs, newest first (memory_read \"logs/DATE.md\")\n")
		for _, l := range out.Logs {
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
		}
	}
	if len(out.OpenItems) > 0 {
		b.WriteString("\n## Open items (À suivre), oldest first — tick one with memory_done\n")
		for _, it := range out.OpenItems {
			fmt.Fprintf(&b, "- %s  %s\n", it.Date, it.Text)
		}
	}

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
	if n := out.Archives.Count; n > 0 {
		fmt.Fprintf(&b, "\nArchives: %d older log(s), %s to %s, in logs/archives/ (memory_read \"logs/archives/DATE.md\", or memory_search).\n",
			n, out.Archives.Oldest, out.Archives.Newest)
	}
	text := b.String()
	if out.LongMemory != nil {
		c.path = out.LongMemory.Path
	}
	c.size = len(text)
	return text, out, nil
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
	return FileContent{
		Path:      rel,
		Version:   gitrepo.BlobVersion(data),
		Lines:     memstore.CountLines(data),
		Chars:     utf8.RuneCountInString(s),
		Sensitive: IsSensitive(data),
		Content:   s,
	}
}

func (c *call) read(in ReadIn) (string, FileContent, error) {
	f, err := resolve(c.p, in.Path)
	if err != nil {
		return "", FileContent{}, err
	}
	c.path = f.rel
	data, err := c.readMem(f)
	if err != nil {
		return "", FileContent{}, err
	}
	fc := fileContent(f.rel, data)
	c.size = len(data)
	head := fmt.Sprintf("%s — version %s, %d lines", f.rel, fc.Version, fc.Lines)
	if fc.Sensitive {
		head += ", sensitive"
	}
	return head + " (memory_write needs this version)\n\n" + fc.Content, fc, nil
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
	hits, err := ws.Search(q, 0)
	if err != nil {
		return "", out, fail(resError, "search failed: %v", err)
	}
	projects := map[string]*memstore.Project{}
	for _, p := range ws.Projects {
		projects[p.Name] = p
	}
	hidden := map[string]bool{}
	for _, h := range hits {
		hide, seen := hidden[h.Path]
		if !seen {
			if c.access != accessFull {
				data, err := projects[h.Project].ReadFile(filepath.Join(c.ws.Root, filepath.FromSlash(h.Path)))
				hide = err != nil || IsSensitive(data)
			}
			hidden[h.Path] = hide
		}
		if hide {
			continue
		}
		if len(out.Hits) == limit {
			out.More = true
			break
		}
		out.Hits = append(out.Hits, Hit{Project: h.Project, Path: rel(projects[h.Project], h.Path), Line: h.Line, Section: h.Section, Text: h.Text})
	}
	var b strings.Builder
	where := "every project"
	if c.p != nil {
		where = fmt.Sprintf("project %q", c.p.Name)
	}
	if len(out.Hits) == 0 {
		fmt.Fprintf(&b, "No match for %q in %s.\n", q, where)
	} else {
		fmt.Fprintf(&b, "%d match(es) for %q in %s", len(out.Hits), q, where)
		if out.More {
			fmt.Fprintf(&b, " (first %d; raise limit or refine the query for more)", len(out.Hits))
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
	}
	return b.String(), out, nil
}
