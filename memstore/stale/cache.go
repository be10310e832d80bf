package stale

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The verdicts are kept in logs/.debug/stale.tsv for the HEAD they were made at: a session
// start at the same HEAD reads them and runs no git; one after new commits brings them forward
// from those commits alone. Entries nobody asked for in cacheTTL are dropped. The file is a
// header of three lines (version and HEAD, the workspace's prefix, the memory folders), then
// one entry per line, its fields separated by tabs: read in a fraction of a millisecond for a
// year of memory, where JSON took several.

const (
	cacheName    = "stale.tsv"
	cacheVersion = 2
	cacheTTL     = 30 * 24 * time.Hour
)

// cacheFile is the content of stale.tsv.
type cacheFile struct {
	Version int
	Head    string
	Prefix  string
	Exclude []string
	Entries map[string]*entry
}

// entry is what the check found of one reference for one day.
type entry struct {
	Kind Kind
	Key  string
	Also string // Ref.AlsoName
	Date string

	// Target is what a path names: "f:" a file, "d:" a folder, "b:" a base name, followed by
	// its path from the top-level; "" when it names nothing of the repository.
	Target  string
	AsName  bool // a path that names no file, checked as the name Also
	Present bool // there at HEAD (a commit: in the repository)
	Existed bool // there at the end of the bullet's day
	Known   bool // a name: Existed was worked out
	What    string
	Commit  string
	To      string
	Changes int
	Used    int64 // when a check last asked for it (Unix seconds)
}

// sameSetup says whether the cache was made for the same workspace layout.
func (f *cacheFile) sameSetup(c *Checker) bool {
	return f.Version == cacheVersion && f.Prefix == c.prefix && slices.Equal(f.Exclude, c.exclude) && f.Entries != nil
}

// HasCache says whether an earlier check left its verdicts (at this HEAD or another): a check
// that runs out of time then still has something to say.
func (c *Checker) HasCache() bool {
	_, err := os.Lstat(c.p.WS.Abs(path.Join(c.p.DebugDir(), cacheName)))
	return err == nil
}

// readCache reads stale.tsv; nil when it is missing or damaged (then everything is computed).
func (c *Checker) readCache() *cacheFile {
	data, err := c.p.ReadState(cacheName)
	if err != nil {
		return nil
	}
	f, err := parseCache(data)
	if err != nil {
		return nil
	}
	return f
}

func parseCache(data []byte) (*cacheFile, error) {
	bad := errors.New("damaged cache")
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) < 3 {
		return nil, bad
	}
	var f cacheFile
	if _, err := fmt.Sscanf(lines[0], "carnet-stale %d %s", &f.Version, &f.Head); err != nil || f.Version != cacheVersion {
		return nil, bad
	}
	f.Prefix = strings.TrimPrefix(lines[1], "prefix\t")
	if ex := strings.TrimPrefix(lines[2], "exclude"); ex != "" {
		f.Exclude = strings.Split(strings.TrimPrefix(ex, "\t"), "\t")
	}
	f.Entries = make(map[string]*entry, len(lines)-3)
	for _, l := range lines[3:] {
		v := strings.Split(l, "\t")
		if len(v) != 11 {
			return nil, bad
		}
		kind, _ := strconv.Atoi(v[0])
		changes, _ := strconv.Atoi(v[9])
		used, _ := strconv.ParseInt(v[10], 10, 64)
		e := &entry{Kind: Kind(kind), Key: v[1], Also: v[2], Date: v[3], Target: v[4], What: v[6], Commit: v[7], To: v[8],
			Changes: changes, Used: used}
		e.AsName, e.Present, e.Existed, e.Known = strings.Contains(v[5], "a"), strings.Contains(v[5], "p"),
			strings.Contains(v[5], "e"), strings.Contains(v[5], "o")
		f.Entries[pairKey(Ref{Kind: e.Kind, Key: e.Key}, e.Date)] = e
	}
	return &f, nil
}

// format writes the cache file.
func (f *cacheFile) format() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "carnet-stale %d %s\nprefix\t%s\nexclude", f.Version, f.Head, f.Prefix)
	for _, x := range f.Exclude {
		b.WriteString("\t" + x)
	}
	b.WriteByte('\n')
	keys := make([]string, 0, len(f.Entries))
	for k := range f.Entries {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		e := f.Entries[k]
		fields := []string{e.Key, e.Also, e.Date, e.Target, e.What, e.Commit, e.To}
		if slices.ContainsFunc(fields, func(s string) bool { return strings.ContainsAny(s, "\t\n") }) {
			continue // a name with a tab: computed again next time
		}
		var flags strings.Builder
		for _, fl := range []struct {
			on bool
			c  string
		}{{e.AsName, "a"}, {e.Present, "p"}, {e.Existed, "e"}, {e.Known, "o"}} {
			if fl.on {
				flags.WriteString(fl.c)
			}
		}
		fmt.Fprintf(&b, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d\n", e.Kind, e.Key, e.Also, e.Date, e.Target, flags.String(), e.What, e.Commit, e.To, e.Changes, e.Used)
	}
	return b.Bytes()
}

// due says whether an entry asked for was last marked used more than a day ago: the cache is
// then written again for its dates of use, else a check that changed nothing writes nothing.
func (c *Checker) due(entries, want map[string]*entry) bool {
	day := c.now().Add(-24 * time.Hour).Unix()
	for k := range want {
		if e := entries[k]; e != nil && e.Used < day {
			return true
		}
	}
	return false
}

// writeCache writes the entries made at head, those of want marked as used now, those
// unused for cacheTTL left out. A failure only costs the next check its speed.
func (c *Checker) writeCache(head string, entries map[string]*entry, want map[string]*entry) {
	now := c.now()
	f := cacheFile{Version: cacheVersion, Head: head, Prefix: c.prefix, Exclude: c.exclude, Entries: map[string]*entry{}}
	for k, e := range entries {
		if _, ok := want[k]; ok {
			e.Used = now.Unix()
		}
		if now.Sub(time.Unix(e.Used, 0)) < cacheTTL {
			f.Entries[k] = e
		}
	}
	_ = c.p.WriteState(cacheName, f.format())
}
