package memstore

import (
	"bytes"
	"carnet/secret"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/gofrs/flock"
)

// Lock takes the project's write lock (one per memory_sessions/, shared by every carnet
// process), waiting for it. The returned function releases it.
func (p *Project) Lock() (unlock func(), err error) {
	f, unlock, err := p.lockFolder()
	if err != nil {
		return nil, err
	}
	f.Close()
	return unlock, nil
}

// lockFolder is Lock, which opens the memory folder (made if missing) to make its debug
// folder and check the lock's path: it returns the folder still open, for a Tx to read and
// write through (the caller closes it).
func (p *Project) lockFolder() (*folder, func(), error) {
	f, err := p.openFolder(true)
	if err == nil {
		err = f.makeDebugDir()
		if err != nil {
			f.Close()
		}
	}
	if err != nil {
		return nil, nil, fmt.Errorf("cannot lock %s: %w", p.RelDir, unwrapPath(err))
	}
	lock := path.Join(p.DebugDir(), "write.lock")
	if _, err := f.check(lock); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("cannot lock %s: %w", p.RelDir, err)
	}
	l := flock.New(p.WS.Abs(lock))
	if err := l.Lock(); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("cannot lock %s: %w", p.RelDir, unwrapPath(err))
	}
	return f, func() { _ = l.Unlock() }, nil
}

// MakeDebugDir creates logs/.debug/ with a .gitignore of its own that ignores everything in
// it, so that its lock, logs and raw extractions stay out of git even in a memory folder
// that carnet init did not make (a folder named in carnet.toml, or one made by hand). It
// refuses a debug folder reached through a symbolic link.
func (p *Project) MakeDebugDir() error {
	f, err := p.openFolder(true)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.makeDebugDir()
}

// makeDebugDir is MakeDebugDir in a memory folder already open (made if missing).
func (f *folder) makeDebugDir() error {
	rel, err := f.check(f.p.DebugDir())
	if err != nil {
		return err
	}
	d, err := f.dirRoot(rel)
	if errors.Is(err, fs.ErrNotExist) {
		if err := f.MkdirAll(rel, 0o755); err != nil {
			return err
		}
		d, err = f.dirRoot(rel)
	}
	if err != nil {
		return err
	}
	if _, err := d.Lstat(".gitignore"); errors.Is(err, fs.ErrNotExist) {
		_ = d.WriteFile(".gitignore", []byte("# carnet: this folder stays on this machine\n*\n"), 0o644)
	}
	return nil
}

func unwrapPath(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// WriteFileAtomic writes data to path through a temporary file in the same folder, synced and
// renamed over the target, so a reader or a crash never sees a half-written file. The file
// keeps its permissions when it exists. It is for files outside memory folders (settings,
// carnet.toml, git's merge files): memory is written by Project.Write, which never writes
// through a symbolic link.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		mode = st.Mode().Perm()
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	return writeAtomic(root, filepath.Base(path), data, mode)
}

// Tx is one read-modify-write of a project's memory, under its lock. Documents are read once,
// edited in memory, and written when the function returns without error — only those whose
// bytes changed, each atomically. Every line a Tx adds passes the secret guard.
type Tx struct {
	p     *Project
	f     *folder // the memory folder, opened once under the lock
	now   time.Time
	docs  map[string]*txDoc
	order []string
	moves [][2]string

	change *Change // what Write will commit, named by Say

	ledgers map[string]map[string]bool // per file read, the hashes of capture's own bullets (ledger.go)

	logs []LogFile // the daily logs on disk, listed once (logFiles)

	// Refused lists the bullets the secret guard kept out.
	Refused []Refusal
	// Similar lists the bullets written though near one already there (see Similar).
	Similar []Item
}

type txDoc struct {
	doc    *Doc
	orig   []byte
	exists bool
	put    bool // replaced whole: written even when it has no section
}

// Refusal is a bullet that was not written, and why.
type Refusal struct {
	Key    string
	Text   string
	Reason string
}

// SecretError is returned when a write would put a secret in memory.
type SecretError struct {
	Path   string
	Line   string
	Reason string
}

func (e *SecretError) Error() string {
	return fmt.Sprintf("refused to write %s: %s", e.Path, e.Reason)
}

// Project is the project the Tx writes to.
func (tx *Tx) Project() *Project { return tx.p }

// Now is the time the Tx was started with ("today" for its logs).
func (tx *Tx) Now() time.Time { return tx.now }

