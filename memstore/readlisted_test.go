package memstore

import (
	"os"
	"path"
	"path/filepath"
	"testing"
)

// A file search reads by name, from its folder's listing, is read whole; a symbolic link put in
// its place since the listing never leads out of the memory folder.
func TestReadListed(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log\n- un fait\n"})
	outside := filepath.Join(t.TempDir(), "secret.md")
	os.WriteFile(outside, []byte("hors de la mémoire\n"), 0o644)
	if err := os.Symlink(outside, p.WS.Abs(path.Join(p.LogsDir(), "2026-03-21.md"))); err != nil {
		t.Fatal(err)
	}
	f, err := p.openFolder(false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := f.openListed(p.LogsDir())
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	data, err := readListed(d, "2026-03-22.md", make([]byte, 0, 4)) // a buffer too small grows
	if err != nil || string(data) != "# Log\n- un fait\n" {
		t.Fatalf("%q %v", data, err)
	}
	if data, err := readListed(d, "2026-03-21.md", nil); err == nil {
		t.Errorf("read through a link leading out: %q", data)
	}
	files, err := p.Files()
	if err != nil || len(files) != 1 || filepath.Base(files[0]) != "2026-03-22.md" {
		t.Errorf("the listing leaves the link out: %v %v", files, err)
	}
}
