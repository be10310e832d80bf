package gitrepo

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/go-git/go-git/v5/storage/filesystem"
)

// gitObjects reads objects for the read paths (history, diffs, pending).
//
// go-git's object storage costs about 10 µs per object read from a pack
// (scanner set-up, hashing of every delta-resolved object, a syscall or two),
// which made a 50-commit timeline 8x slower than `git log`, whose walk reads
// a couple of small trees per commit. So packed objects are read here
// straight from memory-mapped .idx/.pack files (version 2 index), with delta
// bases cached by offset; everything else — loose objects, platforms without
// mmap, unusual packs — goes through go-git's storage.
type gitObjects struct {
	st             *filesystem.Storage
	dir            string // objects folder
	gitDir, common string
	packs          []*gitPack
	graph          *gitCommitGraph
	loaded         bool
	alts           []string // object folders of the alternates
	partial        bool     // a partial clone: a missing blob is expected, not an error

	cache      map[gitPackPos]gitRawObject
	cacheBytes int
	trees      map[plumbing.Hash][]object.TreeEntry // parsed trees, shared: do not modify
	zr         io.ReadCloser
	br         bytes.Reader
}

// gitObjectsCacheBytes bounds the objects kept in memory during one call.
const gitObjectsCacheBytes = 64 << 20

func newGitObjects(st *filesystem.Storage, gitDir, commonDir string) *gitObjects {
	return &gitObjects{st: st, dir: filepath.Join(commonDir, "objects"), gitDir: gitDir, common: commonDir,
		cache: map[gitPackPos]gitRawObject{}, trees: map[plumbing.Hash][]object.TreeEntry{}}
}

// close unmaps the packs.
func (o *gitObjects) close() {
	for _, p := range o.packs {
		gitUnmap(p.idx)
		gitUnmap(p.pack)
	}
	o.packs = nil
	if o.graph != nil {
		o.graph.close()
	}
}

// read returns the type and content of object h.
func (o *gitObjects) read(h plumbing.Hash) (plumbing.ObjectType, []byte, error) {
	o.load()
	for i, p := range o.packs {
		if off, ok := p.find(h); ok {
			return o.readAt(i, off, 0)
		}
	}
	obj, err := o.st.EncodedObject(plumbing.AnyObject, h)
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		for _, dir := range o.alts {
			if typ, data, ok, err := gitReadLoose(dir, h); ok || err != nil {
				return typ, data, err
			}
		}
	}
	if err != nil {
		return 0, nil, err
	}
	rd, err := obj.Reader()
	if err != nil {
		return 0, nil, err
	}
	defer rd.Close()
	data, err := io.ReadAll(rd)
	return obj.Type(), data, err
}

// readType reads object h, which must be of type want.
func (o *gitObjects) readType(h plumbing.Hash, want plumbing.ObjectType) ([]byte, error) {
	typ, data, err := o.read(h)
	if err != nil {
		return nil, fmt.Errorf("object %s: %w", h, err)
	}
	if typ != want {
		return nil, fmt.Errorf("object %s is a %s, not a %s", h, typ, want)
	}
	return data, nil
}

// blob returns the content of blob h.
func (o *gitObjects) blob(h plumbing.Hash) ([]byte, error) {
	return o.readType(h, plumbing.BlobObject)
}

// tree returns the entries of tree h (none for the zero hash).
func (o *gitObjects) tree(h plumbing.Hash) ([]object.TreeEntry, error) {
	if h.IsZero() || h == gitEmptyTree {
		return nil, nil
	}
	if es, ok := o.trees[h]; ok {
		return es, nil
	}
	data, err := o.readType(h, plumbing.TreeObject)
	if err != nil {
		return nil, err
	}
	var out []object.TreeEntry
	for len(data) > 0 {
		e, rest, err := gitNextTreeEntry(data)
		if err != nil {
			return nil, fmt.Errorf("tree %s: %w", h, err)
		}
		out = append(out, e)
		data = rest
	}
	if len(o.trees) > 4096 {
		clear(o.trees)
	}
	o.trees[h] = out
	return out, nil
}

// treeEntry finds the entry called name in tree h without decoding the others.
func (o *gitObjects) treeEntry(h plumbing.Hash, name string) (object.TreeEntry, bool, error) {
	if h.IsZero() || h == gitEmptyTree {
		return object.TreeEntry{}, false, nil
	}
	data, err := o.readType(h, plumbing.TreeObject)
	if err != nil {
		return object.TreeEntry{}, false, err
	}
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		nul := bytes.IndexByte(data, 0)
		if sp < 0 || nul < sp || nul+21 > len(data) {
			return object.TreeEntry{}, false, fmt.Errorf("tree %s: malformed", h)
		}
		if string(data[sp+1:nul]) == name {
			e, _, err := gitNextTreeEntry(data)
			return e, err == nil, err
		}
		data = data[nul+21:]
	}
	return object.TreeEntry{}, false, nil
}

