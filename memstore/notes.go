package memstore

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// NotesDirName is the folder of topic notes in a memory folder: one Markdown file per person,
// domain or subject, each with a front matter (NoteMeta).
const NotesDirName = "notes"

// NotesDir is the project's notes folder.
func (p *Project) NotesDir() string { return path.Join(p.RelDir, NotesDirName) }

// NotePath is the file of the note slug.
func (p *Project) NotePath(slug string) string { return path.Join(p.NotesDir(), slug+".md") }

// NoteMeta is a note's front matter.
type NoteMeta struct {
	Title       string
	Description string // one line: what the note is about, shown in the index
	Updated     string // YYYY-MM-DD, set by every write through SaveNote
	Sensitive   bool   // hidden from read-only MCP clients and from load
	Tags        []string
}

// Note is a note on disk and its front matter.
type Note struct {
	Slug string
	Path string
	Size int64
	Meta NoteMeta
}

// IsSlug reports whether s names a note: lower-case letters, digits and dashes, starting with
// a letter or digit, at most 64 characters.
func IsSlug(s string) bool {
	if s == "" || len(s) > 64 || s[0] == '-' {
		return false
	}
	for _, c := range s {
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// Slugify makes a slug of a title: folded as search folds (accents dropped, œ as oe), words
// of ASCII letters and digits joined by dashes, at most 60 characters.
func Slugify(title string) string {
	var b strings.Builder
	dash := false
	for _, c := range foldBytes([]byte(title)) {
		if b.Len() >= 60 {
			break
		}
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteByte(c)
			dash = false
			continue
		}
		dash = true
	}
	return strings.TrimRight(b.String(), "-")
}

// ParseFrontMatter reads the "---" front matter data starts with: the keys title,
// description, updated, sensitive and tags ("[a, b]" or "a, b"); other keys are ignored. ok
// is false when data has none; body is what follows it.
func ParseFrontMatter(data []byte) (m NoteMeta, body []byte, ok bool) {
	data = bytes.TrimPrefix(data, utf8BOM)
	rest, found := cutLine(data, "---")
	if !found {
		return NoteMeta{}, data, false
	}
	for len(rest) > 0 {
		var l []byte
		l, rest, _ = bytes.Cut(rest, []byte("\n"))
		line := strings.TrimRight(string(l), "\r")
		if strings.TrimSpace(line) == "---" {
			return m, rest, true
		}
		k, v, _ := strings.Cut(line, ":")
		m.set(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	return NoteMeta{}, data, false // never closed: not a front matter
}

// cutLine returns what follows data's first line when that line is want.
func cutLine(data []byte, want string) ([]byte, bool) {
	l, rest, _ := bytes.Cut(data, []byte("\n"))
	if strings.TrimSpace(string(l)) != want {
		return nil, false
	}
	return rest, true
}

func (m *NoteMeta) set(k, v string) {
	v = unquote(v)
	switch strings.ToLower(k) {
	case "title":
		m.Title = v
	case "description":
		m.Description = v
	case "updated":
		m.Updated = v
	case "sensitive":
		m.Sensitive, _ = strconv.ParseBool(v)
	case "tags":
		m.Tags = nil
		for t := range strings.SplitSeq(strings.Trim(v, "[]"), ",") {
			if t = unquote(strings.TrimSpace(t)); t != "" {
				m.Tags = append(m.Tags, t)
			}
		}
	}
}

func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		if u, err := strconv.Unquote(`"` + v[1:len(v)-1] + `"`); err == nil {
			return u
		}
		return v[1 : len(v)-1]
	}
	return v
}

// FrontMatter renders m as the front matter a note starts with.
func (m NoteMeta) FrontMatter() string {
	var b strings.Builder
	b.WriteString("---\n")
	fmt.Fprintf(&b, "title: %s\n", yamlString(m.Title))
	fmt.Fprintf(&b, "description: %s\n", yamlString(m.Description))
	fmt.Fprintf(&b, "updated: %s\n", m.Updated)
	fmt.Fprintf(&b, "sensitive: %t\n", m.Sensitive)
	quoted := make([]string, len(m.Tags))
	for i, t := range m.Tags {
		quoted[i] = yamlString(t)
	}
	fmt.Fprintf(&b, "tags: [%s]\n", strings.Join(quoted, ", "))
	b.WriteString("---\n")
	return b.String()
}

// yamlString is s as a YAML scalar: plain when that reads back the same, else double-quoted.
func yamlString(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" || strings.ContainsAny(s, ":#[]{},&*!|>'\"%@`") || s != strings.TrimSpace(s) {
		return strconv.Quote(s)
	}
	return s
}

// SensitiveMarker is the line that marks a memory file as sensitive, anywhere in the file, on
// a line of its own (case and spaces inside the comment do not matter). A front matter's
// "sensitive: true" says the same.
const SensitiveMarker = "<!-- carnet: sensitive -->"

var sensitiveKey = squash(SensitiveMarker)

// squash lowercases s and drops every space, so that marker variants compare equal.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

