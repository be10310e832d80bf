package mcpserver

import (
	"fmt"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// FileContent is a memory file with its version.
type FileContent struct {
	Path      string `json:"path" jsonschema:"relative to the memory folder"`
	Version   string `json:"version" jsonschema:"first 10 hex digits of the git blob hash; memory_write needs it"`
	Lines     int    `json:"lines"`
	Chars     int    `json:"chars"`
	Sensitive bool   `json:"sensitive,omitempty"`
	Content   string `json:"content"`
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
		desc: `Start here. A bounded overview of this project's memory (default: the [load] token budget, at most 1,500 tokens): counts, open "À suivre" items, the latest day's summary, long_memory.md (whole when it fits, else its sections), one line per daily log, the other projects. Then memory_search, and memory_read a line range or a section. detail "full" gives the whole long memory and every log.
Files marked sensitive are left out for clients with read-only access.`,
	}, func(in *jsonschema.Schema) {
		prop(in, "detail").Enum = []any{detailSummary, detailFull}
		prop(in, "budget").Minimum = new(float64(minIndexBudget))
	}, func(c *call, in IndexIn) (string, IndexOut, error) { return c.index(in) })

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
