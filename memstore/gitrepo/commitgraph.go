package gitrepo

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
)

// gitCommitGraph reads git's commit-graph files (objects/info/commit-graph,
// or a chain under objects/info/commit-graphs), which hold each commit's
// tree, parents and date: the history walk then opens no commit object at
// all, as git itself does. Commits missing from the graph are read from
// their objects.
type gitCommitGraph struct {
	layers []*gitGraphLayer // oldest first; positions run across layers in that order
}

type gitGraphLayer struct {
	data             []byte
	n, first         int // commits in this layer, position of its first one
	oidf, oidl, cdat []byte
	edge             []byte
}

// gitOpenCommitGraph maps the commit-graph of the objects folder; nil when
// there is none, it cannot be read, or git itself would not use it (grafts,
// shallow clones, replace refs).
func gitOpenCommitGraph(objects, gitDir, commonDir string) *gitCommitGraph {
	for _, p := range []string{filepath.Join(commonDir, "info", "grafts"), filepath.Join(commonDir, "shallow"),
		filepath.Join(gitDir, "shallow"), filepath.Join(commonDir, "refs", "replace")} {
		if _, err := os.Stat(p); err == nil {
			return nil
		}
	}
	var files []string
	if _, err := os.Stat(filepath.Join(objects, "info", "commit-graph")); err == nil {
		files = []string{filepath.Join(objects, "info", "commit-graph")}
	} else if f, err := os.Open(filepath.Join(objects, "info", "commit-graphs", "commit-graph-chain")); err == nil {
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if h := strings.TrimSpace(sc.Text()); h != "" {
				files = append(files, filepath.Join(objects, "info", "commit-graphs", "graph-"+h+".graph"))
			}
		}
		f.Close()
	}
	g := &gitCommitGraph{}
	for _, f := range files {
		data, err := gitMapFile(f)
		if err != nil {
			g.close()
			return nil
		}
		l := &gitGraphLayer{data: data}
		if len(g.layers) > 0 {
			last := g.layers[len(g.layers)-1]
			l.first = last.first + last.n
		}
		g.layers = append(g.layers, l)
		if !l.parse() {
			g.close()
			return nil
		}
	}
	if len(g.layers) == 0 {
		return nil
	}
	return g
}

// parse reads the header and chunk table of a version 1, SHA-1 graph file.
func (l *gitGraphLayer) parse() bool {
	d := l.data
	if len(d) < 8 || string(d[:4]) != "CGPH" || d[4] != 1 || d[5] != 1 {
		return false
	}
	chunks := int(d[6])
	if len(d) < 8+(chunks+1)*12 {
		return false
	}
	for i := range chunks {
		e := d[8+i*12:]
		start := binary.BigEndian.Uint64(e[4:])
		end := binary.BigEndian.Uint64(e[16:])
		if start > end || end > uint64(len(d)) {
			return false
		}
		chunk := d[start:end]
		switch string(e[:4]) {
		case "OIDF":
			l.oidf = chunk
		case "OIDL":
			l.oidl = chunk
		case "CDAT":
			l.cdat = chunk
		case "EDGE":
			l.edge = chunk
		}
	}
	if len(l.oidf) != 256*4 {
		return false
	}
	l.n = int(binary.BigEndian.Uint32(l.oidf[255*4:]))
	return len(l.oidl) == l.n*20 && len(l.cdat) == l.n*36
}

func (g *gitCommitGraph) close() {
	for _, l := range g.layers {
		gitUnmap(l.data)
	}
	g.layers = nil
}

// find returns the position of commit h in the graph.
func (g *gitCommitGraph) find(h plumbing.Hash) (int, bool) {
	for _, l := range g.layers {
		lo := 0
		if h[0] > 0 {
			lo = int(binary.BigEndian.Uint32(l.oidf[4*(int(h[0])-1):]))
		}
		hi := int(binary.BigEndian.Uint32(l.oidf[4*int(h[0]):]))
		for lo < hi {
			mid := int(uint(lo+hi) >> 1)
			switch c := bytes.Compare(l.oidl[mid*20:mid*20+20], h[:]); {
			case c == 0:
				return l.first + mid, true
			case c < 0:
				lo = mid + 1
			default:
				hi = mid
			}
		}
	}
	return 0, false
}

// layer returns the layer holding position pos and the index inside it.
func (g *gitCommitGraph) layer(pos int) (*gitGraphLayer, int, bool) {
	for _, l := range g.layers {
		if pos >= l.first && pos < l.first+l.n {
			return l, pos - l.first, true
		}
	}
	return nil, 0, false
}

// hashAt returns the commit hash at position pos.
func (g *gitCommitGraph) hashAt(pos int) (plumbing.Hash, bool) {
	var h plumbing.Hash
	l, i, ok := g.layer(pos)
	if ok {
		copy(h[:], l.oidl[i*20:])
	}
	return h, ok
}

// info returns the tree, parents and commit time of commit h, when the graph has it.
func (g *gitCommitGraph) info(h plumbing.Hash) (gitCommitInfo, bool) {
	var ci gitCommitInfo
	pos, ok := g.find(h)
	if !ok {
		return ci, false
	}
	l, i, _ := g.layer(pos)
	rec := l.cdat[i*36:]
	copy(ci.tree[:], rec[:20])
	const none = 0x70000000
	p1 := binary.BigEndian.Uint32(rec[20:])
	p2 := binary.BigEndian.Uint32(rec[24:])
	add := func(p uint32) bool {
		ph, ok := g.hashAt(int(p))
		ci.parents = append(ci.parents, ph)
		return ok
	}
	if p1 != none && !add(p1) {
		return ci, false
	}
	switch {
	case p2 == none:
	case p2&0x80000000 == 0:
		if !add(p2) {
			return ci, false
		}
	default: // an octopus merge: the other parents are listed in EDGE
		for e := int(p2 & 0x7fffffff); ; e++ {
			if (e+1)*4 > len(l.edge) {
				return ci, false
			}
			v := binary.BigEndian.Uint32(l.edge[e*4:])
			if !add(v & 0x7fffffff) {
				return ci, false
			}
			if v&0x80000000 != 0 {
				break
			}
		}
	}
	hi := binary.BigEndian.Uint32(rec[28:])
	lo := binary.BigEndian.Uint32(rec[32:])
	ci.when = int64(hi&3)<<32 | int64(lo)
	return ci, true
}