// gitNextTreeEntry decodes the first "<mode> <name>\0<20-byte hash>" of data.
func gitNextTreeEntry(data []byte) (object.TreeEntry, []byte, error) {
	sp := bytes.IndexByte(data, ' ')
	nul := bytes.IndexByte(data, 0)
	if sp < 0 || nul < sp || nul+21 > len(data) {
		return object.TreeEntry{}, nil, errors.New("malformed tree")
	}
	mode, err := strconv.ParseUint(string(data[:sp]), 8, 32)
	if err != nil {
		return object.TreeEntry{}, nil, err
	}
	e := object.TreeEntry{Name: string(data[sp+1 : nul]), Mode: filemode.FileMode(mode)}
	copy(e.Hash[:], data[nul+1:nul+21])
	return e, data[nul+21:], nil
}

// gitCommitInfo is what the history walk needs of a commit.
type gitCommitInfo struct {
	tree    plumbing.Hash
	parents []plumbing.Hash
	when    int64 // committer time, in seconds
}

// commitInfo reads the tree, parents and committer time of commit h.
func (o *gitObjects) commitInfo(h plumbing.Hash) (gitCommitInfo, error) {
	o.load()
	if o.graph != nil {
		if ci, ok := o.graph.info(h); ok {
			return ci, nil
		}
	}
	var ci gitCommitInfo
	data, err := o.readType(h, plumbing.CommitObject)
	if err != nil {
		return ci, err
	}
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if len(line) == 0 {
			break // end of the headers
		}
		key, val, _ := bytes.Cut(line, []byte(" "))
		switch string(key) {
		case "tree":
			ci.tree = plumbing.NewHash(string(val))
		case "parent":
			ci.parents = append(ci.parents, plumbing.NewHash(string(val)))
		case "committer":
			// "Name <email> 1774000000 +0100"
			if gt := bytes.LastIndexByte(val, '>'); gt >= 0 {
				f := bytes.Fields(val[gt+1:])
				if len(f) > 0 {
					ci.when, _ = strconv.ParseInt(string(f[0]), 10, 64)
				}
			}
		}
	}
	return ci, nil
}

// commit decodes the whole commit h with go-git's decoder.
func (o *gitObjects) commit(h plumbing.Hash) (*object.Commit, error) {
	data, err := o.readType(h, plumbing.CommitObject)
	if err != nil {
		return nil, err
	}
	obj := &plumbing.MemoryObject{}
	obj.SetType(plumbing.CommitObject)
	if _, err := obj.Write(data); err != nil {
		return nil, err
	}
	c := &object.Commit{}
	if err := c.Decode(obj); err != nil {
		return nil, err
	}
	c.Hash = h
	return c, nil
}

// has says whether object h is stored.
func (o *gitObjects) has(h plumbing.Hash) bool {
	o.load()
	for _, p := range o.packs {
		if _, ok := p.find(h); ok {
			return true
		}
	}
	if o.st.HasEncodedObject(h) == nil {
		return true
	}
	for _, dir := range o.alts {
		if _, err := os.Stat(gitLoosePath(dir, h)); err == nil {
			return true
		}
	}
	return false
}

func gitLoosePath(objects string, h plumbing.Hash) string {
	s := h.String()
	return filepath.Join(objects, s[:2], s[2:])
}

// gitReadLoose reads loose object h of an object folder; ok is false when it is not there.
func gitReadLoose(objects string, h plumbing.Hash) (plumbing.ObjectType, []byte, bool, error) {
	f, err := os.Open(gitLoosePath(objects, h))
	if err != nil {
		return 0, nil, false, nil
	}
	defer f.Close()
	zr, err := zlib.NewReader(f)
	if err != nil {
		return 0, nil, true, fmt.Errorf("object %s: %w", h, err)
	}
	defer zr.Close()
	raw, err := io.ReadAll(zr)
	if err != nil {
		return 0, nil, true, fmt.Errorf("object %s: %w", h, err)
	}
	head, data, ok := bytes.Cut(raw, []byte{0})
	kind, size, _ := strings.Cut(string(head), " ")
	typ, err := plumbing.ParseObjectType(kind)
	if n, err2 := strconv.Atoi(size); !ok || err != nil || err2 != nil || n != len(data) {
		return 0, nil, true, fmt.Errorf("object %s: malformed loose object", h)
	}
	return typ, data, true, nil
}

// withPrefix lists the objects whose hex name starts with prefix (at least 2 hex digits):
// in the packs and loose, of the repository and of its alternates; else the commits go-git
// finds (in packs the own reader could not map).
func (o *gitObjects) withPrefix(prefix string) []plumbing.Hash {
	o.load()
	seen := map[plumbing.Hash]bool{}
	var out []plumbing.Hash
	add := func(h plumbing.Hash) {
		if !seen[h] && strings.HasPrefix(h.String(), prefix) {
			seen[h] = true
			out = append(out, h)
		}
	}
	for _, p := range o.packs {
		for i := range p.n {
			add(p.name(i))
		}
	}
	for _, dir := range append([]string{o.dir}, o.alts...) {
		ents, _ := os.ReadDir(filepath.Join(dir, prefix[:2]))
		for _, e := range ents {
			if name := prefix[:2] + e.Name(); len(name) == 40 && gitIsHex(name) {
				add(plumbing.NewHash(name))
			}
		}
	}
	if len(out) > 0 {
		return out
	}
	if iter, err := o.st.IterEncodedObjects(plumbing.CommitObject); err == nil {
		_ = iter.ForEach(func(obj plumbing.EncodedObject) error {
			add(obj.Hash())
			return nil
		})
	}
	return out
}
