package memstore

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// A memory folder comes with the repository it lives in, and a cloned repository can ship
// memory_sessions/long_memory.md as a link to ~/.aws/credentials. So every file carnet reads
// or writes in a memory folder is resolved here, once: the folder is opened as an os.Root,
// which keeps every access inside it, and no symbolic link is followed on the way — not the
// memory folder itself (nor a folder between the workspace root and it), not a folder in
// it, not the file. A link that stays inside is refused too: the rule is simpler to trust.
// Readers get a *LinkError, listings leave links out (noted once in the debug log), writers
// never write through a link nor replace one with a file.

// LinkError is a path of a memory folder that is a symbolic link: carnet neither reads nor
// writes through it.
type LinkError struct {
	Path string // the link, workspace-relative and slash-separated
}

func (e *LinkError) Error() string {
	return "refused: " + e.Path + " is a symbolic link (carnet never follows links in a memory folder)"
}

// folder is a project's memory folder opened as an os.Root.
type folder struct {
	*os.Root
	p *Project

	mu   sync.Mutex
	dirs map[string]*os.Root // folders in it already opened, no link on the way (dirRoot)
}

// Close closes the folder and the folders opened in it.
func (f *folder) Close() error {
	f.mu.Lock()
	for _, d := range f.dirs {
		d.Close()
	}
	f.dirs = nil
	f.mu.Unlock()
	return f.Root.Close()
}

// dirRoot returns dir (folder-relative, in the system's form; "." is the folder) opened as an
// os.Root, refused with a *LinkError when it or a folder above it is a symbolic link; an
// fs.ErrNotExist error when it is missing. Each folder is opened once (kept until Close):
// a path of three parts then costs one system call instead of an opening per part, on every
// check and every access of a write.
func (f *folder) dirRoot(dir string) (*os.Root, error) {
	if dir == "." || dir == "" {
		return f.Root, nil
	}
	f.mu.Lock()
	d, ok := f.dirs[dir]
	f.mu.Unlock()
	if ok {
		return d, nil
	}
	parent, err := f.dirRoot(filepath.Dir(dir))
	if err != nil {
		return nil, err
	}
	name := filepath.Base(dir)
	fi, err := parent.Lstat(name)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &LinkError{Path: path.Join(f.p.RelDir, filepath.ToSlash(dir))}
	}
	if d, err = parent.OpenRoot(name); err != nil {
		return nil, err
	}
	if st, err := d.Stat("."); err != nil || !os.SameFile(fi, st) { // swapped for a link meanwhile
		d.Close()
		return nil, &LinkError{Path: path.Join(f.p.RelDir, filepath.ToSlash(dir))}
	}
	f.mu.Lock()
	if f.dirs == nil {
		f.dirs = map[string]*os.Root{}
	}
	if had, ok := f.dirs[dir]; ok {
		d.Close()
		d = had
	} else {
		f.dirs[dir] = d
	}
	f.mu.Unlock()
	return d, nil
}

// noLinksIn refuses in (folder-relative, system form) when it, or a folder above it in the
// folder, is a symbolic link; a missing part ends the check (noLinks through dirRoot).
func (f *folder) noLinksIn(in string) error {
	_, err := f.lstatIn(in)
	return err
}

// lstatIn is noLinksIn, which returns what it found at in: nil when in is missing.
func (f *folder) lstatIn(in string) (fs.FileInfo, error) {
	if in == "." || in == "" {
		return nil, nil
	}
	d, err := f.dirRoot(filepath.Dir(in))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	fi, err := d.Lstat(filepath.Base(in))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &LinkError{Path: path.Join(f.p.RelDir, filepath.ToSlash(in))}
	}
	return fi, nil
}

// openFolder opens the project's memory folder, refused when it, or a folder between the
// workspace root and it, is a symbolic link. create makes it when it is missing (a writer's
// first write); otherwise a missing folder is an fs.ErrNotExist error.
func (p *Project) openFolder(create bool) (*folder, error) {
	ws, err := os.OpenRoot(p.WS.Root)
	if err != nil {
		return nil, err
	}
	defer ws.Close()
	rel := filepath.FromSlash(p.RelDir)
	if err := noLinks(ws, rel, ""); err != nil {
		return nil, err
	}
	r, err := ws.OpenRoot(rel)
	if create && errors.Is(err, fs.ErrNotExist) { // made on a writer's first write only
		if err := ws.MkdirAll(rel, 0o755); err != nil {
			return nil, err
		}
		r, err = ws.OpenRoot(rel)
	}
	if err != nil {
		return nil, err
	}
	return &folder{Root: r, p: p}, nil
}

