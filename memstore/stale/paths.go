package stale

import (
	"path"
	"slices"
	"strings"

	"carnet/memstore/gitrepo/query"
)

// What a path names, and what became of it: from HEAD's tree and the first-parent commits
// since the bullet's day.

// candidates are the targets a path token may name: the file or folder from the workspace
// root, the same from the top-level, a base name.
func (c *Checker) candidates(key string) []string {
	dir := strings.HasSuffix(key, "/")
	k := strings.TrimSuffix(key, "/")
	roots := []string{c.prefix + k}
	if c.prefix != "" {
		roots = append(roots, k)
	}
	var out []string
	for _, r := range roots {
		if excluded(r, c.exclude) {
			return nil // a memory file: memory is not checked against itself
		}
		if !dir {
			out = append(out, "f:"+r)
		}
		out = append(out, "d:"+r)
	}
	if !dir && !strings.Contains(k, "/") {
		out = append(out, "b:"+k)
	}
	return out
}

func excluded(p string, folders []string) bool {
	for _, d := range folders {
		if p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// matches says whether a file path is named by a target.
func matches(target, file string) bool {
	kind, t := target[:2], target[2:]
	switch kind {
	case "f:":
		return file == t
	case "d:":
		return strings.HasPrefix(file, t+"/")
	case "b:":
		return path.Base(file) == t
	}
	return false
}

// presentAt says whether HEAD's tree has what a target names.
func (l *listing) has(target string) bool {
	kind, t := target[:2], target[2:]
	switch kind {
	case "f:":
		return l.files[t]
	case "d:":
		return l.dirs[t]
	case "b:":
		return l.bases[t]
	}
	return false
}

// touched says whether a change set names a file the target names.
func touched(target string, cs query.ChangeSet) bool {
	for _, f := range cs.Files {
		if matches(target, f.Path) || f.From != "" && matches(target, f.From) {
			return true
		}
	}
	return false
}

// resolvePath decides what a path entry names and what became of it, from HEAD's tree and
// the first-parent commits since its day (newest first).
func (s *session) resolvePath(e *entry, l *listing, sets []query.ChangeSet) {
	end := dayEnd(e.Date)
	var after []query.ChangeSet // the commits after the bullet's day, newest first
	for _, cs := range sets {
		if cs.When.After(end) {
			after = append(after, cs)
		}
	}
	for _, t := range s.c.candidates(e.Key) {
		if l.has(t) || slices.ContainsFunc(sets, func(cs query.ChangeSet) bool { return touched(t, cs) }) {
			e.Target = t
			break
		}
	}
	if e.Target == "" {
		return
	}
	e.Present = l.has(e.Target)
	e.Existed = existedAt(e.Target, l, after)
	for _, cs := range after {
		if touched(e.Target, cs) {
			if e.Changes == 0 {
				e.Commit = cs.Hash
			}
			e.Changes++
		}
	}
	if !e.Present && e.Existed {
		e.What, e.Commit, e.To = removal(e.Target, l, after)
	}
}

// existedAt says whether a file the target names was there before the commits of after
// (newest first): the oldest change to each such file says whether it was there before it;
// a file no commit changed is there as it is now.
func existedAt(target string, l *listing, after []query.ChangeSet) bool {
	decided := map[string]bool{}
	for _, cs := range slices.Backward(after) {
		for _, f := range cs.Files {
			for _, p := range []string{f.From, f.Path} {
				if _, ok := decided[p]; ok || p == "" || !matches(target, p) {
					continue
				}
				was := f.Kind == 'M' || f.Kind == 'D' || f.Kind == 'R' && p == f.From
				decided[p] = was
				if was {
					return true
				}
			}
		}
	}
	for f := range l.files {
		if _, ok := decided[f]; !ok && matches(target, f) {
			return true
		}
	}
	return false
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}

// removal is how the last file a target named went away, in the commits of after (newest
// first): deleted, or renamed (followed to its name now).
func removal(target string, l *listing, after []query.ChangeSet) (what, commit, to string) {
	for i, cs := range after {
		for _, f := range cs.Files {
			switch {
			case f.Kind == 'D' && matches(target, f.Path):
				return "deleted", cs.Hash, ""
			case f.Kind == 'R' && matches(target, f.From) && !matches(target, f.Path):
				return followRename(f.Path, cs.Hash, l, after[:i])
			}
		}
	}
	return "deleted", "", ""
}

// advancePath updates a path entry from the commits of sets (all after its day); false when
// it must be computed afresh.
func (s *session) advancePath(e *entry, l *listing, sets []query.ChangeSet) bool {
	if e.Target == "" {
		for _, t := range s.c.candidates(e.Key) {
			if l.has(t) || slices.ContainsFunc(sets, func(cs query.ChangeSet) bool { return touched(t, cs) }) {
				return false // it names a file now
			}
		}
		return true
	}
	var hit []query.ChangeSet
	for _, cs := range sets {
		if touched(e.Target, cs) {
			hit = append(hit, cs)
		}
	}
	if len(hit) > 0 {
		e.Changes += len(hit)
		e.Commit = hit[0].Hash
	}
	e.Present = l.has(e.Target)
	switch {
	case !e.Present && e.Existed && len(hit) > 0:
		e.What, e.Commit, e.To = removal(e.Target, l, sets)
	case !e.Present && e.What == "renamed":
		e.What, e.Commit, e.To = followRename(e.To, e.Commit, l, sets)
	case e.Present:
		e.What, e.To = "", ""
	}
	return true
}

// followRename follows a file renamed to to (by commit) through the newer commits of sets
// (newest first): renamed again, or deleted.
func followRename(to, commit string, l *listing, sets []query.ChangeSet) (what, by, now string) {
	for _, cs := range slices.Backward(sets) {
		for _, f := range cs.Files {
			switch {
			case f.Kind == 'R' && f.From == to:
				to = f.Path
			case f.Kind == 'D' && f.Path == to:
				return "deleted", cs.Hash, ""
			}
		}
	}
	if !l.files[to] {
		return "deleted", commit, ""
	}
	return "renamed", commit, to
}