// Doc returns the document at rel (workspace-relative, inside the project's memory folder),
// read once per Tx. A missing file gives an empty document, written only if something is
// added to it.
func (tx *Tx) Doc(rel string) (*Doc, error) {
	if err := checkRel(rel); err != nil {
		return nil, err
	}
	if td, ok := tx.docs[rel]; ok {
		return td.doc, nil
	}
	data, err := tx.readFile(rel)
	td := &txDoc{}
	var le *LinkError
	switch {
	case err == nil:
		td.exists, td.orig = true, data
		td.doc = ParseDoc(data)
	case errors.Is(err, fs.ErrNotExist):
		td.doc = ParseDoc(nil)
	case errors.As(err, &le):
		return nil, err
	default:
		return nil, fmt.Errorf("cannot read %s: %w", rel, unwrapPath(err))
	}
	tx.protect(rel, td.doc, td.orig)
	tx.docs[rel] = td
	tx.order = append(tx.order, rel)
	return td.doc, nil
}

// readFile reads rel (workspace-relative, in the memory folder) through the Tx's folder.
func (tx *Tx) readFile(rel string) ([]byte, error) {
	if _, err := tx.p.inFolder(rel); err != nil {
		return nil, err
	}
	return tx.f.readFile(rel)
}

// Log returns the daily log of date, starting it with its title when it does not exist.
func (tx *Tx) Log(date string) (*Doc, error) {
	d, err := tx.Doc(tx.p.LogPath(date))
	if err != nil {
		return nil, err
	}
	if len(d.lines) == 0 {
		title := "# Log session — " + date
		if tx.p.WS.Config.Language == "en" {
			title = "# Session log — " + date
		}
		d.insert(0, title)
	}
	return d, nil
}

// LongMemory returns long_memory.md, starting it with its title when it does not exist.
func (tx *Tx) LongMemory() (*Doc, error) {
	d, err := tx.Doc(tx.p.LongMemoryPath())
	if err != nil {
		return nil, err
	}
	if len(d.lines) == 0 {
		title := "# Mémoire long terme — " + tx.p.Name
		if tx.p.WS.Config.Language == "en" {
			title = "# Long-term memory — " + tx.p.Name
		}
		d.insert(0, title)
	}
	return d, nil
}

// Put replaces the whole content of rel (workspace-relative; a person's or an agent's
// rewrite). The content passes the same guard as every other write when the Tx commits.
func (tx *Tx) Put(rel string, data []byte) error {
	d, err := tx.Doc(rel)
	if err != nil {
		return err
	}
	*d = *ParseDoc(data)
	tx.docs[rel].put = true
	return nil
}

// Read returns the bytes of rel (workspace-relative) as the Tx first read them, and whether
// the file existed.
func (tx *Tx) Read(rel string) (data []byte, exists bool, err error) {
	if _, err := tx.Doc(rel); err != nil {
		return nil, false, err
	}
	td := tx.docs[rel]
	return td.orig, td.exists, nil
}

// Paths lists the files the Tx has read (Doc, Log, LongMemory, Put, Read), in that order,
// workspace-relative.
func (tx *Tx) Paths() []string { return slices.Clone(tx.order) }

// Move renames a file inside the project's memory folder (both paths workspace-relative)
// when the Tx commits, after its documents are written.
func (tx *Tx) Move(from, to string) error {
	for _, rel := range []string{from, to} {
		if _, err := tx.p.inFolder(rel); err != nil {
			return err
		}
	}
	tx.moves = append(tx.moves, [2]string{from, to})
	return nil
}

// MaxBulletChars is the longest bullet carnet writes: CleanBullet cuts a longer text, so the
// commands that take a person's or an agent's text refuse it instead.
const MaxBulletChars = 1000

// CleanBullet turns extractor or user text into one bullet line: trimmed, one line, no list
// marker, no control characters, the workspace root and home folder stripped from paths.
// It returns "" for nothing.
func (tx *Tx) CleanBullet(text string) string { return cleanBullet(tx.p.WS.Root, text) }

func cleanBullet(root, text string) string {
	text = cleanLine(root, text)
	if r := []rune(text); len(r) > MaxBulletChars {
		text = string(r[:MaxBulletChars-1]) + "…"
	}
	return text
}

// CleanLine is CleanBullet without its length limit: a person's edit of a bullet already
// there is never cut (MaxBulletChars bounds what one call adds, not what a file holds).
func (tx *Tx) CleanLine(text string) string { return cleanLine(tx.p.WS.Root, text) }

