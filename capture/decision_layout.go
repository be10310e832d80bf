package capture

import (
	"fmt"
	"path"
	"strings"

	"carnet/hook/transcript"
)

// A turn that splits existing code into new files and names each new file's role in its
// closing text ("- `rules.js`: all pure chess rules.") has chosen a module layout, often
// across several proposals: one decision, the new files with their roles. A new project's
// files, with no existing file changed in the turn, are its work, not a layout chosen.

// Bounds of a module layout: a few new files, each named with its role.
const (
	minLayoutFiles = 3
	maxLayoutFiles = 8
)

// moduleLayout returns the layout a split turn chose, or nothing.
func moduleLayout(t *transcript.Turn, w wording) []string {
	if !strings.Contains(t.Closing, "`: ") {
		return nil
	}
	created, split := splitFiles(t)
	if !split || len(created) < minLayoutFiles {
		return nil
	}
	var parts []string
	for l := range strings.Lines(t.Closing) {
		name, role, ok := fileRole(l)
		if !ok || !created[name] {
			continue
		}
		if len(parts) == maxLayoutFiles {
			return nil
		}
		parts = append(parts, fmt.Sprintf("`%s` (%s)", name, role))
	}
	if len(parts) < minLayoutFiles {
		return nil
	}
	if d := fmt.Sprintf(w.layout, strings.Join(parts, w.partsSep)); len(d) <= maxBullet {
		return []string{d}
	}
	return nil // a layout too long to read in one line
}

// splitFiles returns the base names of the files the turn created, and whether it also
// changed a file it did not create.
func splitFiles(t *transcript.Turn) (created map[string]bool, split bool) {
	created = map[string]bool{}
	for _, u := range t.Tools {
		if u.Edits() && u.FilePath != "" && u.Created && !(u.HasResult && u.IsError) {
			created[path.Base(u.FilePath)] = true
		}
	}
	for _, u := range t.Tools {
		if u.Edits() && u.FilePath != "" && !u.Created && !(u.HasResult && u.IsError) && !created[path.Base(u.FilePath)] {
			split = true
		}
	}
	return created, split
}

// fileRole reads a list item "- `name`: role, details." as the name and its role: the
// words before the first comma, parenthesis or semicolon, without the final period.
func fileRole(l string) (name, role string, ok bool) {
	s, found := strings.CutPrefix(strings.TrimSpace(l), "- `")
	if !found {
		return "", "", false
	}
	name, role, ok = strings.Cut(s, "`: ")
	if i := strings.IndexAny(role, ",(;"); i >= 0 {
		role = role[:i]
	}
	role = strings.TrimSuffix(strings.TrimSpace(role), ".")
	if !ok || role == "" || strings.ContainsAny(name, " `") {
		return "", "", false
	}
	return name, role, true
}
