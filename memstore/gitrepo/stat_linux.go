//go:build linux

package gitrepo

import (
	"os"
	"syscall"
	"time"

	"github.com/go-git/go-git/v5/plumbing/format/index"
)

// gitFillStat copies the stat data git compares to decide that a file is
// unchanged without reading it.
func gitFillStat(e *index.Entry, fi os.FileInfo) {
	e.CreatedAt = fi.ModTime()
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		e.CreatedAt = time.Unix(st.Ctim.Unix())
		e.Dev = uint32(st.Dev)
		e.Inode = uint32(st.Ino)
		e.UID = st.Uid
		e.GID = st.Gid
	}
}
