package stale

import (
	"slices"
	"time"

	"carnet/memstore/gitrepo/query"
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
	found, err := query.GrepWords(s.ctx, s.c.repo, s.head, sortedKeys(words), s.c.exclude)
	if err != nil {
		return err
	}
	var absent []*entry
	for _, e := range names {
		e.Present = found[e.word()]
		e.Known = e.Present
		if !e.Present {
			absent = append(absent, e)
		}
	}
	return s.wasThere(absent)
}

// wasThere works out, for names HEAD does not have, whether they were there at the end of
// their bullet's day, and which commit removed them: one scan of the diffs since the oldest day.
func (s *session) wasThere(absent []*entry) error {
	if len(absent) == 0 {
		return nil
	}
	missing := map[string]bool{}
	for _, e := range absent {
		missing[e.word()] = true
	}
	deltas, err := query.WordChanges(s.ctx, s.c.repo, oldest(absent), "", sortedKeys(missing), s.c.exclude)
	if err != nil {
		return err
	}
	for _, e := range absent {
		e.Known = true
		e.Existed, e.Commit = occurredAt(dayEnd(e.Date), deltas[e.word()])
		e.What = ""
		if e.Existed {
			e.What = "removed"
		}
	}
	return nil
}

// occurredAt says whether a word HEAD does not have occurred at the end of a day, from what
// the commits since did to it (newest first), and which commit removed its last occurrence.
func occurredAt(end time.Time, ds []query.WordDelta) (bool, string) {
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

// advanceNames updates name entries from what the commits after the old HEAD did to their
// words (deltas): the words those commits added or removed are looked for at HEAD again.
// Whether a name was there at its bullet's day is worked out again when it is no longer at
// HEAD and was at the old one, or when its day ends after the first new commit (first): that
// day's last commit may be a new one.
func (s *session) advanceNames(first time.Time, names []*entry, deltas map[string][]query.WordDelta) error {
	found := map[string]bool{}
	var err error
	if len(deltas) > 0 {
		again := map[string]bool{}
		for w := range deltas {
			again[w] = true
		}
		if found, err = query.GrepWords(s.ctx, s.c.repo, s.head, sortedKeys(again), s.c.exclude); err != nil {
			return err
		}
	}
	var recheck []*entry
	for _, e := range names {
		w := e.word()
		was := e.Present
		if _, touched := deltas[w]; touched {
			e.Present = found[w]
		}
		recent := !dayEnd(e.Date).Before(first)
		switch {
		case e.Present:
			e.What, e.Commit = "", ""
		case was || recent || !e.Known:
			recheck = append(recheck, e)
		case e.Existed:
			if _, by := occurredAt(time.Time{}, deltas[w]); by != "" {
				e.Commit = by
			}
		}
	}
	return s.wasThere(recheck)
}

func (e *entry) word() string {
	if e.AsName {
		return e.Also
	}
	return e.Key
}
