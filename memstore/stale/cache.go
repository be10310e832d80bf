package stale

import (
	"encoding/json"
	"slices"
	"time"
)

// The verdicts are kept in logs/.debug/stale.json for the HEAD they were made at: a session
// start at the same HEAD reads them and runs no git; one after new commits brings them forward
// from those commits alone. Entries nobody asked for in cacheTTL are dropped.

const (
	cacheName    = "stale.json"
	cacheVersion = 1
	cacheTTL     = 30 * 24 * time.Hour
)

// cacheFile is the content of stale.json.
type cacheFile struct {
	Version int               `json:"version"`
	Head    string            `json:"head"`
	Prefix  string            `json:"prefix"`
	Exclude []string          `json:"exclude"`
	Entries map[string]*entry `json:"entries"`
}

// entry is what the check found of one reference for one day.
type entry struct {
	Kind Kind   `json:"k"`
	Key  string `json:"t"`
	Also string `json:"n,omitempty"` // Ref.AlsoName
	Date string `json:"d"`

	// Target is what a path names: "f:" a file, "d:" a folder, "b:" a base name, followed by
	// its path from the top-level; "" when it names nothing of the repository.
	Target  string `json:"g,omitempty"`
	AsName  bool   `json:"a,omitempty"` // a path that names no file, checked as the name Also
	Present bool   `json:"p,omitempty"` // there at HEAD (a commit: in the repository)
	Existed bool   `json:"e,omitempty"` // there at the end of the bullet's day
	Known   bool   `json:"o,omitempty"` // a name: Existed was worked out
	What    string `json:"w,omitempty"`
	Commit  string `json:"c,omitempty"`
	To      string `json:"r,omitempty"`
	Changes int    `json:"x,omitempty"`
	Used    int64  `json:"u"` // when a check last asked for it (Unix seconds)
}

// sameSetup says whether the cache was made for the same workspace layout.
func (f *cacheFile) sameSetup(c *Checker) bool {
	return f.Version == cacheVersion && f.Prefix == c.prefix && slices.Equal(f.Exclude, c.exclude) && f.Entries != nil
}

// readCache reads stale.json; nil when it is missing or damaged (then everything is computed).
func (c *Checker) readCache() *cacheFile {
	data, err := c.p.ReadState(cacheName)
	if err != nil {
		return nil
	}
	var f cacheFile
	if json.Unmarshal(data, &f) != nil {
		return nil
	}
	return &f
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
	data, err := json.Marshal(f)
	if err != nil {
		return
	}
	_ = c.p.WriteState(cacheName, data)
}
