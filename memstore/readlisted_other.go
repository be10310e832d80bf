//go:build !linux

package memstore

import "io/fs"

// listTyped lists d's entries, in no particular order.
func listTyped(d *listedDir) ([]fs.DirEntry, error) { return d.file.ReadDir(-1) }

// readListed reads the file name of d, a file its listing gave, into buf (reused, grown as
// needed). The listing left links out, and d's os.Root never lets a link put there since lead
// out of the folder; a link is refused all the same, as on Linux.
func readListed(d *listedDir, name string, buf []byte) ([]byte, error) {
	if fi, err := d.root.Lstat(name); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &LinkError{Path: name} // as O_NOFOLLOW refuses it on Linux
	}
	file, err := d.root.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return readAll(file.Read, buf)
}
