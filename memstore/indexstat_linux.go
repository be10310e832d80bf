//go:build linux

package memstore

import (
	"io/fs"
	"syscall"
)

// keyOf is the key of a file from its lstat; false when it is not a regular file.
func keyOf(fi fs.FileInfo) (fileKey, bool) {
	if fi == nil || !fi.Mode().IsRegular() {
		return fileKey{}, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileKey{size: fi.Size(), mtime: fi.ModTime().UnixNano()}, true
	}
	return fileKey{size: st.Size, mtime: st.Mtim.Nano(), ctime: st.Ctim.Nano(), ino: int64(st.Ino)}, true
}
