package memstore

import (
	"errors"
	"path"
	"sync"
	"time"
)

// A process that searches more than once (the MCP server) keeps what it read for a search:
// each project's index, and the files it read (their bytes and folded bytes), each
// under the key one stat gave before it was read. A later search uses them only when the
// stat it takes anyway gives the same key, and the key is not racy: so they are never a
// wrong answer either, and spare reading and parsing.

// searchCacheMax bounds the bytes of files the cache holds; past it, no file is added.
const searchCacheMax = 32 << 20

var searchCache = struct {
	sync.RWMutex                        // the workers of a search look files up at once
	indexes      map[string]cachedIndex // by workspace root and memory folder
	files        map[cacheKey]cachedFile
	bytes        int
}{indexes: map[string]cachedIndex{}, files: map[cacheKey]cachedFile{}}

// cacheKey is a file's workspace root and path: looking it up builds no string.
type cacheKey struct{ root, path string }

type cachedIndex struct {
	key fileKey
	x   *searchIndex
}

type cachedFile struct {
	key    fileKey
	doc    *fileDoc
	folded []byte // never changed once cached
}

// fileDoc is a file read for a search, kept in the cache.
type fileDoc struct {
	data []byte // never changed once read
}

// cachedRead returns job's file and its folded bytes kept from an earlier search, when its
// key is the one the listing gave now.
func cachedRead(job searchJob) (doc *fileDoc, folded []byte, ok bool) {
	if !job.seen {
		return nil, nil, false
	}
	searchCache.RLock()
	defer searchCache.RUnlock()
	c, ok := searchCache.files[cacheKey{job.p.WS.Root, job.path}]
	if !ok || c.key != job.key {
		return nil, nil, false
	}
	return c.doc, c.folded, true
}

// cacheable reports whether a file of n bytes read by the search that started at start may
// be kept: its key is not racy and the cache has room for it (and its folded bytes).
func cacheable(job searchJob, start time.Time, n int) bool {
	if !job.seen || racy(job.key, start) {
		return false
	}
	searchCache.RLock()
	defer searchCache.RUnlock()
	return searchCache.bytes+2*n <= searchCacheMax
}

// cacheRead keeps a file read for a search (doc and folded are kept as they are: the caller
// gives copies), unless its key is racy or the cache is full. A process that searches again
// and again keeps every file read, not only those with hits: the next query's hits may be
// in any of them.
func cacheRead(job searchJob, doc *fileDoc, folded []byte, start time.Time) {
	if !job.seen || racy(job.key, start) {
		return
	}
	searchCache.Lock()
	defer searchCache.Unlock()
	k := cacheKey{job.p.WS.Root, job.path}
	if old, ok := searchCache.files[k]; ok {
		searchCache.bytes -= len(old.doc.data) + len(old.folded)
		delete(searchCache.files, k)
	}
	if n := len(doc.data) + len(folded); searchCache.bytes+n <= searchCacheMax {
		searchCache.files[k] = cachedFile{job.key, doc, folded}
		searchCache.bytes += n
	}
}

// loadSearchIndex reads the project's index, or takes the one an earlier search read when
// one lstat says it is the same file; nil when there is none or it is not one that can be
// trusted (corrupt, another folder's, another format, a link).
func (f *folder) loadSearchIndex(start time.Time) *searchIndex {
	p := f.p
	rel := path.Join(p.DebugDir(), searchIndexFile)
	in, err := f.check(rel)
	if le, ok := errors.AsType[*LinkError](err); ok {
		p.noteLink(le.Path)
	}
	if err != nil {
		return nil
	}
	fi, err := f.Lstat(in)
	if err != nil {
		return nil
	}
	key, ok := keyOf(fi)
	if !ok {
		return nil
	}
	ck := p.WS.Root + "\x00" + p.RelDir
	searchCache.RLock()
	c, hit := searchCache.indexes[ck]
	searchCache.RUnlock()
	if hit && c.key == key {
		return c.x
	}
	filesRead.Add(1)
	data, err := f.ReadFile(in)
	if err != nil {
		return nil
	}
	x := parseSearchIndex(data, p.RelDir)
	if x != nil && !racy(key, start) {
		searchCache.Lock()
		searchCache.indexes[ck] = cachedIndex{key, x}
		searchCache.Unlock()
	}
	return x
}
