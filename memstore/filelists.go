package memstore

import (
	"fmt"
	"strings"
)

// Bounds of a file list in a message: at most maxFiles names within maxFileList characters;
// a list cut short leaves room for its "(+N more)".
const (
	maxFiles    = 12
	maxFileList = 275
	maxFileCut  = 260
)

// ListFiles names files for a message (the gate's, a status line): the first few, joined,
// then how many more. Memory itself names every file (capture.FileListBullets).
func ListFiles(files []string) string {
	if all := strings.Join(files, ", "); len(files) <= maxFiles && len(all) <= maxFileList {
		return all
	}
	n, size := 0, 0
	for n < len(files) && n < maxFiles && (n == 0 || size+2+len(files[n]) <= maxFileCut) {
		size += 2 + len(files[n])
		n++
	}
	if more := len(files) - n; more > 0 {
		return fmt.Sprintf("%s (+%d more)", strings.Join(files[:n], ", "), more)
	}
	return strings.Join(files, ", ")
}
