package mcpserver

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"carnet/memstore"
)

// EditIn is the input of memory_edit.
type EditIn struct {
	PathIn
	Op      string `json:"op"`
	Old     string `json:"old,omitempty"`
	New     string `json:"new,omitempty"`
	Section string `json:"section,omitempty" jsonschema:"heading or key"`
	// NewSection lets append/prepend create a section carnet does not know (else a typo).
	NewSection bool   `json:"new_section,omitempty"`
	Count      int    `json:"count,omitempty"`
	Version    string `json:"version,omitempty" jsonschema:"from memory_read; checked"`
}

// EditOut is what memory_edit returns.
type EditOut struct {
	Path    string `json:"path"`
	Version string `json:"version" jsonschema:"the new version"`
	Diffed
	Committed
}

func (s *Server) addEditTool() {
	addTool(s, toolSpec{
		name:        "memory_edit",
		title:       "Edit memory",
		write:       true,
		destructive: true,
		desc:        `Edits a file of any size: replace exact old by new (count times); append/prepend/replace_section new in section; supersede bullet old (its words) by new.`,
	}, func(in *jsonschema.Schema) {
		op := prop(in, "op")
		for _, o := range memstore.EditOps() {
			op.Enum = append(op.Enum, o)
		}
		prop(in, "count").Minimum = new(0.0)
	}, func(c *call, in EditIn) (string, EditOut, error) {
		text, out, err := c.edit(in)
		return text, EditOut{Path: out.Path, Version: out.Version, Diffed: out.Diffed, Committed: out.Committed}, err
	})
}

func (c *call) edit(in EditIn) (string, WriteOut, error) {
	f, err := c.resolve(in.Path)
	if err != nil {
		return "", WriteOut{Diffed: noLines()}, err
	}
	version, err := checkEdit(in, f.rel)
	if err != nil {
		return "", WriteOut{Path: f.rel, Diffed: noLines()}, err
	}
	e := memstore.Edit{Op: in.Op, Old: in.Old, New: in.New, Section: in.Section, Count: in.Count,
		NewSection: in.NewSection || isNote(f.rel), // a note's sections are its own: any heading is one
		Date:       memstore.Date(c.now), Lang: c.ws.Config.Language}
	return c.rewrite(f, version, "Edited", func(old []byte, exists bool) ([]byte, error) {
		if !exists {
			if !isNote(f.rel) || in.Op == memstore.EditReplace || in.Op == memstore.EditSupersede {
				return nil, c.notFound(f.rel)
			}
			slug := strings.TrimSuffix(strings.TrimPrefix(f.rel, memstore.NotesDirName+"/"), ".md")
			old = memstore.UpdateNote(nil, slug, memstore.NoteInput{Body: new("\n")}, memstore.Date(c.now))
		}
		data, err := memstore.ApplyEdit(old, e)
		if ee, ok := errors.AsType[*memstore.EditError](err); ok {
			hint := ""
			if ee.UnknownSection {
				hint = "; set new_section to create it"
			}
			return nil, fail(resInvalid, "refused: %s%s. Nothing was written.", ee.Msg, hint)
		}
		return data, err
	})
}

// checkEdit refuses an edit whose text or version is not acceptable, before anything is read;
// it returns the version, normalised.
func checkEdit(in EditIn, rel string) (string, error) {
	if !utf8.ValidString(in.New) {
		return "", fail(resInvalid, "refused: new is not valid UTF-8. Nothing was written.")
	}
	if line := controlLine(in.New); line > 0 {
		return "", fail(resInvalid, "refused: line %d of new holds a control character (only tabs and line breaks are allowed). Nothing was written.", line)
	}
	if in.Op == memstore.EditSupersede && utf8.RuneCountInString(in.New) > maxBulletChars {
		return "", fail(resTooLarge, "refused: the new bullet is over %d characters; a bullet is one fact. Nothing was written.", maxBulletChars)
	}
	version := strings.ToLower(strings.TrimSpace(in.Version))
	if version != "" && !isVersion(version) {
		return "", fail(resInvalid, "refused: %q is not a version: pass the 10 hex digits memory_read gave for %s. Nothing was written.", in.Version, rel)
	}
	if in.Op == memstore.EditReplaceSection && version == "" {
		return "", fail(resInvalid, "refused: replace_section needs the file's version (memory_read gives it). Nothing was written.")
	}
	return version, nil
}
