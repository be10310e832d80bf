package memimport

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"carnet/memstore"
	"carnet/promote"
)

// Claude Code's auto memory (code.claude.com/docs/en/memory): a folder per project,
// <config dir>/projects/<project>/memory/, where <config dir> is $CLAUDE_CONFIG_DIR or
// ~/.claude and <project> is the git top-level's absolute path with every character but
// ASCII letters and digits made a "-". It holds MEMORY.md, an index loaded at each session
// ("- [Title](file.md) — what it is"), and one Markdown file per memory, with a front matter:
// name, description, type (user, feedback, project, reference).
//
// A memory whose body is one short paragraph is one fact: it goes to long memory, under the
// date of its file. A longer one is a subject: it becomes a note (tagged claude-code and its
// type). A "user" memory is about the person: always a note, marked sensitive (hidden from
// read-only clients). The index's pointers are not imported (the files they point to are);
// any other bullet of MEMORY.md is a fact. Facts carry " <!-- agent:claude -->": Claude wrote
// them.

// claudeMarker ends a bullet Claude Code's memory gave: " <!-- agent:claude -->".
var claudeMarker = memstore.Marker(memstore.AuthorAgent + ":claude")

// shortMemory is the longest body imported as one fact.
const shortMemory = 400

// claudeFront is a memory file's front matter.
type claudeFront struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
	Type        string `yaml:"type"`
	Metadata    struct {
		Type string `yaml:"type"`
	} `yaml:"metadata"`
}

// ClaudeProjectKey is the folder name Claude Code gives the project at dir under
// projects/: every character but ASCII letters and digits becomes "-".
func ClaudeProjectKey(dir string) string {
	return strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return r
		}
		return '-'
	}, dir)
}

// claudeDir finds the auto-memory folder of the project.
func claudeDir(o Options) (string, error) {
	if o.ClaudeDir != "" {
		if fi, err := os.Stat(o.ClaudeDir); err != nil || !fi.IsDir() {
			return "", fmt.Errorf("%s is not a folder", o.ClaudeDir)
		}
		return o.ClaudeDir, nil
	}
	base := o.ClaudeConfigDir
	if base == "" {
		base = filepath.Join(o.home(), ".claude")
	}
	projects := filepath.Join(base, "projects")
	var tried []string
	for _, dir := range []string{o.RepoRoot, o.Root} {
		if dir == "" {
			continue
		}
		key := ClaudeProjectKey(dir)
		cand := filepath.Join(projects, key, "memory")
		if len(key) > 200 { // Claude Code cuts the name at 200 and adds a hash of its own
			ents, _ := os.ReadDir(projects)
			for _, e := range ents {
				if strings.HasPrefix(e.Name(), key[:200]+"-") {
					cand = filepath.Join(projects, e.Name(), "memory")
				}
			}
		}
		if fi, err := os.Stat(cand); err == nil && fi.IsDir() {
			return cand, nil
		}
		tried = append(tried, cand)
	}
	return "", notFound("no auto memory of Claude Code for this project (looked in %s); --claude-dir names the folder", strings.Join(slices.Compact(tried), ", "))
}

func readClaude(o Options) (Read, error) {
	dir, err := claudeDir(o)
	if err != nil {
		return Read{}, err
	}
	r := Read{Source: SourceClaude, Where: dir}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return r, err
	}
	files := map[string]bool{}
	for _, e := range ents {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".md") || strings.HasPrefix(name, ".") {
			continue
		}
		files[name] = true
		if name == "MEMORY.md" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return r, err
		}
		r.Items = append(r.Items, claudeMemory(name, data, dateOf(filepath.Join(dir, name))))
	}
	if files["MEMORY.md"] {
		path := filepath.Join(dir, "MEMORY.md")
		data, err := os.ReadFile(path)
		if err != nil {
			return r, err
		}
		items, pointers := claudeIndex(data, files, dateOf(path))
		r.Items = append(r.Items, items...)
		if pointers > 0 {
			r.Left = append(r.Left, fmt.Sprintf("MEMORY.md: %s to the memory files (imported from the files themselves)", memstore.Plural(pointers, "pointer")))
		}
	}
	return r, nil
}

