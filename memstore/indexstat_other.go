//go:build !linux

package memstore

import "io/fs"

// keyOf is the key of a file from its lstat; false when it is not a regular file. Only size
// and modification time are known here.
func keyOf(fi fs.FileInfo) (fileKey, bool) {
	if fi == nil || !fi.Mode().IsRegular() {
		return fileKey{}, false
	}
	return fileKey{size: fi.Size(), mtime: fi.ModTime().UnixNano()}, true
}
