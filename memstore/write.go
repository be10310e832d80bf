package memstore

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"time"
	"unicode"

	"carnet/memstore/gitrepo"
)

// Commit says when a write is committed.
type Commit int

const (
	// CommitOnAutocommit commits when carnet.toml's [hook] autocommit is on: the hook, the MCP
	// server and the CLI, which write on an agent's behalf many times a session.
	CommitOnAutocommit Commit = iota
	// CommitAlways commits every write: the UI and promotion, a person's deliberate acts.
	CommitAlways
	// CommitNever only writes.
	CommitNever
)

// Change describes one write of memory: who makes it, what it is (the commit subject after
// "memory(project): "), and when to commit it.
type Change struct {
	Writer string // "hook", "mcp:<client>", "ui", "promote", "cli"
	// Author marks the bullets the change adds as an agent's or a model's ("agent:claude",
	// "model:haiku"; see Marker); an MCP writer marks them with its client by itself.
	Author string
	What   string    // e.g. "tick 2 open items"; Tx.Say may set it once the change is known
	Body   []string  // more lines for the commit message
	Commit Commit    // when to commit
	Now    time.Time // "today" for the logs the change writes; zero is time.Now()
	// Context bounds the commit (the hook's deadline); nil is context.Background().
	Context context.Context
	// KeepFirst commits the files the change rewrites as they are before it, when git does
	// not have them yet (untracked or modified), so that what the change removes or rewords
	// stays in git: the change is then a commit of its own. Only with a Commit that commits.
	KeepFirst bool
}

// Written says what a write did.
type Written struct {
	Changed []string  // files written, moved from and moved to, workspace-relative, sorted
	Refused []Refusal // bullets the secret guard kept out
	// Commit is the commit made (Hash), or why none was made (Skipped); CommitErr is a commit
	// that failed after the files were written: the memory is on disk, not in git.
	Commit    gitrepo.CommitResult
	CommitErr error
}

// Write is the one way memory is written: it runs fn in a Tx under the project's lock,
// writes what fn changed (atomically, past the secret guard) and, when c says so, commits
// exactly the changed paths with a message naming the project, the change and the writer.
// When fn fails nothing is written. A failed commit is not an error of Write: the files are
// written and Written.CommitErr says why git did not take them.
func (p *Project) Write(c Change, fn func(tx *Tx) error) (Written, error) {
	if c.Now.IsZero() {
		c.Now = time.Now()
	}
	f, unlock, err := p.lockFolder()
	if err != nil {
		return Written{}, err
	}
	defer f.Close()
	defer unlock()
	tx := &Tx{p: p, f: f, now: c.Now, docs: map[string]*txDoc{}, change: &c}
	if err := fn(tx); err != nil {
		return Written{Refused: tx.Refused}, err
	}
	if c.KeepFirst && p.WS.commits(c.Commit) {
		if err := p.keepFirst(tx, c); err != nil {
			return Written{Refused: tx.Refused}, err
		}
	}
	changed, err := tx.commit()
	w := Written{Changed: changed, Refused: tx.Refused}
	if err == nil && len(changed) > 0 && recordsOnPurpose(c.Writer) {
		_ = p.MarkRecorded(c.Now) // for the Stop gate; losing it only costs one block
	}
	if err != nil || len(changed) == 0 || !p.WS.commits(c.Commit) {
		return w, err
	}
	w.Commit, w.CommitErr = p.commitRetrying(changed, c)
	return w, nil
}

// keepFirst commits, as they are on disk, the existing files tx is about to rewrite; git
// commits nothing for a file it already has as it is.
func (p *Project) keepFirst(tx *Tx, c Change) error {
	var paths []string
	for _, rel := range tx.order {
		if td := tx.docs[rel]; td.exists && !bytes.Equal(td.doc.Bytes(), td.orig) {
			paths = append(paths, rel)
		}
	}
	if len(paths) == 0 {
		return nil
	}
	keep := c
	keep.What, keep.Body = keptFirst(baseNames(paths), c.What)
	if _, err := p.WS.commit(paths, p.Name, keep); err != nil {
		return fmt.Errorf("cannot commit %s as it was first, so nothing was changed: %w", strings.Join(paths, ", "), err)
	}
	return nil
}

func baseNames(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = path.Base(p)
	}
	return out
}

// uncommittedFile lists, in the debug folder, the paths a refused commit left uncommitted:
// the next commit of the project takes them along, so a refusal (a failing pre-commit hook,
// a signing failure) is retried by the next write instead of being lost.
const uncommittedFile = "uncommitted"

