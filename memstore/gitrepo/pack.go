package gitrepo

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// Reading pack indexes (versions 1 and 2) and pack files mapped in memory, for gitObjects.

// gitPackPos is where an object sits: which pack, at which offset.
type gitPackPos struct {
	pack int
	off  int64
}

// gitRawObject is a decoded object: its type and content.
type gitRawObject struct {
	typ  plumbing.ObjectType
	data []byte
}

// gitPack is one pack file and its index, mapped in memory.
type gitPack struct {
	idx, pack []byte
	n         int
	v1        bool // a version 1 index: 256 fan-out entries, then (offset, name) pairs
}

// load maps the commit-graph and every pack whose index it understands, of the repository
// and of its alternates; a pack it cannot map is left to go-git.
func (o *gitObjects) load() {
	if o.loaded {
		return
	}
	o.loaded = true
	o.graph = gitOpenCommitGraph(o.dir, o.gitDir, o.common)
	o.alts = gitAlternates(o.dir, 0)
	for _, dir := range append([]string{o.dir}, o.alts...) {
		idxs, _ := filepath.Glob(filepath.Join(dir, "pack", "*.idx"))
		for _, ip := range idxs {
			idx, err := gitMapFile(ip)
			if err != nil {
				continue
			}
			pack, err := gitMapFile(ip[:len(ip)-len(".idx")] + ".pack")
			if err != nil {
				gitUnmap(idx)
				continue
			}
			p := &gitPack{idx: idx, pack: pack}
			if !p.valid() {
				gitUnmap(idx)
				gitUnmap(pack)
				continue
			}
			o.packs = append(o.packs, p)
		}
	}
}

// gitAlternates lists the object folders objects/info/alternates names, and theirs in turn
// (git follows five levels).
func gitAlternates(objects string, depth int) []string {
	b, err := os.ReadFile(filepath.Join(objects, "info", "alternates"))
	if err != nil || depth >= 5 {
		return nil
	}
	var out []string
	for line := range strings.Lines(string(b)) {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		if !filepath.IsAbs(line) {
			line = filepath.Join(objects, line)
		}
		out = append(out, filepath.Clean(line))
		out = append(out, gitAlternates(line, depth+1)...)
	}
	return out
}

// valid checks the headers and sizes of an index and its pack.
func (p *gitPack) valid() bool {
	if len(p.pack) < 32 || !bytes.Equal(p.pack[:4], []byte("PACK")) {
		return false
	}
	if len(p.idx) >= 4 && bytes.Equal(p.idx[:4], []byte{0xff, 't', 'O', 'c'}) {
		const head = 8 + 256*4
		if len(p.idx) < head+40 || !bytes.Equal(p.idx[4:8], []byte{0, 0, 0, 2}) {
			return false
		}
		p.n = int(binary.BigEndian.Uint32(p.idx[head-4:]))
		return len(p.idx) >= head+p.n*28+40
	}
	const head = 256 * 4
	if len(p.idx) < head+40 {
		return false
	}
	p.v1 = true
	p.n = int(binary.BigEndian.Uint32(p.idx[head-4:]))
	return len(p.idx) >= head+p.n*24+40
}

// find returns the offset of object h in the pack.
func (p *gitPack) find(h plumbing.Hash) (int64, bool) {
	if p.v1 {
		return p.findV1(h)
	}
	const fan = 8
	lo := 0
	if h[0] > 0 {
		lo = int(binary.BigEndian.Uint32(p.idx[fan+4*(int(h[0])-1):]))
	}
	hi := int(binary.BigEndian.Uint32(p.idx[fan+4*int(h[0]):]))
	names := p.idx[fan+256*4:]
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		switch c := bytes.Compare(names[mid*20:mid*20+20], h[:]); {
		case c == 0:
			offs := names[p.n*24:] // after the names and the CRCs
			off := binary.BigEndian.Uint32(offs[mid*4:])
			if off&0x80000000 == 0 {
				return int64(off), true
			}
			at := p.n*4 + int(off&0x7fffffff)*8
			if at+8 > len(offs) {
				return 0, false
			}
			return int64(binary.BigEndian.Uint64(offs[at:])), true
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false
}

// name is the i-th object name of the index.
func (p *gitPack) name(i int) plumbing.Hash {
	var h plumbing.Hash
	if p.v1 {
		copy(h[:], p.idx[256*4+i*24+4:])
	} else {
		copy(h[:], p.idx[8+256*4+i*20:])
	}
	return h
}

// findV1 is find in a version 1 index.
func (p *gitPack) findV1(h plumbing.Hash) (int64, bool) {
	lo := 0
	if h[0] > 0 {
		lo = int(binary.BigEndian.Uint32(p.idx[4*(int(h[0])-1):]))
	}
	hi := int(binary.BigEndian.Uint32(p.idx[4*int(h[0]):]))
	entries := p.idx[256*4:]
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		e := entries[mid*24:]
		switch c := bytes.Compare(e[4:24], h[:]); {
		case c == 0:
			return int64(binary.BigEndian.Uint32(e)), true
		case c < 0:
			lo = mid + 1
		default:
			hi = mid
		}
	}
	return 0, false
}

