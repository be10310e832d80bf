package memstore

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
)

// The ledger lists, per memory file, the bullets capture (the hook) wrote and still owns:
// one line per bullet, a hash of its exact text, in logs/.debug/captured/. A bullet a person
// or an agent edits no longer matches its hash, so it is theirs from then on; a file whose
// ledger is lost (a fresh clone, a deleted .debug) holds no bullet of capture's, and capture
// changes nothing in it. Only the hook's writes add to the ledger; every write keeps it to
// the bullets still there.

// ledgerDir is the ledger's folder inside the debug folder.
const ledgerDir = "captured"

// ErrProtected is returned when a change would rewrite or remove a bullet its writer may not
// touch (capture and a person's bullet).
var ErrProtected = errors.New("not capture's own bullet: left as it is")

// bulletHash is the ledger's key for a bullet's text.
func bulletHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return hex.EncodeToString(sum[:8])
}

// ledgerName is the debug-folder name of rel's ledger.
func (p *Project) ledgerName(rel string) string {
	r := strings.TrimPrefix(rel, p.RelDir+"/")
	return path.Join(ledgerDir, strings.ReplaceAll(r, "/", "__")+".txt")
}

// readLedger returns the hashes of the bullets capture owns in rel.
func (p *Project) readLedger(rel string) (map[string]bool, error) {
	return parseLedger(p.readStateUncounted(p.ledgerName(rel)))
}

// readLedger is Project.readLedger through the Tx's open folder.
func (tx *Tx) readLedger(rel string) (map[string]bool, error) {
	in, err := tx.f.check(path.Join(tx.p.DebugDir(), tx.p.ledgerName(rel)))
	if err != nil {
		return nil, err
	}
	return parseLedger(tx.f.readIn(in)) // not counted in FilesRead, as readStateUncounted
}

// parseLedger reads a ledger's lines; a missing ledger owns nothing.
func parseLedger(data []byte, err error) (map[string]bool, error) {
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]bool{}, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	for l := range strings.Lines(string(data)) {
		if h := strings.TrimSpace(l); h != "" {
			out[h] = true
		}
	}
	return out, nil
}

// Captured reports whether capture wrote the bullet text of rel and owns it still.
func (tx *Tx) Captured(rel, text string) bool {
	owned, err := tx.ledger(rel)
	return err == nil && owned[bulletHash(text)]
}

// ledger is rel's ledger, read once per Tx.
func (tx *Tx) ledger(rel string) (map[string]bool, error) {
	if l, ok := tx.ledgers[rel]; ok {
		return l, nil
	}
	l, err := tx.readLedger(rel)
	if err != nil {
		return nil, err
	}
	if tx.ledgers == nil {
		tx.ledgers = map[string]map[string]bool{}
	}
	tx.ledgers[rel] = l
	return l, nil
}

// capturing reports a Tx of the hook's, which owns what it writes.
func (tx *Tx) capturing() bool { return tx.change != nil && tx.change.Writer == "hook" }

// protect makes d refuse, for the hook, to rewrite or remove a bullet capture does not own
// (an agent's open item may still be ticked); what this Tx added is its own. orig is the
// file as it was read.
func (tx *Tx) protect(rel string, d *Doc, orig []byte) {
	if !tx.capturing() {
		return
	}
	var before map[string]bool
	d.guard = func(text string, tick bool) bool {
		if before == nil {
			before = map[string]bool{}
			for _, b := range ParseDoc(orig).AllBullets() {
				before[b.Bullet.Text] = true
			}
		}
		return !before[text] || tx.Captured(rel, text) || tick && ByAgent(text)
	}
}

// ledgerUpdates returns the ledgers of the files a Tx writes (written: the paths it writes and
// moves), kept to the bullets still there: what the hook added is its own, what anyone edited
// or removed is no longer. Each is a debug-folder path and its new lines; an unchanged ledger
// is left out. A ledger that cannot be read is left as it is: it only makes capture touch less.
func (tx *Tx) ledgerUpdates(written []string) [][2]string {
	var out [][2]string
	for _, rel := range written {
		td, ok := tx.docs[rel]
		if !ok {
			continue
		}
		old, err := tx.ledger(rel)
		if err != nil || len(old) == 0 && !tx.capturing() {
			continue
		}
		before := map[string]bool{}
		if td.exists {
			for _, b := range ParseDoc(td.orig).AllBullets() {
				before[b.Bullet.Text] = true
			}
		}
		var keep []string
		for _, b := range td.doc.AllBullets() {
			t := b.Bullet.Text
			h := bulletHash(t)
			if old[h] && before[t] || tx.capturing() && (old[h] || !before[t]) {
				keep = append(keep, h)
			}
		}
		slices.Sort(keep)
		keep = slices.Compact(keep)
		if len(keep) == len(old) && !slices.ContainsFunc(keep, func(h string) bool { return !old[h] }) {
			continue
		}
		out = append(out, [2]string{path.Join(tx.p.DebugDir(), tx.p.ledgerName(rel)), strings.Join(keep, "\n") + "\n"})
	}
	return out
}

// writeLedgers writes the ledgers of ledgerUpdates beside their place, unsynced (a crash may
// lose one), for the Tx to rename once its documents are written: a write that fails leaves
// the ledgers as they were.
func (f *folder) writeLedgers(ls [][2]string) []*tempFile {
	if len(ls) == 0 || f.makeDebugDir() != nil {
		return nil
	}
	var out []*tempFile
	for _, l := range ls {
		if t, err := f.writeTemp(l[0], []byte(l[1]), false); err == nil { // a ledger that cannot be written only makes capture touch less
			out = append(out, t)
		}
	}
	return out
}
