package memstore

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
)

// Operations of an Edit.
const (
	EditReplace        = "replace"         // Old → New, Old found exactly Count times
	EditAppend         = "append"          // New's lines after the last line of Section
	EditPrepend        = "prepend"         // New's lines right under Section's heading
	EditReplaceSection = "replace_section" // New's lines instead of Section's body
	EditSupersede      = "supersede"       // the bullet Old designates replaced by New, the old one struck under it
)

// EditOps lists the operations of an Edit, in the order they are documented.
func EditOps() []string {
	return []string{EditReplace, EditAppend, EditPrepend, EditReplaceSection, EditSupersede}
}

// Edit is one targeted change of a memory file's text: the file may be of any size, only what
// the edit adds is bounded by its caller.
type Edit struct {
	Op      string
	Old     string // replace: the exact text to find; supersede: words of the bullet to replace
	New     string // the new text; for the section operations, its lines as they are
	Section string // append, prepend, replace_section: a "## " heading or a section key; supersede: narrows the search
	Count   int    // replace: how many times Old must be found (0 means 1)
	Date    string // supersede: the date the link says (YYYY-MM-DD)
	Lang    string // "en" for English wording (a new section's heading, the supersede link)
}

// EditError is an edit that cannot apply to the file as it is; nothing is changed.
type EditError struct{ Msg string }

func (e *EditError) Error() string { return e.Msg }

func editErr(format string, a ...any) error { return &EditError{Msg: fmt.Sprintf(format, a...)} }

// ApplyEdit returns data with e applied, or an EditError saying why it does not apply.
func ApplyEdit(data []byte, e Edit) ([]byte, error) {
	if e.Op == EditReplace {
		return replaceText(data, e)
	}
	if strings.TrimSpace(e.New) == "" {
		return nil, editErr("no new text given")
	}
	d := ParseDoc(data)
	var err error
	switch e.Op {
	case EditAppend, EditPrepend, EditReplaceSection:
		err = d.editSection(e)
	case EditSupersede:
		err = d.supersede(e)
	default:
		err = editErr("unknown operation %q (one of %s)", e.Op, strings.Join(EditOps(), ", "))
	}
	if err != nil {
		return nil, err
	}
	return d.Bytes(), nil
}

func replaceText(data []byte, e Edit) ([]byte, error) {
	if e.Old == "" {
		return nil, editErr("no old text given: replace needs the exact text to find")
	}
	want := max(e.Count, 1)
	s := string(data)
	if n := strings.Count(s, e.Old); n != want {
		return nil, editErr("the old text is found %d time(s), not %d: give more of the text around it, or the count found", n, want)
	}
	return []byte(strings.ReplaceAll(s, e.Old, e.New)), nil
}

// newLines splits a text into lines, without a final empty one.
func newLines(text string) []string {
	text = strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	return strings.Split(text, "\n")
}

// FindSection returns the section named by a "## " heading (with or without its "##") or a
// section key, and whether there is one.
func (d *Doc) FindSection(name string) (Section, bool) {
	want := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(name), "#"))
	key := SectionKey(want)
	for _, s := range d.Sections() {
		if s.Heading == want || s.Key == want || key != "" && s.Key == key {
			return s, true
		}
	}
	return Section{}, false
}

// lastFilled is the index after the last non-blank line of s's body, or after its heading.
func (d *Doc) lastFilled(s Section) int {
	at := s.Start + 1
	for i := s.Start + 1; i < s.End; i++ {
		if !blank(d.lines[i].text) {
			at = i + 1
		}
	}
	return at
}

func (d *Doc) editSection(e Edit) error {
	if strings.TrimSpace(e.Section) == "" {
		return editErr("%s needs a section (a ## heading or a section key)", e.Op)
	}
	lines := newLines(e.New)
	s, ok := d.FindSection(e.Section)
	if !ok {
		if e.Op == EditReplaceSection {
			return editErr("no section %q in this file", e.Section)
		}
		name := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(e.Section), "#"))
		key := SectionKey(name)
		if _, known := headings[name]; known {
			key, name = name, Heading(name, e.Lang)
		}
		d.AddSection(key, name, LogOrder, lines...)
		return nil
	}
	switch e.Op {
	case EditAppend:
		d.insert(d.lastFilled(s), lines...)
	case EditPrepend:
		d.insert(s.Start+1, lines...)
	case EditReplaceSection:
		d.remove(s.Start+1, d.lastFilled(s))
		d.insert(s.Start+1, lines...)
	}
	return nil
}

