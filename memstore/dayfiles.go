package memstore

import (
	"slices"
	"strings"
)

// Bounds of a day's file list: one bullet per kind holds the files of all the day's turns, as
// many names as a turn's FileBullets show at most, within MaxBulletChars with its opening;
// past them a "(+N more)" counts the rest exactly.
var dayFileBounds = fileBounds{names: maxFileBullets * maxFiles, chars: 900, cut: 880}

// mergeDayFiles folds the file-list bullets of items into one bullet per kind for the day:
// the names of the day's first bullet of that kind, then the new ones, in first-seen order.
// A file created that day is not listed again as changed. It returns the other items, and
// a day's first list of a kind as one item; a list that adds no name is a duplicate.
func (tx *Tx) mergeDayFiles(today *Doc, items []string, path string, res *MergeResult) []string {
	var bullets []Bullet
	if sec, ok := today.Section(KeyWork); ok {
		bullets = today.Bullets(sec)
	}
	var rest []string
	lists := map[string]*dayList{}
	var order []string // openings, the "created" lists first
	for _, raw := range items {
		text := tx.CleanBullet(raw)
		opening, created, ok := fileListKind(text)
		if !ok {
			rest = append(rest, raw)
			continue
		}
		l := lists[opening]
		if l == nil {
			l = &dayList{opening: opening, created: created, at: len(rest)}
			lists[opening] = l
			order = append(order, opening)
			rest = append(rest, "") // where the day's list starts, if it starts this turn
		}
		files, hidden := parseFileList(strings.TrimPrefix(text, opening))
		l.files, l.hidden = append(l.files, files...), l.hidden+hidden
	}
	slices.SortStableFunc(order, func(a, b string) int { return boolCmp(lists[a].isCreated(), lists[b].isCreated()) })
	created := map[string]bool{} // the day's created files, this turn's included
	for _, opening := range order {
		l := lists[opening]
		if !l.isCreated() {
			for _, f := range namesIn(bullets, l.created) {
				created[f] = true
			}
		}
		rest[l.at] = l.merge(today, bullets, created, path, res)
	}
	return slices.DeleteFunc(rest, func(s string) bool { return s == "" })
}

// dayList is what one turn adds to one kind of the day's file list.
type dayList struct {
	opening, created string
	files            []string
	hidden           int
	at               int // index of its item in the items left to add
}

func (l *dayList) isCreated() bool { return l.opening == l.created }

// merge adds the list's new names to the day's first bullet of its kind, or returns the
// bullet that starts the day's list ("" when there is none to add).
func (l *dayList) merge(today *Doc, bullets []Bullet, created map[string]bool, path string, res *MergeResult) string {
	known := map[string]bool{}
	for _, f := range namesIn(bullets, l.opening) {
		known[f] = true
	}
	var add []string
	for _, f := range l.files {
		if !known[f] && !created[f] {
			known[f] = true
			add = append(add, f)
		}
		if l.isCreated() {
			created[f] = true
		}
	}
	if len(add) == 0 { // the names it hides, if any, are the same ones
		res.Duplicates++
		return ""
	}
	i := slices.IndexFunc(bullets, func(b Bullet) bool { return strings.HasPrefix(b.Text, l.opening) })
	if i < 0 {
		return l.opening + listFilesWithin(add, l.hidden, dayFileBounds)
	}
	old, oldHidden := parseFileList(strings.TrimPrefix(bullets[i].Text, l.opening))
	text := l.opening + listFilesWithin(append(old, add...), oldHidden+l.hidden, dayFileBounds)
	today.SetBulletText(bullets[i], text)
	bullets[i].Text = text
	res.Added = append(res.Added, Item{Key: KeyWork, Text: text, Path: path})
	return ""
}

// boolCmp orders true before false.
func boolCmp(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return -1
	}
	return 1
}
