package memstore

import (
	"fmt"
	"strconv"
	"strings"
)

// FileLists are, by language, the openings of the bullets that name the files a turn created
// and those it changed ("Fichiers créés : a.go, b.go"). A day's log keeps one of each: the
// files of a later turn are merged into it (mergeDayFiles).
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

// maxFileBullets bounds the bullets FileBullets writes for one list.
const maxFileBullets = 4

// FileBullets names files in as many bullets (opening + list) as they need, at most
// maxFileBullets, so that no name is hidden behind "(+N more)" unless there are very many.
func FileBullets(opening string, files []string) []string {
	var out []string
	for len(files) > 0 {
		n, size := 0, 0
		for n < len(files) && n < maxFiles && (n == 0 || size+2+len(files[n]) <= maxFileList) {
			size += 2 + len(files[n])
			n++
		}
		if len(out) == maxFileBullets-1 {
			n = len(files) // the last bullet says how many more
		}
		out = append(out, opening+ListFiles(files[:n]))
		files = files[n:]
	}
	return out
}

// fileBounds bound a file list: at most names names within chars characters; a list cut
// short keeps its names within cut, to leave room for its "(+N more)".
type fileBounds struct{ names, chars, cut int }

// turnFileBounds are the bounds of one bullet of a turn's list.
var turnFileBounds = fileBounds{names: maxFiles, chars: maxFileList, cut: maxFileCut}

// listFiles is ListFiles with hidden more files already left out of files.
func listFiles(files []string, hidden int) string {
	return listFilesWithin(files, hidden, turnFileBounds)
}

// listFilesWithin is listFiles within the bounds b.
func listFilesWithin(files []string, hidden int, b fileBounds) string {
	if all := strings.Join(files, ", "); hidden == 0 && len(files) <= b.names && len(all) <= b.chars {
		return all
	}
	n, size := 0, 0
	for n < len(files) && n < b.names && (n == 0 || size+2+len(files[n]) <= b.cut) {
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

// namesIn lists the files named by the bullets that open with opening.
func namesIn(bullets []Bullet, opening string) []string {
	var out []string
	for _, b := range bullets {
		if rest, ok := strings.CutPrefix(b.Text, opening); ok {
			files, _ := parseFileList(rest)
			out = append(out, files...)
		}
	}
	return out
}
