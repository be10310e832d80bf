//go:build linux

package memstore

import (
	"io/fs"
	"syscall"
)

// changeTime is a file's status-change time in nanoseconds: it moves on every write and,
// unlike the modification time, no tool can set it back.
func changeTime(fi fs.FileInfo) int64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ctim.Nano()
	}
	return 0
}
