//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package gitrepo

import (
	"errors"
	"os"
)

// Without mmap, packed objects are read through go-git's storage.
func gitMmap(*os.File, int) ([]byte, error) { return nil, errors.New("no mmap on this platform") }

func gitUnmap([]byte) {}
