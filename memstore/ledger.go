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

// updateLedgers keeps the ledgers of the files a Tx wrote to the bullets still there: what
// the hook added is its own, what anyone edited or removed is no longer.
func (tx *Tx) updateLedgers(f *folder, written []string) error {
	var errs []error
	madeDir := false
	for _, rel := range written {
		td, ok := tx.docs[rel]
		if !ok {
			continue
		}
		old, err := tx.ledger(rel)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if len(old) == 0 && !tx.capturing() {
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
		if !madeDir {
			if err := f.makeDebugDir(); err != nil {
				return err
			}
			madeDir = true
		}
		if err := f.writeFileSync(path.Join(tx.p.DebugDir(), tx.p.ledgerName(rel)), []byte(strings.Join(keep, "\n")+"\n"), false); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...) // a file moved away (an archived log) keeps no owner: capture never writes archives
}
