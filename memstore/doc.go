package memstore

import (
	"bytes"
	"slices"
	"strings"
)

// Doc is a Markdown memory file (a daily log or the long-term memory) kept as its own lines,
// so that whatever a person wrote by hand survives a rewrite and an unchanged file renders
// to the very same bytes. Structure (sections, bullets) is read from the lines on demand,
// the sections kept from one edit to the next (doc_sections.go); edits insert, replace or
// remove whole lines.
type Doc struct {
	bom   bool
	lines []line
	eol   string // the line ending of new lines: the file's first one, else "\n"

	// guard, when set, says whether a bullet (its text) may be rewritten or removed, or
	// (tick) moved to Finalisé: the hook's Tx sets it so that capture never touches a
	// bullet it did not write (see Tx.protect). Kept counts the changes it refused.
	guard func(text string, tick bool) bool
	Kept  int

	// secs are the sections as last read, kept up to date by every edit when secsOK (see
	// doc_sections.go); scratch is edited's buffer.
	secs    []cachedSection
	secsOK  bool
	scratch []cachedSection
}

type line struct {
	text string // without its line ending; trailing spaces kept
	eol  string // "\n", "\r\n" or "" (last line without a final newline)
}

// utf8BOM is the byte-order mark some editors put at the start of a file.
var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

// ParseDoc reads a memory file. It accepts any bytes: CRLF or LF, a UTF-8 BOM, a missing final newline.
func ParseDoc(data []byte) *Doc {
	d := &Doc{eol: "\n"}
	if bytes.HasPrefix(data, utf8BOM) {
		d.bom = true
		data = data[len(utf8BOM):]
	}
	first := true
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		var l line
		if i < 0 {
			l = line{text: string(data)}
			data = nil
		} else {
			t := data[:i]
			l.eol = "\n"
			if len(t) > 0 && t[len(t)-1] == '\r' {
				t = t[:len(t)-1]
				l.eol = "\r\n"
			}
			l.text = string(t)
			data = data[i+1:]
		}
		if first && l.eol != "" {
			d.eol = l.eol
			first = false
		}
		d.lines = append(d.lines, l)
	}
	return d
}

// Bytes renders the document. For a document parsed and not edited, it is the input, byte for byte.
func (d *Doc) Bytes() []byte {
	n := 3
	for _, l := range d.lines {
		n += len(l.text) + len(l.eol)
	}
	b := make([]byte, 0, n)
	if d.bom {
		b = append(b, utf8BOM...)
	}
	for _, l := range d.lines {
		b = append(b, l.text...)
		b = append(b, l.eol...)
	}
	return b
}

// String renders the document as a string.
func (d *Doc) String() string { return string(d.Bytes()) }

// Lines returns the text of every line, without line endings.
func (d *Doc) Lines() []string {
	out := make([]string, len(d.lines))
	for i, l := range d.lines {
		out[i] = l.text
	}
	return out
}

// LinesIn returns the text of lines [from, to), none when to is not after from.
func (d *Doc) LinesIn(from, to int) []string { return d.linesText(from, max(from, to)) }

// Title is the text of the first "# " heading, or "".
func (d *Doc) Title() string {
	for _, l := range d.lines {
		if strings.HasPrefix(l.text, "# ") {
			return strings.TrimSpace(l.text[2:])
		}
	}
	return ""
}

// Section is a "## " heading and the lines up to the next heading of level 1 or 2.
// Start is the index of the heading line, End the index after its last line.
type Section struct {
	Heading string // the heading text, trimmed
	Key     string // the section key (KeyContexte, …, KeyFinalise) when the heading is a known one, else ""
	Start   int
	End     int
}

// Bullet is a top-level list item of a section: its first line and the indented lines that
// follow it (nested bullets, continuation text, code blocks). Line is its first line's index,
// End the index after its last line.
type Bullet struct {
	Text string // text after the marker, trimmed; a leading "✅" is kept
	Line int
	End  int
}

// Done reports whether the bullet is ticked ("✅ …").
func (b Bullet) Done() bool { return strings.HasPrefix(b.Text, "✅") }

// fenceState tracks ``` and ~~~ code fences so that their content is never read as structure.
type fenceState struct{ marker string }

func (f *fenceState) step(text string) (inside bool) {
	t := strings.TrimLeft(text, " \t")
	if f.marker != "" {
		if strings.HasPrefix(t, f.marker) && strings.TrimSpace(strings.TrimLeft(t, f.marker[:1])) == "" {
			f.marker = ""
		}
		return true
	}
	for _, m := range []string{"```", "~~~"} {
		if strings.HasPrefix(t, m) {
			n := len(t) - len(strings.TrimLeft(t, m[:1]))
			f.marker = strings.Repeat(m[:1], n)
			return true
		}
	}
	return false
}

