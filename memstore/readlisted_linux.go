//go:build linux

package memstore

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// readListed reads the file name of d, a file its listing gave, into buf (reused, grown as
// needed). It opens the file by name relative to the folder's descriptor with O_NOFOLLOW, so
// a symbolic link put there since the listing is refused, at the cost of one system call:
// no lstat first, and no poller registration as os.File does. Search reads thousands of
// files this way.
func readListed(d *listedDir, name string, buf []byte) ([]byte, error) {
	fd, err := openat(d.fd, name)
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	defer syscall.Close(fd)
	return readAll(func(p []byte) (int, error) {
		for {
			n, err := syscall.Read(fd, p)
			switch {
			case errors.Is(err, syscall.EINTR):
				continue
			case err != nil:
				return 0, &fs.PathError{Op: "read", Path: name, Err: err}
			case n == 0:
				return 0, io.EOF
			}
			return n, nil
		}
	}, buf)
}

// listTyped lists d's entries with the types the folder's listing gives, without the lstat
// per entry that os.Root's ReadDir takes: on a duplicate of d's descriptor, opened inside
// the memory folder, so the listing cannot be led elsewhere. Entries come in no order.
func listTyped(d *listedDir) ([]fs.DirEntry, error) {
	fd, err := syscall.Dup(d.fd)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(fd), d.file.Name())
	defer f.Close()
	return f.ReadDir(-1)
}

func openat(dir int, name string) (int, error) {
	for {
		fd, err := syscall.Openat(dir, name, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOFOLLOW, 0)
		if !errors.Is(err, syscall.EINTR) {
			return fd, err
		}
	}
}