// commitRetrying commits paths plus those an earlier refused commit left, under the lock.
func (p *Project) commitRetrying(paths []string, c Change) (gitrepo.CommitResult, error) {
	list := path.Join(p.DebugDir(), uncommittedFile)
	var left []string
	if data, err := p.ReadFile(list); err == nil {
		for l := range strings.Lines(string(data)) {
			if l = strings.TrimSpace(l); l != "" && !slices.Contains(paths, l) && !slices.Contains(left, l) {
				left = append(left, l)
			}
		}
	}
	res, err := p.WS.commit(append(slices.Clone(paths), left...), p.Name, c)
	switch {
	case err != nil:
		var b strings.Builder
		for _, l := range append(slices.Clone(paths), left...) {
			b.WriteString(l + "\n")
		}
		if f, ferr := p.openFolder(false); ferr == nil {
			_ = f.writeFile(list, []byte(b.String()))
			f.Close()
		}
	case len(left) > 0:
		if f, ferr := p.openFolder(false); ferr == nil {
			_ = f.writeFile(list, nil)
			f.Close()
		}
	}
	return res, err
}

// CommitPending commits what is uncommitted in the project's memory folder (files another
// writer left uncommitted), through the same commit as Write.
func (p *Project) CommitPending(c Change) (gitrepo.CommitResult, error) {
	unlock, err := p.Lock()
	if err != nil {
		return gitrepo.CommitResult{}, err
	}
	defer unlock()
	return p.commitRetrying([]string{p.RelDir}, c) // clears the list of a refused commit's files too
}

// Say sets what the change is, for its commit message, once fn knows it.
func (tx *Tx) Say(what string, body ...string) {
	if tx.change != nil {
		tx.change.What, tx.change.Body = what, body
	}
}

func (w *Workspace) commits(c Commit) bool {
	switch c {
	case CommitAlways:
		return true
	case CommitOnAutocommit:
		return w.Config.Hook.Autocommit
	}
	return false
}

// Repo is the git repository holding the workspace, found once and kept; nil with
// gitrepo.ErrNotGitRepository outside git. Paths given to it are workspace-relative.
func (w *Workspace) Repo() (*gitrepo.Repo, error) {
	w.git.once.Do(func() { w.git.repo, w.git.err = gitrepo.Open(w.Root) })
	return w.git.repo, w.git.err
}

// UseRepo hands the workspace the repository a caller already found for its root, so that
// it is not looked for again.
func (w *Workspace) UseRepo(r *gitrepo.Repo) {
	w.git.once.Do(func() { w.git.repo = r.At(w.Root) })
}

// commit commits paths (workspace-relative) for project: the one place memory is committed.
func (w *Workspace) commit(paths []string, project string, c Change) (gitrepo.CommitResult, error) {
	repo, err := w.Repo()
	if errors.Is(err, gitrepo.ErrNotGitRepository) {
		return gitrepo.CommitResult{Skipped: "not a git repository"}, nil
	}
	if err != nil {
		return gitrepo.CommitResult{}, err
	}
	return repo.CommitPaths(cmp.Or(c.Context, context.Background()), paths, CommitMessage(project, c))
}

// CommitMessage is the message of every commit carnet makes:
//
//	memory(<project>): <what>
//
//	<body>
//
//	Carnet-Writer: <writer>
func CommitMessage(project string, c Change) string {
	what := oneLine(c.What)
	if what == "" {
		what = "update"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "memory(%s): %s\n", oneLine(project), what)
	if len(c.Body) > 0 {
		b.WriteString("\n")
		for _, l := range c.Body {
			b.WriteString(strings.TrimRight(l, "\n") + "\n")
		}
	}
	fmt.Fprintf(&b, "\nCarnet-Writer: %s\n", cmp.Or(oneLine(c.Writer), "unknown"))
	return b.String()
}

// oneLine folds s to one line without control characters.
func oneLine(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || unicode.IsControl(r)
	}), " ")
}

// MaxNameChars is the longest name SafeName keeps.
const MaxNameChars = 64

// SafeName turns a self-declared name (an MCP client's, a writer's) into one line of safe
// characters (letters, digits and "-_.@/ "), at most MaxNameChars long: runs of spaces and
// newlines become one space, other control characters are dropped, anything else becomes "_".
func SafeName(name string) string {
	var b strings.Builder
	n := 0
	for _, r := range strings.Join(strings.Fields(name), " ") {
		switch {
		case n == MaxNameChars:
			return strings.TrimSpace(b.String())
		case unicode.IsControl(r):
			continue
		case unicode.IsLetter(r), unicode.IsDigit(r), strings.ContainsRune("-_.@/ ", r):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
		n++
	}
	return strings.TrimSpace(b.String())
}
