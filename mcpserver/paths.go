package mcpserver

import (
	"errors"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// SensitiveMarker is the line that marks a memory file as sensitive (memstore.SensitiveMarker;
// "sensitive: true" in a front matter says the same): a client with read access does not see
// it at all — it is absent from memory_index and memory_search and "not found" on
// memory_read. Clients with full access see and edit it as usual.
const SensitiveMarker = memstore.SensitiveMarker

// IsSensitive reports whether a memory file is sensitive (memstore.IsSensitive).
func IsSensitive(data []byte) bool { return memstore.IsSensitive(data) }

// memFile is a memory file as a tool names it.
type memFile struct {
	rel  string // slash path relative to the project's memory folder, as the client names it
	path string // workspace-relative, as memstore takes it
}

// resolve is resolve for this call: the file becomes the call's path (for the audit log).
func (c *call) resolve(raw string) (memFile, error) {
	f, err := resolve(c.p, raw)
	if err == nil {
		c.path = f.rel
	}
	return f, err
}

// resolve checks a path a client gave (relative to the memory folder; the folder's own
// path from the workspace root is accepted as a prefix) and returns the file it names.
// Absolute paths, "..", hidden files (logs/.debug/ included), anything but .md files and
// symbolic links leading out of the memory folder are refused.
func resolve(p *memstore.Project, raw string) (memFile, error) {
	name := strings.TrimSpace(raw)
	bad := func(format string, a ...any) (memFile, error) { //nolint:unparam // every refusal returns the zero memFile
		return memFile{}, fail(resInvalid, "refused: "+format, a...)
	}
	switch {
	case name == "":
		return bad("no path given; name a file relative to the memory folder, like \"long_memory.md\" or \"logs/2026-03-22.md\"")
	case strings.ContainsAny(name, "\\\x00"):
		return bad("%q: use / between folders", raw)
	case filepath.IsAbs(name) || strings.HasPrefix(name, "/") || strings.HasPrefix(name, "~"):
		return bad("%q is an absolute path; give a path relative to the memory folder, like \"long_memory.md\" or \"logs/2026-03-22.md\"", raw)
	}
	name = strings.TrimPrefix(name, "./")
	if rest, ok := strings.CutPrefix(name, p.RelDir+"/"); ok {
		name = rest
	}
	if slices.Contains(strings.Split(name, "/"), "..") {
		return bad("%q leaves the memory folder (\"..\" is not allowed)", raw)
	}
	name = path.Clean(name)
	if name == "logs/.debug" || strings.HasPrefix(name, "logs/.debug/") {
		return bad("%q: logs/.debug/ holds carnet's own logs, not memory", raw)
	}
	for seg := range strings.SplitSeq(name, "/") {
		if strings.HasPrefix(seg, ".") {
			return bad("%q is a hidden file, not memory", raw)
		}
	}
	if !strings.HasSuffix(name, ".md") {
		return bad("%q is not a memory file: memory is long_memory.md and logs/YYYY-MM-DD.md (Markdown)", raw)
	}
	ws := path.Join(p.RelDir, name)
	if !inside(p.WS.Abs(p.RelDir), p.WS.Abs(ws)) {
		return bad("%q leads outside the memory folder", raw)
	}
	return memFile{rel: name, path: ws}, nil
}

// inside reports whether abs, once symbolic links are resolved, is still under dir.
func inside(dir, abs string) bool {
	root, err := filepath.EvalSymlinks(dir)
	if err != nil {
		root = dir
	}
	real, err := gitrepo.EvalExisting(abs)
	if err != nil {
		return false
	}
	r, err := filepath.Rel(root, real)
	return err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator))
}

// layoutFile reports whether rel is a file of carnet's layout, which memory_write may
// create: long_memory.md, notes/NAME.md, logs/YYYY-MM-DD.md or logs/archives/YYYY-MM-DD.md,
// for a date of the calendar (not 2026-13-45).
func layoutFile(rel string) bool {
	if rel == "long_memory.md" || isNote(rel) {
		return true
	}
	dir, file := path.Split(rel)
	if dir != "logs/" && dir != "logs/archives/" {
		return false
	}
	date := strings.TrimSuffix(file, ".md")
	_, err := time.Parse(time.DateOnly, date)
	return memstore.IsDate(date) && err == nil
}

// readMem reads a memory file for c's client: a missing file, and a sensitive file for a
// read-only client, are both "not found", worded the same way.
func (c *call) readMem(f memFile) ([]byte, error) {
	data, err := c.p.ReadFile(f.path)
	switch {
	case errors.Is(err, fs.ErrNotExist), err == nil && c.hidden(data):
		return nil, c.notFound(f.rel)
	case err != nil:
		if pe, ok := errors.AsType[*fs.PathError](err); ok {
			err = pe.Err
		}
		return nil, fail(resError, "cannot read %s: %v", f.rel, err)
	}
	return data, nil
}

func (c *call) notFound(rel string) error {
	return fail(resNotFound, "not found: %s in the memory of %s (memory_index lists its files)", rel, c.p.Name)
}

// hidden reports whether file content is invisible to this client.
func (c *call) hidden(data []byte) bool { return c.access != accessFull && IsSensitive(data) }

// rel is a workspace path (as memstore returns them) made relative to p's memory folder.
func rel(p *memstore.Project, wsPath string) string {
	return strings.TrimPrefix(wsPath, p.RelDir+"/")
}

// isNote reports whether rel is a note: notes/NAME.md, NAME a slug (memstore.IsSlug).
func isNote(rel string) bool {
	slug, ok := strings.CutPrefix(strings.TrimSuffix(rel, ".md"), memstore.NotesDirName+"/")
	return ok && strings.HasSuffix(rel, ".md") && memstore.IsSlug(slug)
}
