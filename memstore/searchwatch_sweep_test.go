package memstore

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSweepWatchDirs: the sentinel folder a killed process left is removed by the next
// watcher; a running owner's folder, a folder holding anything but sentinels, a folder whose
// name has no owner and a file are left as they are.
func TestSweepWatchDirs(t *testing.T) {
	if !watchable {
		t.Skip("no inotify watcher on this system")
	}
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Skipf("cannot run true: %v", err)
	}
	gone := dead.ProcessState.Pid()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	mk := func(name string, files ...string) string {
		t.Helper()
		dir := filepath.Join(tmp, name)
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if err := os.WriteFile(filepath.Join(dir, f), nil, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	left := mk(fmt.Sprintf("%s%d-81234", watchDirPrefix, gone), "3", "4")
	empty := mk(fmt.Sprintf("%s%d-55", watchDirPrefix, gone))
	alive := mk(fmt.Sprintf("%s%d-77", watchDirPrefix, os.Getppid()), "1")
	other := mk(fmt.Sprintf("%s%d-99", watchDirPrefix, gone), "1", "notes.txt")
	old := mk(watchDirPrefix+"2718281828", "5")
	file := filepath.Join(tmp, fmt.Sprintf("%s%d-1", watchDirPrefix, gone))
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}

	sw, err := newSearchWatcher(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sw.close()
	for _, d := range []string{left, empty} {
		if _, err := os.Lstat(d); !os.IsNotExist(err) {
			t.Errorf("%s: a dead process's sentinel folder is still there (%v)", filepath.Base(d), err)
		}
	}
	for _, d := range []string{alive, other, old, file} {
		if _, err := os.Lstat(d); err != nil {
			t.Errorf("%s: removed, want it kept (%v)", filepath.Base(d), err)
		}
	}
	if want := fmt.Sprintf("%s%d-", watchDirPrefix, os.Getpid()); filepath.Dir(sw.dir) != tmp || !strings.HasPrefix(filepath.Base(sw.dir), want) {
		t.Errorf("the watcher's folder is %s, want %s/%s…", sw.dir, tmp, want)
	}
}