func cleanLine(root, text string) string {
	// control characters (NUL, ESC, DEL, C1) are dropped; whitespace ones become spaces below
	text = strings.Join(strings.FieldsFunc(text, func(r rune) bool { return unicode.IsControl(r) && !unicode.IsSpace(r) }), "")
	text = strings.TrimSpace(text)
	for _, m := range []string{"- ", "* ", "+ "} {
		text = strings.TrimPrefix(text, m)
	}
	text = strings.Join(strings.Fields(text), " ")
	if root != "" && root != "/" {
		text = strings.ReplaceAll(text, root+"/", "")
		text = strings.ReplaceAll(text, root, ".")
	}
	if home, err := os.UserHomeDir(); err == nil && len(home) > 1 {
		text = strings.ReplaceAll(text, home+"/", "~/")
	}
	return strings.TrimSpace(text)
}

// guard checks one bullet before it is added; a secret is recorded as refused.
func (tx *Tx) guard(key, text string) bool {
	if reason := secret.Detect(text); reason != "" {
		tx.Refused = append(tx.Refused, Refusal{Key: key, Text: redact(text), Reason: reason})
		return false
	}
	return true
}

// redact shortens a refused text so that the secret itself is not echoed back in full.
func redact(s string) string {
	r := []rune(s)
	if len(r) > 24 {
		return string(r[:12]) + "…"
	}
	if len(r) > 8 {
		return string(r[:4]) + "…"
	}
	return "…"
}

// commit writes every changed document, checking each added line against the secret guard.
func (tx *Tx) commit() ([]string, error) {
	type write struct {
		path string
		data []byte
	}
	var writes []write
	for _, rel := range tx.order {
		td := tx.docs[rel]
		data := td.doc.Bytes()
		if bytes.Equal(data, td.orig) || (!td.exists && !td.put && len(td.doc.Sections()) == 0) {
			continue
		}
		if err := tx.checkAdded(rel, td); err != nil {
			return nil, err
		}
		writes = append(writes, write{rel, data})
	}
	if len(writes) == 0 && len(tx.moves) == 0 {
		return nil, nil
	}
	f := tx.f
	// Every path is checked before anything is written, so that a link refuses the whole Tx.
	for _, w := range writes {
		if _, err := f.check(w.path); err != nil {
			return nil, err
		}
	}
	for _, m := range tx.moves {
		for _, rel := range m {
			if _, err := f.check(rel); err != nil {
				return nil, err
			}
		}
	}
	// The ledgers' new files are made while the documents are written and synced (a new
	// file costs the file system more than writing it); they take their place only once the
	// documents are in theirs. Until then this goroutine alone reads the Tx's documents.
	all := make([]string, 0, len(writes)+2*len(tx.moves))
	for _, w := range writes {
		all = append(all, w.path)
	}
	for _, m := range tx.moves {
		all = append(all, m[0], m[1])
	}
	ledgers := make(chan []*tempFile, 1)
	go func() { ledgers <- f.writeLedgers(tx.ledgerUpdates(all)) }()
	fail := func(err error) error {
		for _, t := range <-ledgers {
			t.drop()
		}
		return err
	}
	var changed []string
	for _, w := range writes {
		if err := f.writeFile(w.path, w.data); err != nil {
			return changed, fail(fmt.Errorf("cannot write %s: %w", w.path, unwrapPath(err)))
		}
		changed = append(changed, w.path)
	}
	for _, m := range tx.moves {
		if err := f.rename(m[0], m[1]); err != nil {
			return changed, fail(fmt.Errorf("cannot move %s: %w", m[0], unwrapPath(err)))
		}
		changed = append(changed, m[0], m[1])
	}
	for _, t := range <-ledgers {
		_ = t.place(false)
	}
	sort.Strings(changed)
	return changed, nil
}

// checkAdded runs the secret guard over the lines a document gained, the lines of its public
// key and certificate blocks aside.
func (tx *Tx) checkAdded(rel string, td *txDoc) error {
	had := map[string]int{}
	if td.exists {
		for _, l := range ParseDoc(td.orig).lines {
			had[l.text]++
		}
	}
	texts := make([]string, len(td.doc.lines))
	for i, l := range td.doc.lines {
		texts[i] = l.text
	}
	public := secret.PublicLines(texts) // a certificate's lines, which alone look like a key's
	for i, l := range td.doc.lines {
		if had[l.text] > 0 {
			had[l.text]--
			continue
		}
		if public != nil && public[i] {
			continue
		}
		if reason := secret.Detect(l.text); reason != "" {
			return &SecretError{Path: rel, Line: redact(l.text), Reason: reason}
		}
	}
	return nil
}
