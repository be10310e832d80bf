package promote

import (
	"errors"
	"path"
	"slices"
	"strings"
	"time"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
)

// Uncommitted lists the memory files of p that are written and not committed: what a
// promotion whose commit failed (a busy index, a refusing pre-commit hook) left behind, or any
// other writer's uncommitted memory. Outside git there is nothing to commit: nil, nil.
func Uncommitted(p *memstore.Project) ([]gitrepo.FileChange, error) {
	repo, err := p.WS.Repo()
	if errors.Is(err, gitrepo.ErrNotGitRepository) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return repo.Pending(p.RelDir)
}

// CommitUncommitted commits the project's uncommitted memory (as listed by Uncommitted) in
// one commit of its memory folder, whatever else the user has staged.
func CommitUncommitted(p *memstore.Project, files []gitrepo.FileChange, now time.Time) (Result, error) {
	var names []string
	for _, f := range files {
		names = append(names, path.Base(f.Path))
	}
	slices.Sort(names)
	change := memstore.Change{Writer: "promote", Commit: memstore.CommitAlways, Now: now,
		What: "commit what was written and left uncommitted: " + strings.Join(slices.Compact(names), ", ")}
	subject, _, _ := strings.Cut(memstore.CommitMessage(p.Name, change), "\n")
	res, err := p.CommitPending(change)
	return Result{Message: subject, Commit: res.Hash, Skipped: res.Skipped}, err
}
