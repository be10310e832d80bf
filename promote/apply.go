package promote

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"carnet/memstore"
)

// Result says what Apply did.
type Result struct {
	// Paths are the files written, moved from or moved to, relative to the workspace root.
	Paths []string
	// Message is the commit's subject line (also when no commit was made).
	Message string
	// Commit is the hash of the commit made; "" when none was.
	Commit string
	// Skipped says why no commit was made ("not a git repository", "detached HEAD",
	// "merge in progress", "nothing accepted", …); "" when one was.
	Skipped string
	// Kept are the logs (relative to the workspace root) whose accepted archive move was not
	// made because the carry of their open items was rejected: they stay where their open
	// items are listed.
	Kept []string
}

// StaleError refuses to apply a plan whose files changed after it was computed.
type StaleError struct {
	Path string // relative to the workspace root
	Why  string // "changed", "is gone", "already exists"
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("%s %s since the plan was computed: nothing written; compute a new plan", e.Path, e.Why)
}

// ErrNothingAccepted is returned by Apply when every change of the plan is rejected.
var ErrNothingAccepted = errors.New("nothing accepted: nothing written")

// Apply writes the accepted changes of plan (its accepted hunks only) under the project's
// lock — each file atomically, moves as renames — and commits exactly those paths in one
// commit, whatever else the user has staged. It refuses, writing nothing, a plan that was
// refused, one whose accepted hunks would drop too many facts (unless the plan was forced),
// and one whose files changed since it was computed.
func Apply(p *memstore.Project, plan *Plan, now time.Time) (Result, error) {
	if plan.Refused != nil {
		return Result{}, plan.Refused
	}
	if plan.where != "" && plan.where != projectKey(p) {
		return Result{}, fmt.Errorf("this plan is for project %s, not %s", plan.Project, p.Name)
	}
	var sel []*Change
	var kept []string
	uncarried := plan.uncarried()
	for _, c := range plan.Changes {
		switch {
		case !c.Selected():
		case c.Kind == Move && uncarried[strings.TrimSuffix(filepath.Base(c.From), ".md")]:
			kept = append(kept, c.From)
		default:
			sel = append(sel, c)
		}
	}
	if len(sel) == 0 {
		return Result{Skipped: "nothing accepted"}, ErrNothingAccepted
	}
	if c := plan.longMem; c != nil && c.Selected() {
		before := len(memstore.ParseDoc(c.base).AllBullets())
		if err := guard(lostFacts(c.base, c.Content()), before, plan.Options.Force); err != nil {
			return Result{}, err
		}
	}
	what, writer := plan.message(sel), "promote"
	if plan.imp != nil {
		what, writer = plan.imp.message(plan, sel), "import"
	}
	change := memstore.Change{Writer: writer, What: what, Commit: memstore.CommitAlways, Now: now}

	written, err := p.Write(change, func(tx *memstore.Tx) error {
		for _, c := range sel {
			if err := stale(p, c); err != nil {
				return err
			}
		}
		for _, c := range sel {
			if c.Kind == Move {
				if err := tx.Move(c.From, c.Path); err != nil {
					return err
				}
				continue
			}
			if err := tx.Put(c.Path, c.Content()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Result{}, err
	}

	subject, _, _ := strings.Cut(memstore.CommitMessage(p.Name, change), "\n")
	res := Result{Message: subject, Paths: written.Changed, Kept: kept}
	res.Commit, res.Skipped = written.Commit.Hash, written.Commit.Skipped
	if written.CommitErr != nil {
		return res, fmt.Errorf("files written, but the commit failed: %w", written.CommitErr)
	}
	return res, nil
}

// uncarried names (by date) the logs to archive whose open items the accepted changes would
// not carry into today's log: archived, those items would be listed nowhere.
func (pl *Plan) uncarried() map[string]bool {
	out := map[string]bool{}
	if len(pl.Carried) == 0 || pl.today == nil {
		return out
	}
	has := saidSet(pl.today.base)
	if pl.today.Selected() {
		has = saidSet(pl.today.Content())
	}
	for _, it := range pl.Carried {
		if !has[memstore.Normalize(it.Text)] {
			out[it.Date] = true
		}
	}
	return out
}

// message says what the selected changes do, for the commit subject: "promote: archived 12
// logs, carried 3 open items, added 5 facts, long memory 341 → 287 lines".
func (pl *Plan) message(sel []*Change) string {
	var parts []string
	moves := 0
	for _, c := range sel {
		if c.Kind == Move {
			moves++
		}
	}
	if moves > 0 {
		parts = append(parts, "archived "+memstore.Plural(moves, "log"))
	}
	if c := pl.today; c != nil && c.Selected() {
		if n := countAdded(c, pl.Carried); n > 0 {
			parts = append(parts, "carried "+memstore.Plural(n, "open item"))
		}
	}
	if c := pl.longMem; c != nil && c.Selected() {
		if n := countAdded(c, pl.Facts); n > 0 {
			parts = append(parts, "added "+memstore.Plural(n, "fact"))
		}
		parts = append(parts, fmt.Sprintf("long memory %d → %d lines", memstore.CountLines(c.base), memstore.CountLines(c.Content())))
	}
	if len(parts) == 0 {
		parts = append(parts, "no change")
	}
	return "promote: " + strings.Join(parts, ", ")
}

// countAdded counts the items the change's result says (as a bullet, or as part of a joined
// one) and its base did not.
func countAdded(c *Change, items []Item) int {
	had := saidSet(c.base)
	has := saidSet(c.Content())
	n := 0
	for _, it := range items {
		k := memstore.Normalize(it.Text)
		if has[k] && !had[k] {
			n++
		}
	}
	return n
}

// saidSet holds the normalised text of every bullet of data and of every part of a joined one.
func saidSet(data []byte) map[string]bool {
	m := map[string]bool{}
	for _, b := range memstore.ParseDoc(data).AllBullets() {
		m[memstore.Normalize(b.Bullet.Text)] = true
		if parts := strings.Split(b.Bullet.Text, "; "); len(parts) > 1 {
			for _, part := range parts {
				m[memstore.Normalize(part)] = true
			}
		}
	}
	return m
}

// stale says how the file of an accepted change differs from what the plan was computed on,
// or nil when it does not.
func stale(p *memstore.Project, c *Change) error {
	if c.Kind == Move {
		data, exists, err := readMaybe(p, c.From)
		if err != nil {
			return fmt.Errorf("cannot read %s: %w", c.From, err)
		}
		if !exists {
			return &StaleError{Path: c.From, Why: "is gone"}
		}
		if !bytes.Equal(data, c.base) {
			return &StaleError{Path: c.From, Why: "changed"}
		}
		there, err := p.Exists(c.Path)
		if err != nil {
			return fmt.Errorf("cannot read %s: %w", c.Path, err)
		}
		if there {
			return &StaleError{Path: c.Path, Why: "already exists"}
		}
		return nil
	}
	data, exists, err := readMaybe(p, c.Path)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", c.Path, err)
	}
	switch {
	case exists && !c.exists:
		return &StaleError{Path: c.Path, Why: "was created"}
	case !exists && c.exists:
		return &StaleError{Path: c.Path, Why: "is gone"}
	case !bytes.Equal(data, c.base):
		return &StaleError{Path: c.Path, Why: "changed"}
	}
	return nil
}
