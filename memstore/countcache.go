package memstore

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"
)

// CountCacheFile is the name, in a project's debug folder, of the cache of its logs' open
// items (see CountOpenCached).
const CountCacheFile = "open-counts"

// countCacheHeader opens a cache file; bump its version when CountOpenIn's rules change, so
// that counts made by the old rules are thrown away.
const countCacheHeader = "carnet open-counts 1"

// racyWindow: a log modified less than this before it was stat'ed is not cached. A file
// system stamps modifications with a coarse clock (a jiffy on ext4, 1 s on HFS+, 2 s on FAT),
// so a second edit of the same size soon after the first could keep the same modification
// time; once a file's time is older than this, any later edit gets a different one.
const racyWindow = 2 * time.Second

// countKey is what identifies a version of a log for the cache: size, modification time
// and, where the system gives it, status-change time (nanoseconds), which also tells an
// edit whose tool put the modification time back.
type countKey struct {
	size, mod, change int64
}

// countEntry is one cached log: its key and its open items.
type countEntry struct {
	key  countKey
	open int
}

// CountOpenCached counts what CountOpen counts, keeping each project's per-log counts in its
// debug folder (CountCacheFile): a log whose size and modification times are as cached is
// not read again, one stat instead of an open and a read; any other log is read and counted.
// A log modified within the last seconds is never cached (see racyWindow), a link is never
// followed (stat'ed, not read, and counted 0 as CountOpen does), and a cache that cannot be
// read, or belongs to another folder or version, is ignored and rebuilt.
//
// save writes the caches that changed; the caller runs it when it has shown the counts. A
// cache that cannot be written only costs the next count its speed.
func CountOpenCached(projects []*Project) (counts []int, save func(), err error) {
	counts = make([]int, len(projects))
	fresh := make([][]byte, len(projects)) // the cache to write, nil when unchanged
	errs := make([]error, len(projects))
	parallel(len(projects), func() func(int) {
		return func(i int) {
			if i >= 0 {
				counts[i], fresh[i], errs[i] = projects[i].countCached()
			}
		}
	})
	save = func() {
		for i, data := range fresh {
			if data != nil {
				_ = projects[i].WriteState(CountCacheFile, data)
			}
		}
	}
	return counts, save, errors.Join(errs...)
}

// countCached counts p's open items through its cache; data is the cache to write, nil when
// it would not change.
func (p *Project) countCached() (open int, data []byte, err error) {
	logs, err := p.listLogs(p.LogsDir(), false, false)
	if err != nil {
		return 0, nil, err
	}
	cached := p.readCountCache()
	f, err := p.openFolder(false)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	d, err := f.openListed(p.LogsDir())
	if err != nil {
		return 0, nil, err
	}
	defer d.Close()
	now := time.Now() // before the stats: a log modified after is newer than this
	next := make(map[string]countEntry, len(logs))
	changed := cached == nil
	var buf []byte
	for _, lf := range logs {
		name := path.Base(lf.Path)
		old, had := cached[name]
		e, ok := p.countOne(d, name, old, had, &buf)
		open += e.open
		if ok && time.Unix(0, e.key.mod).Before(now.Add(-racyWindow)) {
			next[name] = e
			changed = changed || cached[name] != e
		}
	}
	if changed || len(next) != len(cached) {
		data = p.encodeCountCache(next)
	}
	return open, data, nil
}

// countOne counts the log name of d: from old (the cached entry, when had) if its key still
// matches, else by reading it. ok is false when the log could not be stat'ed or read: not
// cached, counted 0. The stat comes before the read: a log that changes in between is
// cached under its old key, so it is read again next time.
func (p *Project) countOne(d *listedDir, name string, old countEntry, had bool, buf *[]byte) (e countEntry, ok bool) {
	fi, err := d.root.Lstat(name)             // one fstatat on the folder's descriptor, no link followed
	if err != nil || !fi.Mode().IsRegular() { // a link, or gone since the listing
		return countEntry{}, false
	}
	key := countKey{size: fi.Size(), mod: fi.ModTime().UnixNano(), change: changeTime(fi)}
	if had && old.key == key {
		return old, true
	}
	filesRead.Add(1)
	data, err := readListed(d, name, *buf)
	if err != nil {
		return countEntry{}, false
	}
	*buf = data
	return countEntry{key: key, open: CountOpenIn(data)}, true
}

// readCountCache reads p's cache; nil when it is missing, unreadable, of another version or
// of another folder.
func (p *Project) readCountCache() map[string]countEntry {
	data, err := p.ReadState(CountCacheFile)
	if err != nil {
		return nil
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	if !sc.Scan() || sc.Text() != countCacheHeader+" "+p.RelDir {
		return nil
	}
	out := map[string]countEntry{}
	for sc.Scan() {
		name, e, ok := parseCountLine(sc.Text())
		if !ok {
			return nil // a damaged cache is not trusted at all
		}
		out[name] = e
	}
	if sc.Err() != nil {
		return nil
	}
	return out
}

// parseCountLine reads "NAME SIZE MOD CHANGE OPEN" (only names the listing gave are looked
// up: a name is not checked further).
func parseCountLine(l string) (name string, e countEntry, ok bool) {
	name, rest, _ := strings.Cut(l, " ")
	var n [4]int64
	for i := range n {
		var f string
		f, rest, _ = strings.Cut(rest, " ")
		v, err := strconv.ParseInt(f, 10, 64)
		if err != nil || v < 0 && (i == 0 || i == 3) { // times may be before 1970, not a size or a count
			return "", e, false
		}
		n[i] = v
	}
	if rest != "" || name == "" {
		return "", e, false
	}
	return name, countEntry{key: countKey{size: n[0], mod: n[1], change: n[2]}, open: int(n[3])}, true
}

func (p *Project) encodeCountCache(entries map[string]countEntry) []byte {
	var b bytes.Buffer
	b.WriteString(countCacheHeader + " " + p.RelDir + "\n")
	for name, e := range entries {
		fmt.Fprintf(&b, "%s %d %d %d %d\n", name, e.key.size, e.key.mod, e.key.change, e.open)
	}
	return b.Bytes()
}
