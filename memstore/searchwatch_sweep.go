package memstore

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// watchDirPrefix starts the name of a watcher's sentinel folder, in the temporary folder; the
// process's id follows it, so that a later process knows whether its owner still runs.
const watchDirPrefix = "carnet-search-watch-"

// watchDirPattern is the os.MkdirTemp pattern of this process's sentinel folder.
func watchDirPattern() string { return fmt.Sprintf("%s%d-", watchDirPrefix, os.Getpid()) }

// sweepWatchDirs removes the sentinel folders that processes killed before their way out
// (SIGKILL, a crash) left in tmp: those whose owner's id names no running process and that
// hold nothing but sentinels. Anything else is left as it is: a folder of another kind, one
// whose name has no id (it cannot be told from a running one), one with other files in it.
func sweepWatchDirs(tmp string, running func(pid int) bool) {
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), watchDirPrefix)
		if !ok || !e.IsDir() {
			continue
		}
		id, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(id)
		if !ok || err != nil || pid <= 0 || pid == os.Getpid() || running(pid) {
			continue
		}
		removeSentinelDir(filepath.Join(tmp, e.Name()))
	}
}

// removeSentinelDir removes dir when it holds only sentinels (files named by a number).
func removeSentinelDir(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if _, err := strconv.ParseUint(e.Name(), 10, 64); err != nil || !e.Type().IsRegular() {
			return
		}
	}
	for _, e := range entries {
		os.Remove(filepath.Join(dir, e.Name()))
	}
	os.Remove(dir)
}