// headingLevel returns 1 or 2 for "# " and "## " lines, else 0.
func headingLevel(text string) int {
	switch {
	case strings.HasPrefix(text, "# "), text == "#":
		return 1
	case strings.HasPrefix(text, "## "), text == "##":
		return 2
	}
	return 0
}

// Sections lists the "## " sections in file order. A section ends at the next heading of
// level 1 or 2; a heading inside a code block is none.
func (d *Doc) Sections() []Section {
	cs := d.sections()
	if len(cs) == 0 {
		return nil
	}
	out := make([]Section, len(cs))
	for i, s := range cs {
		out[i] = s.Section
	}
	return out
}

// Section returns the first section with the given key (or, for long memory, the given date
// heading) and whether it exists.
func (d *Doc) Section(keyOrHeading string) (Section, bool) {
	for _, s := range d.sections() {
		if s.Key == keyOrHeading || (s.Key == "" && s.Heading == keyOrHeading) {
			return s.Section, true
		}
	}
	return Section{}, false
}

// bulletText returns the text of a top-level bullet line and whether it is one.
func bulletText(text string) (string, bool) {
	if len(text) >= 2 && (text[0] == '-' || text[0] == '*' || text[0] == '+') && (text[1] == ' ' || text[1] == '\t') {
		return strings.TrimSpace(text[2:]), true
	}
	return "", false
}

func indented(text string) bool {
	return len(text) > 0 && (text[0] == ' ' || text[0] == '\t')
}

// Bullets lists the top-level bullets of a section.
func (d *Doc) Bullets(s Section) []Bullet {
	var out []Bullet
	var f fenceState
	open := -1 // index in out of the bullet still collecting its indented lines
	for i := s.Start + 1; i < s.End && i < len(d.lines); i++ {
		t := d.lines[i].text
		if f.step(t) {
			if open >= 0 && (indented(t) || f.marker == "" && indented(t)) {
				out[open].End = i + 1
			} else {
				open = -1
			}
			continue
		}
		if txt, ok := bulletText(t); ok {
			out = append(out, Bullet{Text: txt, Line: i, End: i + 1})
			open = len(out) - 1
			continue
		}
		if open >= 0 && indented(t) && strings.TrimSpace(t) != "" {
			out[open].End = i + 1
			continue
		}
		open = -1
	}
	return out
}

// AllBullets lists every top-level bullet of every section, with its section.
func (d *Doc) AllBullets() []SectionBullet {
	var out []SectionBullet
	for _, s := range d.sections() {
		for _, b := range d.Bullets(s.Section) {
			out = append(out, SectionBullet{Section: s.Section, Bullet: b})
		}
	}
	return out
}

// SectionBullet is a bullet with the section that holds it.
type SectionBullet struct {
	Section Section
	Bullet  Bullet
}

// insert puts new lines (with the document's line ending) before index at.
func (d *Doc) insert(at int, texts ...string) {
	if at > 0 && at == len(d.lines) && d.lines[at-1].eol == "" {
		d.lines[at-1].eol = d.eol // the old last line had no final newline
	}
	nl := make([]line, len(texts))
	for i, t := range texts {
		nl[i] = line{text: t, eol: d.eol}
	}
	d.lines = slices.Insert(d.lines, at, nl...)
	d.edited(at, at, at+len(nl), true)
}

// remove deletes lines [from, to). When the tail goes, the new last line takes the old last
// line's ending, so a file without a final newline stays without one.
func (d *Doc) remove(from, to int) {
	if to == len(d.lines) && from > 0 {
		d.lines[from-1].eol = d.lines[to-1].eol
	}
	inertOld := d.inertLines(from, to)
	d.lines = slices.Delete(d.lines, from, to)
	d.edited(from, to, from, inertOld)
}

// Len is the number of lines.
func (d *Doc) Len() int { return len(d.lines) }

// InsertLines puts new lines (with the document's line ending) before line at; at the end,
// a last line without a final newline gets one.
func (d *Doc) InsertLines(at int, texts ...string) { d.insert(at, texts...) }

// RemoveLines deletes lines [from, to); when the tail goes, the new last line ends as the old
// last line did.
func (d *Doc) RemoveLines(from, to int) { d.remove(from, to) }

// DropFinalNewline takes the line ending off the last line, so that a file that had no final
// newline keeps none after lines were added at its end.
func (d *Doc) DropFinalNewline() {
	if n := len(d.lines); n > 0 {
		d.lines[n-1].eol = ""
	}
}

// SetLine replaces the text of line i, keeping its line ending.
func (d *Doc) SetLine(i int, text string) { d.setLine(i, text) }

