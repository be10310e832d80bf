//go:build linux

package memstore

import (
	"io/fs"
	"syscall"
)

// watchable: inotify delivers one instance's events in order, which the sentinel needs.
const watchable = true

// localFS reports whether the file system holding abs is one whose every change inotify
// sees: a local one. Network and FUSE file systems change without the kernel knowing.
func localFS(abs string) bool {
	var st syscall.Statfs_t
	if syscall.Statfs(abs, &st) != nil {
		return false
	}
	switch uint64(st.Type) {
	case 0xef53, // ext2, ext3, ext4
		0x58465342, // xfs
		0x9123683e, // btrfs
		0x01021994, // tmpfs
		0x794c7630, // overlayfs
		0x2fc12fc1, // zfs
		0xf2f52010, // f2fs
		0xca451a4e, // bcachefs
		0x3153464a, // jfs
		0x52654973: // reiserfs
		return true
	}
	return false
}

// idOf is a file's device and inode.
func idOf(fi fs.FileInfo) (fileID, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{uint64(st.Dev), st.Ino}, true
}

// links is a file's number of hard links; 0 when unknown.
func links(fi fs.FileInfo) uint64 {
	if fi == nil {
		return 0
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 0
}

// running reports whether pid names a process (of any user: EPERM says it exists).
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || err == syscall.EPERM
}
