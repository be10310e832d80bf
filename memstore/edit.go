package memstore

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
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
	// NewSection lets append and prepend create a section carnet does not know; without it
	// such a section is refused as a likely typo.
	NewSection bool
}

// EditError is an edit that cannot apply to the file as it is; nothing is changed.
type EditError struct {
	Msg string
	// UnknownSection: the section named is neither in the file nor one carnet knows; the
	// caller may say how to create it anyway (Edit.NewSection).
	UnknownSection bool
}

func (e *EditError) Error() string { return e.Msg }

func editErr(format string, a ...any) error { return &EditError{Msg: fmt.Sprintf(format, a...)} }

// ApplyEdit returns data with e applied, or an EditError saying why it does not apply.
func ApplyEdit(data []byte, e Edit) ([]byte, error) {
	if err := CheckEditOp(e.Op); err != nil {
		return nil, err
	}
	if e.Op == EditReplace {
		return replaceText(data, e)
	}
	if strings.TrimSpace(e.New) == "" {
		return nil, editErr("no new text given")
	}
	d := ParseDoc(data)
	var err error
	if e.Op == EditSupersede {
		err = d.supersede(e)
	} else {
		err = d.editSection(e)
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
// section key (French or English), and whether there is one.
func (d *Doc) FindSection(name string) (Section, bool) {
	want := sectionName(name)
	key := logSectionKey(want)
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
		name := sectionName(e.Section)
		key := logSectionKey(name)
		switch {
		case slices.Contains(LogOrder, name) || slices.Contains(englishLogKeys, name): // a key: write its heading
			name = Heading(key, e.Lang)
		case key == "" && !IsDate(name) && !e.NewSection:
			return d.unknownSection(name)
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

// sectionName is a section named by its heading, with or without "## ".
func sectionName(name string) string {
	return strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(name), "#"))
}

// englishLogKeys name the sections of LogOrder in English, for a person typing a key.
var englishLogKeys = []string{"context", "goal", "problems", "knowledge", "work", "decisions", "next", "done"}

// logSectionKey is the key of the log section name designates — a key (French or English),
// a heading or a known alias — or "".
func logSectionKey(name string) string {
	if i := slices.Index(LogOrder, name); i >= 0 {
		return name
	}
	if i := slices.Index(englishLogKeys, name); i >= 0 {
		return LogOrder[i]
	}
	return SectionKey(name)
}

// unknownSection refuses a section that is neither in the file nor one carnet knows: most
// often a typo, which would otherwise start a section no reader looks at.
func (d *Doc) unknownSection(name string) error {
	var has []string
	for _, s := range d.Sections() {
		has = append(has, s.Heading)
	}
	in := "this file has no section"
	if len(has) > 0 {
		in = "this file has " + strings.Join(has, ", ")
	}
	keys := slices.Clone(LogOrder)
	for _, k := range englishLogKeys {
		if !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	return &EditError{UnknownSection: true, Msg: fmt.Sprintf("unknown section %q: %s; carnet's sections are %s, or a day YYYY-MM-DD",
		name, in, strings.Join(keys, ", "))}
}

// CheckEditOp says, for an operation that is not one of EditOps, that it is unknown.
func CheckEditOp(op string) error {
	if !slices.Contains(EditOps(), op) {
		return editErr("unknown operation %q (one of %s)", op, strings.Join(EditOps(), ", "))
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
		note := path.Dir(file) == p.NotesDir()
		e.NewSection = e.NewSection || note // a note's sections are its own: any heading is one
		data, err := ApplyEdit(old, e)
		if err != nil {
			return err
		}
		if note {
			data = TouchNote(data, Date(tx.Now()))
		}
		tx.Say(fmt.Sprintf("edit %s (%s)", path.Base(file), e.Op))
		return tx.Put(file, data)
	})
}
