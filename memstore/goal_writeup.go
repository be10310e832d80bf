package memstore

import (
	"path"
	"slices"
	"strings"
)

// docExts end the names of documents: files written for people to read, not run.
var docExts = []string{".md", ".mdx", ".markdown", ".rst", ".txt", ".adoc"}

// minDocStem is how long a document's name without its extension is at least to be
// named by it in a goal ("readme", "notes"): shorter ones are words of any request.
const minDocStem = 4

// writesUp reports a goal that names, by its file name or by that name without its
// extension ("update the readme", "add the timings to notes.md"), a document the turn
// changed, when the turn changed documents only: writing a document up is a task of its
// own, even on a document the day already wrote.
func writesUp(goal string, work []string) bool {
	files, ok := listedFiles(work)
	if !ok || len(files) == 0 || slices.ContainsFunc(files, func(f string) bool { return !isDoc(f) }) {
		return false
	}
	g := strings.ToLower(goal)
	return slices.ContainsFunc(files, func(f string) bool {
		name := strings.ToLower(path.Base(f))
		stem := strings.TrimSuffix(name, path.Ext(name))
		return strings.Contains(g, name) || len(stem) >= minDocStem && strings.Contains(g, stem)
	})
}

// isDoc reports a file name with a document's extension.
func isDoc(f string) bool {
	ext := strings.ToLower(path.Ext(f))
	return slices.Contains(docExts, ext)
}
