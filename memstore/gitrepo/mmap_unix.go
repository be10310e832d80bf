//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package gitrepo

import (
	"os"
	"syscall"
)

func gitMmap(f *os.File, size int) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, size, syscall.PROT_READ, syscall.MAP_SHARED)
}

func gitUnmap(b []byte) {
	if b != nil {
		_ = syscall.Munmap(b)
	}
}