// AppendBullet adds "- text" at the end of the bullets of the section with key (creating the
// section, with the heading given, at its place in order when it is missing). order lists the
// section keys in file order; unknown sections keep their place. more are the bullet's
// indented lines (nested bullets, continuation text), written after it as they are.
func (d *Doc) AppendBullet(key, heading, text string, order []string, more ...string) {
	if s, ok := d.Section(key); ok {
		d.insertBullet(s, text, more...)
		return
	}
	d.AddSection(key, heading, order, append([]string{"- " + text}, more...)...)
}

// bulletInsertPoint is the line after the last bullet of s, or, for a section without
// bullets, after its last non-blank line.
func (d *Doc) bulletInsertPoint(s Section) int {
	at := s.Start + 1
	if bs := d.Bullets(s); len(bs) > 0 {
		return bs[len(bs)-1].End
	}
	for i := s.Start + 1; i < s.End; i++ {
		if strings.TrimSpace(d.lines[i].text) != "" {
			at = i + 1
		}
	}
	return at
}

// AddSection inserts a new "## heading" section holding body lines, before the first
// section that comes after key in order, else at the end of the document.
func (d *Doc) AddSection(key, heading string, order []string, body ...string) {
	rank := func(k string) int {
		for i, o := range order {
			if o == k {
				return i
			}
		}
		return -1
	}
	my := rank(key)
	block := append([]string{"## " + heading}, body...)
	if my >= 0 {
		for _, s := range d.Sections() {
			if r := rank(s.Key); r > my {
				d.insert(s.Start, append(block, "")...)
				return
			}
		}
	}
	// at the end: one blank line between the previous content and the new heading
	end := len(d.lines)
	for end > 1 && blank(d.lines[end-1].text) && blank(d.lines[end-2].text) {
		end-- // several trailing blank lines: insert after the first
	}
	if m := d.fenceOpenAt(end); m != "" {
		block = append([]string{m}, block...) // close a code block left open by hand
	}
	if end > 0 && !blank(d.lines[end-1].text) {
		block = append([]string{""}, block...)
	}
	d.insert(end, block...)
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

// fenceOpenAt returns the marker of the code block left open before line at, or "".
func (d *Doc) fenceOpenAt(at int) string {
	var f fenceState
	for _, l := range d.lines[:at] {
		f.step(l.text)
	}
	return f.marker
}

// insertBullet adds "- text" (and its indented lines, more) after the last bullet of s.
func (d *Doc) insertBullet(s Section, text string, more ...string) {
	at := d.bulletInsertPoint(s)
	block := append([]string{"- " + text}, more...)
	if m := d.fenceOpenAt(at); m != "" {
		block = append([]string{m}, block...) // close a code block left open by hand
	}
	d.insert(at, block...)
}

// RemoveBullet deletes a bullet (with its indented lines). When the section is left with
// nothing but blank lines, the section goes too: a section without bullets is left out.
func (d *Doc) RemoveBullet(s Section, b Bullet) {
	if !d.MayChange(b, false) {
		d.Kept++
		return
	}
	d.remove(b.Line, b.End)
	s.End -= b.End - b.Line
	for i := s.Start + 1; i < s.End; i++ {
		if !blank(d.lines[i].text) {
			return
		}
	}
	start := s.Start
	if s.End == len(d.lines) && start > 0 && blank(d.lines[start-1].text) {
		start-- // the last section: its separating blank line goes with it
	}
	d.remove(start, s.End)
}

// SetBulletText replaces a bullet's first line text, keeping its marker and indented lines.
func (d *Doc) SetBulletText(b Bullet, text string) {
	if !d.MayChange(b, false) {
		d.Kept++
		return
	}
	t := d.lines[b.Line].text
	d.setLine(b.Line, t[:2]+text)
}

// MayChange reports whether the bullet may be rewritten or removed (tick: moved to Finalisé)
// by the writer that read the document: always, but for the hook, which may touch only
// what capture wrote (and tick an agent's open item).
func (d *Doc) MayChange(b Bullet, tick bool) bool { return d.guard == nil || d.guard(b.Text, tick) }

// BulletBody returns the indented lines of a bullet (nested bullets, continuation text,
// code blocks), without its first line.
func (d *Doc) BulletBody(b Bullet) []string {
	var out []string
	for i := b.Line + 1; i < b.End && i < len(d.lines); i++ {
		out = append(out, d.lines[i].text)
	}
	return out
}

// Clone returns an independent copy.
func (d *Doc) Clone() *Doc {
	c := *d
	c.lines = append([]line(nil), d.lines...)
	c.secs, c.scratch = slices.Clone(d.secs), nil
	return &c
}