// readAt decodes the pack entry at off, resolving deltas.
func (o *gitObjects) readAt(pi int, off int64, depth int) (typ plumbing.ObjectType, data []byte, err error) {
	key := gitPackPos{pi, off}
	if c, ok := o.cache[key]; ok {
		return c.typ, c.data, nil
	}
	if depth > 10000 {
		return 0, nil, errors.New("git pack: delta chain too long")
	}
	buf := o.packs[pi].pack
	bad := fmt.Errorf("git pack: bad entry at offset %d", off)
	if off < 12 || off >= int64(len(buf)) {
		return 0, nil, bad
	}
	pos := off
	next := func() (byte, bool) {
		if pos >= int64(len(buf)) {
			return 0, false
		}
		pos++
		return buf[pos-1], true
	}
	b, _ := next()
	typ = plumbing.ObjectType((b >> 4) & 7)
	size := uint64(b & 15)
	for shift := 4; b&0x80 != 0; shift += 7 {
		var ok bool
		if b, ok = next(); !ok || shift > 60 {
			return 0, nil, bad
		}
		size |= uint64(b&0x7f) << shift
	}
	switch typ {
	case plumbing.CommitObject, plumbing.TreeObject, plumbing.BlobObject, plumbing.TagObject:
		data, err = o.inflate(buf[pos:], size)
	case plumbing.OFSDeltaObject, plumbing.REFDeltaObject:
		var base []byte
		if typ == plumbing.OFSDeltaObject {
			b, ok := next()
			rel := int64(b & 0x7f)
			for ok && b&0x80 != 0 {
				b, ok = next()
				rel = (rel+1)<<7 | int64(b&0x7f)
			}
			if !ok || rel <= 0 || rel > off {
				return 0, nil, bad
			}
			typ, base, err = o.readAt(pi, off-rel, depth+1)
		} else {
			if pos+20 > int64(len(buf)) {
				return 0, nil, bad
			}
			var bh plumbing.Hash
			copy(bh[:], buf[pos:pos+20])
			pos += 20
			typ, base, err = o.read(bh)
		}
		if err != nil {
			return 0, nil, err
		}
		var delta []byte
		if delta, err = o.inflate(buf[pos:], size); err == nil {
			data, err = gitApplyDelta(base, delta)
		}
	default:
		return 0, nil, bad
	}
	if err != nil {
		return 0, nil, fmt.Errorf("git pack, offset %d: %w", off, err)
	}
	if o.cacheBytes += len(data); o.cacheBytes > gitObjectsCacheBytes {
		clear(o.cache)
		o.cacheBytes = len(data)
	}
	o.cache[key] = gitRawObject{typ, data}
	return typ, data, nil
}

// inflate decompresses size bytes of zlib data from src.
func (o *gitObjects) inflate(src []byte, size uint64) ([]byte, error) {
	if size > 1<<31 {
		return nil, errors.New("object too large")
	}
	o.br.Reset(src)
	if o.zr == nil {
		zr, err := zlib.NewReader(&o.br)
		if err != nil {
			return nil, err
		}
		o.zr = zr
	} else if err := o.zr.(zlib.Resetter).Reset(&o.br, nil); err != nil {
		return nil, err
	}
	out := make([]byte, size)
	if _, err := io.ReadFull(o.zr, out); err != nil {
		return nil, err
	}
	return out, nil
}

// gitApplyDelta rebuilds an object from its base and a git delta.
func gitApplyDelta(base, delta []byte) ([]byte, error) {
	bad := errors.New("bad delta")
	varint := func() (int, bool) {
		v, shift := 0, 0
		for len(delta) > 0 && shift < 63 {
			b := delta[0]
			delta = delta[1:]
			v |= int(b&0x7f) << shift
			if b&0x80 == 0 {
				return v, true
			}
			shift += 7
		}
		return 0, false
	}
	src, ok1 := varint()
	dst, ok2 := varint()
	if !ok1 || !ok2 || src != len(base) || dst > 1<<31 {
		return nil, bad
	}
	out := make([]byte, 0, dst)
	for len(delta) > 0 {
		op := delta[0]
		delta = delta[1:]
		switch {
		case op&0x80 != 0:
			var off, n int
			for i := range 7 {
				if op&(1<<i) == 0 {
					continue
				}
				if len(delta) == 0 {
					return nil, bad
				}
				if i < 4 {
					off |= int(delta[0]) << (8 * i)
				} else {
					n |= int(delta[0]) << (8 * (i - 4))
				}
				delta = delta[1:]
			}
			if n == 0 {
				n = 0x10000
			}
			if off+n > len(base) {
				return nil, bad
			}
			out = append(out, base[off:off+n]...)
		case op != 0:
			if int(op) > len(delta) {
				return nil, bad
			}
			out = append(out, delta[:op]...)
			delta = delta[op:]
		default:
			return nil, bad
		}
	}
	if len(out) != dst {
		return nil, bad
	}
	return out, nil
}

// gitMapFile maps a whole file read-only in memory (see git_mmap_*.go).
func gitMapFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() == 0 || fi.Size() != int64(int(fi.Size())) {
		return nil, errors.New("cannot map an empty or huge file")
	}
	return gitMmap(f, int(fi.Size()))
}
