package hook

import (
	"errors"
	"fmt"
	"strings"

	"carnet/memstore"
)

// notePriority is where the notes [load] names rank: after today's open items and decisions,
// before the details of older days.
const notePriority = 8

// recall adjusts the load to what bullets say of themselves and adds the notes [load] names:
// a bullet's importance ("!7") raises or lowers how much it is wanted, a superseded bullet
// (struck under the one that replaced it) is left out, and the configured notes that are not
// sensitive lead the load.
func (l *Load) recall(p *memstore.Project) {
	for _, part := range l.Parts {
		for _, b := range part.blocks {
			weigh(b)
		}
	}
	var notes []*LoadPart
	for _, slug := range p.WS.Config.Load.Notes {
		n, data, err := p.ReadNote(slug)
		if _, ok := errors.AsType[*memstore.NotFoundNoteError](err); ok {
			l.Warnings = append(l.Warnings, fmt.Sprintf(wordingOf(p).noNote, slug))
			continue
		}
		if err != nil {
			l.Warnings = append(l.Warnings, "[load] notes: "+err.Error())
			continue
		}
		if n.Meta.Sensitive {
			continue // a sensitive note never goes into a session's context by itself
		}
		notes = append(notes, notePart(n, data))
	}
	l.Parts = append(notes, l.Parts...)
}

// weigh drops the struck lines of a bullet block and shifts its priority by its importance.
func weigh(b *loadBlock) {
	if b.isHeading() || b.text == "" {
		return
	}
	var kept strings.Builder
	for line := range strings.Lines(b.text) {
		if t, ok := strings.CutPrefix(strings.TrimSpace(line), "- "); ok && memstore.Superseded(t) {
			continue
		}
		kept.WriteString(line)
	}
	if kept.Len() != len(b.text) {
		b.text = kept.String()
		b.tokens = Tokens(b.text)
	}
	first, _, _ := strings.Cut(b.text, "\n")
	if _, w := memstore.ParseWeight(strings.TrimSpace(first)); w.Importance > 0 {
		b.priority = max(b.priority-(w.Importance-5)*2, 0)
	}
}

// notePart is a note in the load: its text under its front matter, one block per bullet.
func notePart(n memstore.Note, data []byte) *LoadPart {
	_, body, _ := memstore.ParseFrontMatter(data)
	d := memstore.ParseDoc(body)
	part := &LoadPart{Title: "Note — " + n.Meta.Title, Path: n.Path}
	if secs := d.Sections(); len(secs) > 0 {
		for _, s := range secs {
			part.blocks = append(part.blocks, sectionBlocks(d, s, notePriority)...)
		}
		return part
	}
	start := -1
	for i, line := range d.Lines() {
		if strings.HasPrefix(line, "# ") {
			start = i
			break
		}
	}
	whole := memstore.Section{Heading: n.Meta.Title, Start: start, End: d.Len()}
	part.blocks = append(part.blocks, sectionBlocks(d, whole, notePriority)...)
	return part
}