// supersedeWords are the words of the link between a bullet and the one it replaced.
var supersedeWords = map[string]string{"fr": "remplacé le", "en": "superseded on"}

// supersede replaces the bullet Old designates by New, and keeps the old one struck through
// under it, dated, with its own indented lines: readable in the file, out of recall.
func (d *Doc) supersede(e Edit) error {
	if strings.TrimSpace(e.Old) == "" {
		return editErr("supersede needs the old bullet's words (old)")
	}
	var cands []SectionBullet
	for _, sb := range d.AllBullets() {
		if Superseded(sb.Bullet.Text) {
			continue
		}
		if e.Section != "" {
			if s, ok := d.FindSection(e.Section); !ok || s.Start != sb.Section.Start {
				continue
			}
		}
		cands = append(cands, sb)
	}
	idx := MatchText(len(cands), func(i int) string { return cands[i].Bullet.Text }, strings.TrimSpace(e.Old)).Closest()
	switch {
	case len(idx) == 0:
		return editErr("no bullet matches %q", e.Old)
	case len(idx) > 1:
		var b strings.Builder
		fmt.Fprintf(&b, "%q matches %d bullets; give more of its words or its section:", e.Old, len(idx))
		for _, i := range idx {
			fmt.Fprintf(&b, "\n- [%s] %s", cands[i].Section.Heading, cands[i].Bullet.Text)
		}
		return &EditError{Msg: b.String()}
	}
	old := cands[idx[0]].Bullet
	words := supersedeWords["fr"]
	if e.Lang == "en" {
		words = supersedeWords["en"]
	}
	block := []string{"- " + strings.Join(strings.Fields(e.New), " "),
		fmt.Sprintf("  - ~~%s~~ (%s %s)", old.Text, words, e.Date)}
	for _, l := range d.BulletBody(old) {
		block = append(block, "  "+l)
	}
	d.remove(old.Line, old.End)
	d.insert(old.Line, block...)
	return nil
}

// Superseded reports whether a bullet's text is one a supersede struck: "~~old~~ (remplacé
// le DATE)". Search and load leave such bullets out.
func Superseded(text string) bool {
	if !strings.HasPrefix(text, "~~") {
		return false
	}
	for _, w := range supersedeWords {
		if strings.Contains(text, "~~ ("+w+" ") {
			return true
		}
	}
	return false
}

// MemoryFile is the file a path names inside the project's memory folder: rel is relative to
// that folder, slash-separated, a Markdown file outside logs/.debug/ and hidden files. The
// file itself is read and written through ReadFile and Write, which refuse symbolic links.
func (p *Project) MemoryFile(rel string) (string, error) {
	rel = strings.TrimPrefix(strings.TrimSpace(filepath.ToSlash(rel)), "./")
	rel = strings.TrimPrefix(rel, p.RelDir+"/")
	clean := path.Clean(rel)
	switch {
	case rel == "" || path.IsAbs(rel) || clean == ".." || strings.HasPrefix(clean, "../"):
		return "", fmt.Errorf("%q is not a path inside %s", rel, p.RelDir)
	case !strings.HasSuffix(clean, ".md"):
		return "", fmt.Errorf("%q is not a memory file (Markdown, .md)", rel)
	}
	for seg := range strings.SplitSeq(clean, "/") {
		if strings.HasPrefix(seg, ".") {
			return "", fmt.Errorf("%q is a hidden file, not memory", rel)
		}
	}
	return path.Join(p.RelDir, clean), nil
}

// EditFile applies e to the file rel names (MemoryFile) through Write; a note's updated date
// follows. It fails, changing nothing, when the file is missing, when the edit does not apply
// (EditError) or when what it adds looks like a secret (SecretError).
func (p *Project) EditFile(c Change, rel string, e Edit) (Written, error) {
	file, err := p.MemoryFile(rel)
	if err != nil {
		return Written{}, err
	}
	return p.Write(c, func(tx *Tx) error {
		old, exists, err := tx.Read(file)
		switch {
		case err != nil:
			return err
		case !exists:
			return fmt.Errorf("no file %s", file)
		}
		data, err := ApplyEdit(old, e)
		if err != nil {
			return err
		}
		if path.Dir(file) == p.NotesDir() {
			data = TouchNote(data, Date(tx.Now()))
		}
		tx.Say(fmt.Sprintf("edit %s (%s)", path.Base(file), e.Op))
		return tx.Put(file, data)
	})
}
