//go:build !linux

package gitrepo

import (
	"os"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// gitFillStat copies the stat data git compares; outside Linux only the times
// and size are kept, and git re-reads a file whose other data differ.
func gitFillStat(e *index.Entry, fi os.FileInfo) {
	e.CreatedAt = fi.ModTime()
}