// check returns rel (workspace-relative) relative to the memory folder, in the system's
// form, refusing a path that is not workspace-relative, one outside the folder and one that
// is a symbolic link or lies under one. A missing part ends the check: what does not exist
// yet is for a writer to create.
func (f *folder) check(rel string) (string, error) {
	in, err := f.p.inFolder(rel)
	if err != nil {
		return "", err
	}
	in = filepath.FromSlash(in)
	return in, f.noLinksIn(in)
}

// checkRel refuses a path that is not workspace-relative and slash-separated: absolute, with
// a ".." or a backslash, empty. Every path a memstore API takes passes it, so that a caller
// still giving an absolute path fails loudly instead of writing somewhere else.
func checkRel(rel string) error {
	if !fs.ValidPath(rel) || strings.Contains(rel, `\`) {
		return fmt.Errorf("memstore: path %q is not workspace-relative", rel)
	}
	return nil
}

// inFolder returns rel (workspace-relative) relative to the project's memory folder ("."
// for the folder itself), refusing a path that is not workspace-relative or not in it.
func (p *Project) inFolder(rel string) (string, error) {
	if err := checkRel(rel); err != nil {
		return "", err
	}
	in, ok := cutDir(p.RelDir, rel)
	if !ok {
		return "", fmt.Errorf("refused: %s is not in the memory folder %s", rel, p.RelDir)
	}
	return in, nil
}

// cutDir returns rel relative to dir (both workspace-relative), and whether it is inside.
func cutDir(dir, rel string) (string, bool) {
	switch {
	case dir == ".":
		return rel, true
	case rel == dir:
		return ".", true
	}
	return strings.CutPrefix(rel, dir+"/")
}

// noLinks walks rel (relative to root) down from its first part, refusing a symbolic link;
// prefix is root's own workspace-relative path, to name the link.
func noLinks(root *os.Root, rel, prefix string) error {
	cur := ""
	for part := range strings.SplitSeq(rel, string(filepath.Separator)) {
		if part == "." || part == "" {
			continue
		}
		cur = filepath.Join(cur, part)
		fi, err := root.Lstat(cur)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if err != nil {
			return err
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			return &LinkError{Path: path.Join(prefix, filepath.ToSlash(cur))}
		}
	}
	return nil
}

// filesRead counts the memory files this process has opened to read (see FilesRead).
var filesRead atomic.Int64

// FilesRead is how many memory files this process has opened to read so far: what a UI
// refresh costs, measured by its tests.
func FilesRead() int64 { return filesRead.Load() }

// readFile reads rel (workspace-relative, in the folder).
func (f *folder) readFile(rel string) ([]byte, error) {
	in, err := f.check(rel)
	if err != nil {
		return nil, err
	}
	filesRead.Add(1)
	return f.readIn(in)
}

// readIn reads in (folder-relative, system form, checked) through its folder's dirRoot.
func (f *folder) readIn(in string) ([]byte, error) {
	d, err := f.dirRoot(filepath.Dir(in))
	if err != nil {
		return nil, err
	}
	return d.ReadFile(filepath.Base(in))
}

// openDir opens dir (workspace-relative, a folder of the memory folder) as an os.Root,
// refused when it is a symbolic link or under one.
func (f *folder) openDir(dir string) (*os.Root, error) {
	rel, err := f.check(dir)
	if err != nil {
		return nil, err
	}
	return f.OpenRoot(rel)
}

// listedDir is a folder of the memory opened once, refused when it is a symbolic link or
// under one, to read many of the files its listing gave (readListed).
type listedDir struct {
	root *os.Root
	file *os.File // the folder itself
	fd   int      // file's descriptor, for openat (Linux)
}

func (f *folder) openListed(dir string) (*listedDir, error) {
	root, err := f.openDir(dir)
	if err != nil {
		return nil, err
	}
	file, err := root.Open(".")
	if err != nil {
		root.Close()
		return nil, err
	}
	return &listedDir{root: root, file: file, fd: int(file.Fd())}, nil
}

func (d *listedDir) Close() {
	d.file.Close()
	d.root.Close()
}

// readAll reads with read until io.EOF into buf's storage (reused, grown as needed).
func readAll(read func([]byte) (int, error), buf []byte) ([]byte, error) {
	buf = buf[:0]
	if cap(buf) == 0 {
		buf = make([]byte, 0, 32<<10)
	}
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, len(buf))
		}
		n, err := read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+max(n, 0)]
		if errors.Is(err, io.EOF) {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// ReadFile reads a file of the project's memory (rel workspace-relative, in its memory
// folder). It fails with a *LinkError when the file, its memory folder or a folder between
// them is a symbolic link, and with an fs.ErrNotExist error when the file is missing.
func (p *Project) ReadFile(rel string) ([]byte, error) {
	if _, err := p.inFolder(rel); err != nil {
		return nil, err
	}
	f, err := p.openFolder(false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.readFile(rel)
}

// Exists reports whether anything (a file, a folder, a link: not followed) is at rel
// (workspace-relative, in the memory folder).
func (p *Project) Exists(rel string) (bool, error) {
	in, err := p.inFolder(rel)
	if err != nil {
		return false, err
	}
	f, err := p.openFolder(false)
	if err == nil {
		defer f.Close()
		_, err = f.Lstat(filepath.FromSlash(in))
	}
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// ReadFile reads a file of one of the workspace's memory folders (rel workspace-relative),
// through the project whose memory folder holds it (see Project.ReadFile). A path in no
// memory folder is refused.
func (w *Workspace) ReadFile(rel string) ([]byte, error) {
	if err := checkRel(rel); err != nil {
		return nil, err
	}
	var in *Project
	for _, p := range w.Projects {
		if _, ok := cutDir(p.RelDir, rel); ok && (in == nil || len(p.RelDir) > len(in.RelDir) || in.RelDir == ".") {
			in = p
		}
	}
	if in == nil {
		return nil, fmt.Errorf("refused: %s is not in a memory folder", rel)
	}
	return in.ReadFile(rel)
}

// readDir lists a folder of the memory (dir workspace-relative, in the memory folder),
// sorted by name, leaving out symbolic links. A missing folder lists nothing; so does a folder that is
// a link or lies under one. What is left out is noted once in the debug log.
func (p *Project) readDir(dir string) ([]fs.DirEntry, error) { return p.readDirAs(dir, true) }

// readDirAs is readDir; without info, the entries' Info may cost a system call each
// (only names and types are read: no lstat per entry where the system says the types).
func (p *Project) readDirAs(dir string, info bool) ([]fs.DirEntry, error) {
	ents, err := p.readDirIn(dir, info)
	if err != nil && p.listingErr(err) == nil {
		return nil, nil
	}
	return ents, err
}

// listingErr is what a listing returns for err: nothing for a folder that is missing or a
// symbolic link (noted once in the debug log), err itself otherwise.
func (p *Project) listingErr(err error) error {
	var le *LinkError
	switch {
	case errors.As(err, &le):
		p.noteLink(le.Path)
		return nil
	case errors.Is(err, fs.ErrNotExist):
		return nil
	}
	return err
}

func (p *Project) readDirIn(dir string, info bool) ([]fs.DirEntry, error) {
	f, err := p.openFolder(false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.listNoLinks(dir, info)
}

// listNoLinks is list with the links left out (noted once in the debug log).
func (f *folder) listNoLinks(dir string, info bool) ([]fs.DirEntry, error) {
	ents, err := f.list(dir, info)
	return f.dropLinks(dir, ents), err
}

// dropLinks removes the symbolic links from ents, dir's entries, noting each once.
func (f *folder) dropLinks(dir string, ents []fs.DirEntry) []fs.DirEntry {
	return slices.DeleteFunc(ents, func(e fs.DirEntry) bool {
		if e.Type()&fs.ModeSymlink == 0 {
			return false
		}
		f.p.noteLink(path.Join(dir, e.Name()))
		return true
	})
}

// list lists dir (workspace-relative, in the folder) sorted by name, refused when it is a
// symbolic link or under one; with info, each entry's Info is read now (an lstat each).
func (f *folder) list(dir string, info bool) ([]fs.DirEntry, error) {
	if info {
		in, err := f.check(dir)
		if err != nil {
			return nil, err
		}
		return fs.ReadDir(f.FS(), filepath.ToSlash(in))
	}
	ents, err := f.listUnsorted(dir)
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return ents, err
}

// listUnsorted is list without info, in the order the system gives.
func (f *folder) listUnsorted(dir string) ([]fs.DirEntry, error) {
	d, err := f.openListed(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return listTyped(d)
}

// notedLinks holds the links already noted in a debug log by this process, so that a
// long-lived server notes each one once.
var notedLinks sync.Map

// noteLink says once, in the project's hook log, that a link was left out.
func (p *Project) noteLink(rel string) {
	if _, dup := notedLinks.LoadOrStore(p.WS.Root+"\x00"+rel, true); dup {
		return
	}
	line := time.Now().UTC().Format(time.RFC3339) + " memstore session=- " + rel +
		" is a symbolic link: left out (carnet never follows links in a memory folder)\n"
	_ = p.AppendDebug(HookLogFile, []byte(line), HookLogMax)
}

// Debug files of a project's logs/.debug/ (gitignored).
const (
	HookLogFile = "hook.log" // the hook's log, where carnet notes what it skipped
	HookLogMax  = 256 << 10  // past this size hook.log is rotated to hook.log.1
)

// AppendDebug appends one line to the file name of the project's debug folder, rotating it
// to name.1 once it passes max bytes (max <= 0: never), so that debug logs never grow
// without bound. It
// never writes through a symbolic link. Appends of one short line are atomic between
// processes (O_APPEND).
func (p *Project) AppendDebug(name string, line []byte, max int64) error {
	f, err := p.openFolder(true)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.makeDebugDir(); err != nil {
		return err
	}
	rel, err := f.check(path.Join(p.DebugDir(), name))
	if err != nil {
		return err
	}
	if st, err := f.Lstat(rel); err == nil && max > 0 && st.Size() > max {
		_ = f.Rename(rel, rel+".1")
	}
	w, err := f.OpenFile(rel, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	if _, err := w.Write(line); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// writeFile writes data to rel (workspace-relative, in the folder) atomically, making its
// folders. It refuses a path that is a symbolic link or lies under one: the rename would
// replace the link with a file. Callers hold the project's lock, so the check holds until
// the rename.
func (f *folder) writeFile(rel string, data []byte) error { return f.writeFileSync(rel, data, true) }

// writeFileSync is writeFile, syncing to disk only when sync is set (see writeAtomicSync).
func (f *folder) writeFileSync(rel string, data []byte, sync bool) error {
	t, err := f.writeTemp(rel, data, sync)
	if err != nil {
		return err
	}
	return t.place(sync)
}

// tempFile is a file written beside its target (writeTemp), to be renamed over it (place) or
// removed (drop).
type tempFile struct {
	root      *os.Root
	tmp, name string
}

// writeTemp is the first half of writeFileSync: rel checked, its folders made, data written
// to a temporary file beside it with rel's permissions (synced when sync is set).
func (f *folder) writeTemp(rel string, data []byte, sync bool) (*tempFile, error) {
	in, err := f.p.inFolder(rel)
	if err != nil {
		return nil, err
	}
	in = filepath.FromSlash(in)
	st, err := f.lstatIn(in)
	if err != nil {
		return nil, err
	}
	d, err := f.dirRoot(filepath.Dir(in))
	if errors.Is(err, fs.ErrNotExist) {
		if err := f.MkdirAll(filepath.Dir(in), 0o755); err != nil {
			return nil, err
		}
		d, err = f.dirRoot(filepath.Dir(in))
	}
	if err != nil {
		return nil, err
	}
	name := filepath.Base(in)
	mode := fs.FileMode(0o644)
	if st != nil {
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("%s is not a regular file", rel)
		}
		mode = st.Mode().Perm()
	}
	tmp, err := writeTemp(d, name, data, mode, sync)
	if err != nil {
		return nil, err
	}
	return &tempFile{root: d, tmp: tmp, name: name}, nil
}

// place renames the temporary file over its target, then syncs their folder when sync is set.
func (t *tempFile) place(sync bool) error {
	return placeTemp(t.root, t.tmp, t.name, sync)
}

// drop removes the temporary file.
func (t *tempFile) drop() { _ = t.root.Remove(t.tmp) }

// rename moves from to to (both workspace-relative, in the folder), refusing links on
// either side.
func (f *folder) rename(from, to string) error {
	src, err := f.check(from)
	if err != nil {
		return err
	}
	dst, err := f.check(to)
	if err != nil {
		return err
	}
	if err := f.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return f.Rename(src, dst)
}

// writeAtomic writes data to rel under root through a temporary file in the same folder
// (which must exist), synced and renamed over the target, so that a reader or a crash never
// sees a half-written file.
func writeAtomic(root *os.Root, rel string, data []byte, mode fs.FileMode) error {
	return writeAtomicSync(root, rel, data, mode, true)
}

// writeAtomicSync is writeAtomic, syncing the file to disk before the rename, and its folder
// after it, only when sync is set: bookkeeping a crash may lose (the debug folder's state)
// need not wait for the disk. Unsynced, the rename still leaves the old file or the new one,
// never a mix, to a reader; a crash may bring back the old one or lose a new one.
func writeAtomicSync(root *os.Root, rel string, data []byte, mode fs.FileMode, sync bool) error {
	tmp, err := writeTemp(root, rel, data, mode, sync)
	if err != nil {
		return err
	}
	return placeTemp(root, tmp, rel, sync)
}

// writeTemp writes data to a new temporary file beside rel under root, with mode, synced to
// disk when sync is set, and returns its name; on an error it leaves nothing behind.
func writeTemp(root *os.Root, rel string, data []byte, mode fs.FileMode, sync bool) (string, error) {
	tmp := filepath.Join(filepath.Dir(rel), "."+filepath.Base(rel)+".tmp-"+rand.Text()[:12])
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Chmod(mode)
	}
	if err == nil && sync {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		_ = root.Remove(tmp)
		return "", err
	}
	return tmp, nil
}

// placeTemp renames tmp (writeTemp's) over rel, then syncs their folder when sync is set, so
// that the new name survives a crash too.
func placeTemp(root *os.Root, tmp, rel string, sync bool) error {
	if err := root.Rename(tmp, rel); err != nil {
		_ = root.Remove(tmp)
		return err
	}
	if !sync {
		return nil
	}
	if d, err := root.Open(filepath.Dir(rel)); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// ReadState reads the file name (slash-separated, e.g. "gate/<session>.json") of the
// project's debug folder: state the hook keeps between calls on this machine. It never reads
// through a symbolic link; a missing file is an fs.ErrNotExist error.
func (p *Project) ReadState(name string) ([]byte, error) {
	return p.ReadFile(path.Join(p.DebugDir(), name))
}

// readStateUncounted is ReadState for bookkeeping every write does (the ledger), which
// FilesRead leaves out so that it keeps measuring what a screen reads.
func (p *Project) readStateUncounted(name string) ([]byte, error) {
	rel := path.Join(p.DebugDir(), name)
	if _, err := p.inFolder(rel); err != nil {
		return nil, err
	}
	f, err := p.openFolder(false)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	in, err := f.check(rel)
	if err != nil {
		return nil, err
	}
	return f.ReadFile(in)
}

// WriteState writes data atomically to the file name of the project's debug folder (made,
// with its .gitignore, when missing). It never writes through a symbolic link: a link
// planted in the debug folder, or on the way to it, is refused, not followed.
func (p *Project) WriteState(name string, data []byte) error { return p.writeState(name, data, true) }

// WriteStateLoose is WriteState without waiting for the disk: for state a crash may lose
// with no harm (a session's links between turns, capture's ledger), written every turn.
func (p *Project) WriteStateLoose(name string, data []byte) error {
	return p.writeState(name, data, false)
}

func (p *Project) writeState(name string, data []byte, sync bool) error {
	f, err := p.openFolder(true)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.makeDebugDir(); err != nil {
		return err
	}
	return f.writeFileSync(path.Join(p.DebugDir(), name), data, sync)
}

// PruneState removes the files of the debug folder's dir (e.g. "gate") last written before
// before: the per-session state of sessions long over. It goes through no symbolic link and
// removes none; a missing folder is no error. It returns how many files it removed.
func (p *Project) PruneState(dir string, before time.Time) (int, error) {
	f, err := p.openFolder(false)
	if err != nil {
		return 0, ignoreMissing(err)
	}
	defer f.Close()
	root, err := f.openDir(path.Join(p.DebugDir(), dir))
	if err != nil {
		return 0, ignoreMissing(err)
	}
	defer root.Close()
	ents, err := fs.ReadDir(root.FS(), ".")
	if err != nil {
		return 0, err
	}
	n := 0
	for _, e := range ents {
		fi, err := e.Info()
		if err != nil || !fi.Mode().IsRegular() || !fi.ModTime().Before(before) {
			continue
		}
		if root.Remove(e.Name()) == nil {
			n++
		}
	}
	return n, nil
}

// ignoreMissing is err, or nil when it says a file is missing.
func ignoreMissing(err error) error {
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
