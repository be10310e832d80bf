package gitrepo

import (
	"sort"
	"strings"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// gitFile is one file of a snapshot: a tree of a commit, or the work tree.
type gitFile struct {
	hash plumbing.Hash
	mode filemode.FileMode
	data []byte // content read from the work tree; nil means "read the blob"
}

// gitRawChange is one path whose file differs between two snapshots;
// a is nil for an added file, b for a deleted one.
type gitRawChange struct {
	path string
	a, b *gitFile
}

// gitJoin joins a folder prefix and a name with a slash.
func gitJoin(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "/" + name
}

// gitFlatten adds every file of tree h to out, keyed by its path under prefix.
func gitFlatten(o *gitObjects, h plumbing.Hash, prefix string, out map[string]gitFile) error {
	entries, err := o.tree(h)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p := gitJoin(prefix, e.Name)
		switch {
		case e.Mode == filemode.Dir:
			if err := gitFlatten(o, e.Hash, p, out); err != nil {
				return err
			}
		case e.Mode.IsFile():
			out[p] = gitFile{hash: e.Hash, mode: e.Mode}
		}
	}
	return nil
}

// gitTreeEntries maps the names of tree h to their entries (empty for the zero hash).
func gitTreeEntries(o *gitObjects, h plumbing.Hash) (map[string]object.TreeEntry, error) {
	entries, err := o.tree(h)
	if err != nil {
		return nil, err
	}
	m := make(map[string]object.TreeEntry, len(entries))
	for _, e := range entries {
		m[e.Name] = e
	}
	return m, nil
}

