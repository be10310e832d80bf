package stale

import (
	"slices"
	"time"

	"carnet/memstore/gitrepo"
)

// What became of a name: whether HEAD's files hold it, and if not, whether the files did at
// the end of the bullet's day.

// computeNames finds which names occur at HEAD and, for those that do not, whether they did
// at the end of their bullet's day: HEAD's occurrences (none) plus what each later commit of
// the first-parent chain removed, less what it added.
func (s *session) computeNames(names []*entry) error {
	if len(names) == 0 {
		return nil
	}
	words := map[string]bool{}
	for _, e := range names {
		words[e.word()] = true
	}
	found, err := s.c.repo.GrepWords(s.ctx, s.head, sortedKeys(words), s.c.exclude)
	if err != nil {
		return err
	}
	var absent []*entry
	missing := map[string]bool{}
	for _, e := range names {
		e.Present = found[e.word()]
		e.Known = e.Present
		if !e.Present {
			absent = append(absent, e)
			missing[e.word()] = true
		}
	}
	if len(absent) == 0 {
		return nil
	}
	deltas, err := s.c.repo.WordChanges(s.ctx, oldest(absent), "", sortedKeys(missing), s.c.exclude)
	if err != nil {
		return err
	}
	for _, e := range absent {
		e.Known = true
		e.Existed, e.Commit = occurredAt(dayEnd(e.Date), deltas[e.word()])
		if e.Existed {
			e.What = "removed"
		}
	}
	return nil
}

// occurredAt says whether a word HEAD does not have occurred at the end of a day, from what
// the commits since did to it (newest first), and which commit removed its last occurrence.
func occurredAt(end time.Time, ds []gitrepo.WordDelta) (bool, string) {
	occ, by := 0, ""
	for _, d := range ds {
		if !d.When.After(end) {
			break
		}
		before := occ - d.Added + d.Removed
		if before > 0 && occ <= 0 && by == "" {
			by = d.Hash
		}
		occ = before
	}
	return occ > 0, by
}

func sortedKeys(m map[string]bool) []string {
	out := keys(m)
	slices.Sort(out)
	return out
}

// advanceNames updates name entries: the words the new commits added or removed are looked
// for at HEAD again; a name that was at the old HEAD and is not at this one is computed
// afresh (whether it was there at its day needs the commits since that day).
func (s *session) advanceNames(from string, names []*entry) ([]*entry, error) {
	words := map[string]bool{}
	for _, e := range names {
		words[e.word()] = true
	}
	deltas, err := s.c.repo.WordChanges(s.ctx, time.Time{}, from, sortedKeys(words), s.c.exclude)
	if err != nil {
		return nil, err
	}
	again := map[string]bool{}
	for w := range deltas {
		again[w] = true
	}
	if len(again) == 0 {
		return nil, nil
	}
	found, err := s.c.repo.GrepWords(s.ctx, s.head, sortedKeys(again), s.c.exclude)
	if err != nil {
		return nil, err
	}
	var fresh []*entry
	for _, e := range names {
		w := e.word()
		if !again[w] {
			continue
		}
		was := e.Present
		e.Present = found[w]
		switch {
		case e.Present:
			e.What, e.Commit = "", ""
		case was:
			fresh = append(fresh, e)
		case e.Existed:
			if _, by := occurredAt(time.Time{}, deltas[w]); by != "" {
				e.Commit = by
			}
		}
	}
	return fresh, nil
}

func (e *entry) word() string {
	if e.AsName {
		return e.Also
	}
	return e.Key
}
