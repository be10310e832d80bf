package memstore

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// FileLists are, by language, the openings of the bullets that name the files a turn created
// and those it changed ("Fichiers créés : a.go, b.go"). A day's log keeps one of each: the
// files of a later turn are merged into it (mergeFileLists).
var FileLists = map[string][2]string{
	"fr": {"Fichiers créés : ", "Fichiers modifiés : "},
	"en": {"Files created: ", "Files changed: "},
}

// Bounds of a file list, so that a bullet never clips it: at most maxFiles names within
// maxFileList characters; a list cut short leaves room for its "(+N more)".
const (
	maxFiles    = 12
	maxFileList = 275
	maxFileCut  = 260
)

// ListFiles names files for a bullet or a message: the first few (at most maxFiles, within
// maxFileList characters), joined, then how many more.
func ListFiles(files []string) string {
	return listFiles(files, 0)
}

// listFiles is ListFiles with hidden more files already left out of files.
func listFiles(files []string, hidden int) string {
	if all := strings.Join(files, ", "); hidden == 0 && len(files) <= maxFiles && len(all) <= maxFileList {
		return all
	}
	n, size := 0, 0
	for n < len(files) && n < maxFiles && (n == 0 || size+2+len(files[n]) <= maxFileCut) {
		size += 2 + len(files[n])
		n++
	}
	if more := len(files) - n + hidden; more > 0 {
		return fmt.Sprintf("%s (+%d more)", strings.Join(files[:n], ", "), more)
	}
	return strings.Join(files, ", ")
}

// parseFileList reads a list ListFiles wrote: its names and how many more it left out.
func parseFileList(s string) (files []string, hidden int) {
	if i := strings.LastIndex(s, " (+"); i >= 0 && strings.HasSuffix(s, " more)") {
		hidden, _ = strconv.Atoi(strings.TrimSuffix(s[i+3:], " more)"))
		s = s[:i]
	}
	for f := range strings.SplitSeq(s, ", ") {
		if f = strings.TrimSpace(f); f != "" {
			files = append(files, f)
		}
	}
	return files, hidden
}

// fileListKind tells which file list a bullet is: its opening, and the opening of the
// "created" list of its language; ok is false for any other bullet.
func fileListKind(text string) (opening, created string, ok bool) {
	for _, l := range FileLists {
		for _, o := range l {
			if strings.HasPrefix(text, o) {
				return o, l[0], true
			}
		}
	}
	return "", "", false
}

// mergeFileLists folds the file-list bullets of items into the bullets of the same kind
// already in today's work section, so that the day names each file once, and returns the
// items left to add. A file created today is not listed again as changed.
func (tx *Tx) mergeFileLists(today *Doc, items []string, path string, res *MergeResult) []string {
	sec, ok := today.Section(KeyWork)
	if !ok {
		return items
	}
	bullets := today.Bullets(sec)
	var rest []string
	for _, raw := range items {
		text := tx.CleanBullet(raw)
		opening, created, ok := fileListKind(text)
		i := slices.IndexFunc(bullets, func(b Bullet) bool { return strings.HasPrefix(b.Text, opening) })
		if !ok || i < 0 {
			rest = append(rest, raw)
			continue
		}
		old, oldHidden := parseFileList(strings.TrimPrefix(bullets[i].Text, opening))
		add, addHidden := parseFileList(strings.TrimPrefix(text, opening))
		var made []string
		if opening != created {
			if j := slices.IndexFunc(bullets, func(b Bullet) bool { return strings.HasPrefix(b.Text, created) }); j >= 0 {
				made, _ = parseFileList(strings.TrimPrefix(bullets[j].Text, created))
			}
		}
		files := old
		for _, f := range add {
			if !slices.Contains(files, f) && !slices.Contains(made, f) {
				files = append(files, f)
			}
		}
		merged := opening + listFiles(files, oldHidden+addHidden)
		if merged == bullets[i].Text {
			res.Duplicates++
			continue
		}
		today.SetBulletText(bullets[i], merged)
		bullets[i].Text = merged
		res.Added = append(res.Added, Item{Key: KeyWork, Text: merged, Path: tx.p.WS.Rel(path)})
	}
	return rest
}