// gitDiffTrees appends to out the files that differ between trees a and b
// (either may be the zero hash), walking only into folders whose hashes differ.
func gitDiffTrees(o *gitObjects, a, b plumbing.Hash, prefix string, out *[]gitRawChange) error {
	if a == b {
		return nil
	}
	ea, err := o.tree(a)
	if err != nil {
		return err
	}
	eb, err := o.tree(b)
	if err != nil {
		return err
	}
	// Both lists are in git order, so one merge pass pairs equal names; a
	// file and a folder of the same name do not pair (git orders the folder
	// as "name/"), which makes them a deletion and an addition, as they are.
	i, j := 0, 0
	for i < len(ea) || j < len(eb) {
		c := 1
		switch {
		case i == len(ea):
		case j == len(eb):
			c = -1
		default:
			c = gitEntryCmp(ea[i], eb[j])
		}
		switch {
		case c < 0:
			err = gitAppendSide(o, ea[i], gitJoin(prefix, ea[i].Name), true, out)
			i++
		case c > 0:
			err = gitAppendSide(o, eb[j], gitJoin(prefix, eb[j].Name), false, out)
			j++
		default:
			x, y := ea[i], eb[j]
			i, j = i+1, j+1
			switch {
			case x.Hash == y.Hash && x.Mode == y.Mode:
			case x.Mode == filemode.Dir:
				err = gitDiffTrees(o, x.Hash, y.Hash, gitJoin(prefix, x.Name), out)
			case x.Mode.IsFile() && y.Mode.IsFile():
				*out = append(*out, gitRawChange{path: gitJoin(prefix, x.Name),
					a: &gitFile{hash: x.Hash, mode: x.Mode}, b: &gitFile{hash: y.Hash, mode: y.Mode}})
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// gitEntryCmp orders tree entries as git does: by name, a folder's name
// compared as if it ended in "/".
func gitEntryCmp(a, b object.TreeEntry) int {
	n := min(len(a.Name), len(b.Name))
	if c := strings.Compare(a.Name[:n], b.Name[:n]); c != 0 {
		return c
	}
	tail := func(e object.TreeEntry) int {
		switch {
		case n < len(e.Name):
			return int(e.Name[n])
		case e.Mode == filemode.Dir:
			return '/'
		}
		return 0
	}
	return tail(a) - tail(b)
}

// gitAppendSide appends the files of entry e as deleted (old) or added files.
func gitAppendSide(o *gitObjects, e object.TreeEntry, p string, old bool, out *[]gitRawChange) error {
	files := map[string]gitFile{}
	switch {
	case e.Mode == filemode.Dir:
		if err := gitFlatten(o, e.Hash, p, files); err != nil {
			return err
		}
	case e.Mode.IsFile():
		files[p] = gitFile{hash: e.Hash, mode: e.Mode}
	}
	for path, f := range files {
		if old {
			*out = append(*out, gitRawChange{path: path, a: &f})
		} else {
			*out = append(*out, gitRawChange{path: path, b: &f})
		}
	}
	return nil
}

// gitTreeNode is a folder of a tree being edited; its entries are read from
// the stored tree on first use, and only edited folders are written back.
type gitTreeNode struct {
	hash    plumbing.Hash // stored tree it started from; zero for a new folder
	entries map[string]*gitTreeItem
}

type gitTreeItem struct {
	mode filemode.FileMode
	hash plumbing.Hash
	sub  *gitTreeNode // for folders walked into by an edit
}

func (n *gitTreeNode) load(r *gitRepo) error {
	if n.entries != nil {
		return nil
	}
	es, err := gitTreeEntries(r.obj, n.hash)
	if err != nil {
		return err
	}
	n.entries = make(map[string]*gitTreeItem, len(es))
	for name, e := range es {
		n.entries[name] = &gitTreeItem{mode: e.Mode, hash: e.Hash}
	}
	return nil
}

// set puts a blob at path (relative to n), replacing a file or folder in its way.
func (n *gitTreeNode) set(r *gitRepo, path string, mode filemode.FileMode, h plumbing.Hash) error {
	if err := n.load(r); err != nil {
		return err
	}
	name, rest, deeper := strings.Cut(path, "/")
	if !deeper {
		n.entries[name] = &gitTreeItem{mode: mode, hash: h}
		return nil
	}
	it := n.entries[name]
	if it == nil || it.mode != filemode.Dir {
		it = &gitTreeItem{mode: filemode.Dir, sub: &gitTreeNode{}}
		n.entries[name] = it
	}
	if it.sub == nil {
		it.sub = &gitTreeNode{hash: it.hash}
	}
	return it.sub.set(r, rest, mode, h)
}

// remove deletes whatever file or folder is at path (relative to n).
func (n *gitTreeNode) remove(r *gitRepo, path string) error {
	if err := n.load(r); err != nil {
		return err
	}
	name, rest, deeper := strings.Cut(path, "/")
	it := n.entries[name]
	switch {
	case it == nil:
		return nil
	case !deeper:
		delete(n.entries, name)
		return nil
	case it.mode != filemode.Dir:
		return nil
	}
	if it.sub == nil {
		it.sub = &gitTreeNode{hash: it.hash}
	}
	return it.sub.remove(r, rest)
}

// write stores the edited folders under n and returns n's tree hash and
// whether it holds anything (empty folders vanish, as in git).
func (n *gitTreeNode) write(r *gitRepo) (plumbing.Hash, bool, error) {
	if n.entries == nil {
		return n.hash, !n.hash.IsZero(), nil
	}
	t := &object.Tree{Entries: make([]object.TreeEntry, 0, len(n.entries))}
	for name, it := range n.entries {
		h := it.hash
		if it.sub != nil {
			sh, some, err := it.sub.write(r)
			if err != nil {
				return plumbing.ZeroHash, false, err
			}
			if !some {
				continue
			}
			h = sh
		}
		t.Entries = append(t.Entries, object.TreeEntry{Name: name, Mode: it.mode, Hash: h})
	}
	sort.Slice(t.Entries, func(i, j int) bool { return gitEntryCmp(t.Entries[i], t.Entries[j]) < 0 })
	obj := r.st.NewEncodedObject()
	if err := t.Encode(obj); err != nil {
		return plumbing.ZeroHash, false, err
	}
	h := obj.Hash()
	if !r.obj.has(h) {
		if _, err := r.st.SetEncodedObject(obj); err != nil {
			return plumbing.ZeroHash, false, err
		}
	}
	return h, len(t.Entries) > 0, nil
}