// IsSensitive reports whether a memory file of any kind is sensitive: "sensitive: true" in its
// front matter, or SensitiveMarker on a line of its own.
func IsSensitive(data []byte) bool {
	if !bytes.Contains(bytes.ToLower(data), []byte("sensitive")) {
		return false
	}
	if m, _, ok := ParseFrontMatter(data); ok && m.Sensitive {
		return true
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), len(data)+1)
	for sc.Scan() {
		if squash(sc.Text()) == sensitiveKey {
			return true
		}
	}
	return false
}

// Notes lists the project's notes, sorted by slug, with their front matter. Symbolic links,
// and files whose name is not a slug, are left out.
func (p *Project) Notes() ([]Note, error) {
	ents, err := p.readDir(p.NotesDir())
	if err != nil {
		return nil, err
	}
	var out []Note
	for _, e := range ents {
		slug, ok := strings.CutSuffix(e.Name(), ".md")
		if e.IsDir() || !ok || !IsSlug(slug) {
			continue
		}
		n, _, err := p.ReadNote(slug)
		if err != nil {
			continue // gone or replaced by a link since the listing
		}
		out = append(out, n)
	}
	return out, nil
}

// NotFoundNoteError is a note that does not exist.
type NotFoundNoteError struct{ Slug string }

func (e *NotFoundNoteError) Error() string { return fmt.Sprintf("no note %q", e.Slug) }

// ReadNote reads the note slug: its description and its whole file.
func (p *Project) ReadNote(slug string) (Note, []byte, error) {
	if !IsSlug(slug) {
		return Note{}, nil, fmt.Errorf("%q is not a note name (lower-case letters, digits and dashes)", slug)
	}
	file := p.NotePath(slug)
	data, err := p.ReadFile(file)
	if errors.Is(err, fs.ErrNotExist) {
		return Note{}, nil, &NotFoundNoteError{Slug: slug}
	}
	if err != nil {
		return Note{}, nil, err
	}
	n := Note{Slug: slug, Path: file, Size: int64(len(data))}
	n.Meta, _, _ = ParseFrontMatter(data)
	n.Meta.Sensitive = IsSensitive(data)
	if n.Meta.Title == "" {
		n.Meta.Title = slug
	}
	return n, data, nil
}

// NoteInput is a note to create or update with SaveNote: the fields left empty keep what the
// note has (a new note's title defaults to its slug); Body, when not nil, replaces the text
// under the front matter.
type NoteInput struct {
	Title, Description string
	Sensitive          *bool
	Tags               []string
	Body               *string
}

// SaveNote creates or updates the note slug through Write, its updated date set to the
// change's day. It reports whether the note was created.
func (p *Project) SaveNote(c Change, slug string, in NoteInput) (created bool, w Written, err error) {
	if !IsSlug(slug) {
		return false, Written{}, fmt.Errorf("%q is not a note name (lower-case letters, digits and dashes)", slug)
	}
	w, err = p.Write(c, func(tx *Tx) error {
		old, exists, err := tx.Read(p.NotePath(slug))
		if err != nil {
			return err
		}
		created = !exists
		data := UpdateNote(old, slug, in, Date(tx.Now()))
		what := "update note " + slug
		if created {
			what = "new note " + slug
		}
		tx.Say(what)
		return tx.Put(p.NotePath(slug), data)
	})
	return created, w, err
}

// UpdateNote is a note's file with in applied and its updated date set to date; old is the
// file as it is (nil for a new note).
func UpdateNote(old []byte, slug string, in NoteInput, date string) []byte {
	m, body, _ := ParseFrontMatter(old)
	if in.Title != "" {
		m.Title = in.Title
	}
	if m.Title == "" {
		m.Title = slug
	}
	if in.Description != "" {
		m.Description = in.Description
	}
	if in.Sensitive != nil {
		m.Sensitive = *in.Sensitive
	}
	if in.Tags != nil {
		m.Tags = slices.Clone(in.Tags)
	}
	m.Updated = date
	if in.Body != nil {
		body = []byte(*in.Body)
	}
	if len(body) == 0 {
		body = []byte("\n# " + m.Title + "\n")
	}
	if len(body) > 0 && body[len(body)-1] != '\n' {
		body = append(body, '\n')
	}
	return append([]byte(m.FrontMatter()), body...)
}

// TouchNote sets the updated date in a note's front matter (data) to date, every other line
// kept as it is; a file without front matter is returned as it is.
func TouchNote(data []byte, date string) []byte {
	m, _, ok := ParseFrontMatter(data)
	if !ok || m.Updated == date {
		return data
	}
	d := ParseDoc(data)
	for i, l := range d.lines[1:] {
		t := strings.TrimSpace(l.text)
		if t == "---" {
			d.insert(i+1, "updated: "+date)
			break
		}
		if k, _, _ := strings.Cut(t, ":"); strings.EqualFold(strings.TrimSpace(k), "updated") {
			d.setLine(i+1, "updated: "+date)
			break
		}
	}
	return d.Bytes()
}