// claudeMemory is one memory file as an import item.
func claudeMemory(file string, data []byte, date string) promote.ImportItem {
	front, body := splitFront(data)
	var fm claudeFront
	if front != nil {
		_ = yaml.Unmarshal(front, &fm) // a broken front matter: the file is still imported, named by its file
	}
	kind := strings.ToLower(strings.TrimSpace(fm.Type))
	if kind == "" {
		kind = strings.ToLower(strings.TrimSpace(fm.Metadata.Type))
	}
	name := strings.TrimSpace(fm.Name)
	if name == "" {
		name = strings.TrimSuffix(file, ".md")
	}
	src := "Claude Code memory " + file
	text := strings.TrimSpace(string(body))
	if kind != "user" && oneParagraph(text) && utf8.RuneCountInString(oneLine(text)) <= shortMemory {
		fact := strings.TrimPrefix(strings.TrimPrefix(oneLine(text), "- "), "* ")
		if fact == "" {
			fact = oneLine(fm.Description)
		}
		return promote.ImportItem{Source: src, Dest: promote.ToLongMemory, Date: date, Text: fact + claudeMarker}
	}
	tags := []string{"claude-code"}
	if kind != "" {
		tags = append(tags, memstore.Slugify(kind))
	}
	in := memstore.NoteInput{Title: name, Description: oneLine(fm.Description), Tags: tags}
	if kind == "user" {
		yes := true
		in.Sensitive = &yes
	}
	b := "\n" + text + "\n"
	in.Body = &b
	slug := memstore.Slugify(name)
	if slug == "" {
		slug = memstore.Slugify(strings.TrimSuffix(file, ".md"))
	}
	return promote.ImportItem{Source: src, Dest: promote.ToNote, Note: &promote.ImportNote{Slug: slug, Input: in}}
}

// indexLink is an index line of MEMORY.md: a link to a memory file.
var indexLink = regexp.MustCompile(`^\[[^\]]*\]\(([^)\s]+\.md)\)`)

// claudeIndex reads MEMORY.md: its pointers to memory files are counted, every other bullet
// is a fact.
func claudeIndex(data []byte, files map[string]bool, date string) (items []promote.ImportItem, pointers int) {
	for _, t := range topBullets(data) {
		if m := indexLink.FindStringSubmatch(t); m != nil && files[filepath.Base(m[1])] {
			pointers++
			continue
		}
		if t == "" {
			continue
		}
		items = append(items, promote.ImportItem{Source: "Claude Code MEMORY.md", Dest: promote.ToLongMemory, Date: date, Text: t + claudeMarker})
	}
	return items, pointers
}

// topBullets lists the text of every top-level list item of a Markdown text, under a heading
// of any level or none, outside code blocks.
func topBullets(data []byte) []string {
	var out []string
	fence := ""
	for _, l := range memstore.ParseDoc(data).Lines() {
		t := strings.TrimSpace(l)
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fence = t[:3]
			continue
		}
		if len(l) > 2 && (l[0] == '-' || l[0] == '*' || l[0] == '+') && l[1] == ' ' {
			out = append(out, strings.TrimSpace(l[2:]))
		}
	}
	return out
}

// splitFront cuts a "---" front matter from a Markdown file: its YAML and the body.
func splitFront(data []byte) (front, body []byte) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	s := string(data)
	if !strings.HasPrefix(s, "---\n") && !strings.HasPrefix(s, "---\r\n") {
		return nil, data
	}
	_, rest, _ := strings.Cut(s, "\n")
	for i := 0; i < len(rest); {
		j := strings.IndexByte(rest[i:], '\n')
		line := rest[i:]
		if j >= 0 {
			line = rest[i : i+j]
		}
		if strings.TrimSpace(line) == "---" {
			end := len(rest)
			if j >= 0 {
				end = i + j + 1
			}
			return []byte(rest[:i]), []byte(rest[end:])
		}
		if j < 0 {
			break
		}
		i += j + 1
	}
	return nil, data // never closed: no front matter
}

// oneParagraph reports whether text is one paragraph of prose: no blank line inside, no
// heading, list of several items, table or code block.
func oneParagraph(text string) bool {
	items := 0
	for l := range strings.Lines(text) {
		t := strings.TrimSpace(l)
		switch {
		case t == "":
			return false
		case strings.HasPrefix(t, "#"), strings.HasPrefix(t, "```"), strings.HasPrefix(t, "|"):
			return false
		case strings.HasPrefix(t, "- "), strings.HasPrefix(t, "* "):
			items++
		}
	}
	return items <= 1
}
