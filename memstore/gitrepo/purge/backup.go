package purge

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"carnet/memstore/gitrepo"
)

// The backups of Rewrite: the refs as they were before a rewrite, listed, dropped for good, or
// put back.

// Backup is the refs one Rewrite kept, as they were before it.
type Backup struct {
	Name string            // BackupPrefix + stamp
	Refs map[string]string // the rewritten ref's full name → its value before
}

// Backups lists the backups Rewrite kept, oldest first.
func Backups(ctx context.Context, repo *gitrepo.Repo) ([]Backup, error) {
	out, err := gitOut(ctx, repo, "for-each-ref", "--format=%(refname) %(objectname)", BackupPrefix)
	if err != nil {
		return nil, err
	}
	byName := map[string]*Backup{}
	var names []string
	for l := range strings.Lines(out) {
		ref, val, ok := strings.Cut(strings.TrimSpace(l), " ")
		if !ok {
			continue
		}
		stamp, rest, ok := strings.Cut(strings.TrimPrefix(ref, BackupPrefix), "/")
		if !ok {
			continue
		}
		name := BackupPrefix + stamp
		b := byName[name]
		if b == nil {
			b = &Backup{Name: name, Refs: map[string]string{}}
			byName[name] = b
			names = append(names, name)
		}
		b.Refs["refs/"+rest] = val
	}
	slices.Sort(names)
	out2 := make([]Backup, len(names))
	for i, n := range names {
		out2[i] = *byName[n]
	}
	return out2, nil
}

// DropBackups deletes every backup Rewrite kept, expires the reflog entries of the refs they
// rewrote that no ref reaches any more, and prunes the objects nothing reaches (git gc
// --prune=now): only then is the text gone from this repository. It returns the backups
// dropped.
func DropBackups(ctx context.Context, repo *gitrepo.Repo) ([]Backup, error) {
	bs, err := Backups(ctx, repo)
	if err != nil || len(bs) == 0 {
		return nil, err
	}
	var del strings.Builder
	logs := []string{"HEAD"}
	for _, b := range bs {
		for ref, val := range b.Refs {
			fmt.Fprintf(&del, "delete %s%s %s\n", b.Name+"/", strings.TrimPrefix(ref, "refs/"), val)
			if strings.HasPrefix(ref, "refs/heads/") && !slices.Contains(logs, ref) { // tags keep no reflog
				logs = append(logs, ref)
			}
		}
	}
	if _, err := gitIn(ctx, repo, []byte(del.String()), "update-ref", "--stdin"); err != nil {
		return nil, err
	}
	logs = slices.DeleteFunc(logs, func(ref string) bool {
		_, err := gitOut(ctx, repo, "reflog", "exists", ref)
		return err != nil
	})
	if len(logs) == 0 {
		logs = []string{"--all"}
	}
	if _, err := gitOut(ctx, repo, append([]string{"reflog", "expire", "--expire-unreachable=now"}, logs...)...); err != nil {
		return bs, fmt.Errorf("the backups are dropped, but the reflog was not expired: %w", err)
	}
	if _, err := gitOut(ctx, repo, "gc", "--prune=now", "--quiet"); err != nil {
		return bs, fmt.Errorf("the backups are dropped, but git gc failed: %w", err)
	}
	return bs, nil
}

// RestoreBackup puts back the refs of the backup name (BackupPrefix + stamp, or the stamp) as
// they were before that Rewrite, and deletes the backup. It refuses on uncommitted changes.
func RestoreBackup(ctx context.Context, repo *gitrepo.Repo, name string) (Backup, error) {
	if !strings.HasPrefix(name, BackupPrefix) {
		name = BackupPrefix + name
	}
	return restoreBackup(ctx, repo, name, true)
}

// restoreBackup is RestoreBackup; check refuses on uncommitted changes (a rewrite that failed
// half-way restores without: the work tree was clean before it).
func restoreBackup(ctx context.Context, repo *gitrepo.Repo, name string, check bool) (Backup, error) {
	bs, err := Backups(ctx, repo)
	if err != nil {
		return Backup{}, err
	}
	i := slices.IndexFunc(bs, func(b Backup) bool { return b.Name == name })
	if i < 0 {
		return Backup{}, fmt.Errorf("no backup %s", name)
	}
	if check {
		if err := CheckClean(ctx, repo); err != nil {
			return Backup{}, err
		}
	}
	b := bs[i]
	oldTree, _ := gitOut(ctx, repo, "rev-parse", "--verify", "-q", "HEAD^{tree}")
	var upd strings.Builder
	for ref, val := range b.Refs {
		fmt.Fprintf(&upd, "update %s %s\ndelete %s/%s %s\n", ref, val, b.Name, strings.TrimPrefix(ref, "refs/"), val)
	}
	if _, err := gitIn(ctx, repo, []byte(upd.String()), "update-ref", "--stdin"); err != nil {
		return Backup{}, err
	}
	if newTree, _ := gitOut(ctx, repo, "rev-parse", "--verify", "-q", "HEAD^{tree}"); oldTree != "" && newTree != oldTree {
		if _, err := gitOut(ctx, repo, "read-tree", "-m", "-u", oldTree, newTree); err != nil {
			return b, fmt.Errorf("the refs are back, but the work tree could not follow HEAD (%w): run git reset --keep HEAD", err)
		}
	}
	return b, nil
}

// backup keeps the refs as they are under BackupPrefix+stamp, in one transaction.
func backup(ctx context.Context, repo *gitrepo.Repo, stamp string, refs []gitRef) (string, error) {
	name := BackupPrefix + stamp
	for i := 2; ; i++ {
		if out, _ := gitOut(ctx, repo, "for-each-ref", "--count=1", name+"/"); out == "" {
			break
		}
		name = fmt.Sprintf("%s%s-%d", BackupPrefix, stamp, i)
	}
	var b strings.Builder
	for _, r := range refs {
		fmt.Fprintf(&b, "create %s/%s %s\n", name, strings.TrimPrefix(r.name, "refs/"), r.value)
	}
	if _, err := gitIn(ctx, repo, []byte(b.String()), "update-ref", "--stdin"); err != nil {
		return "", fmt.Errorf("cannot keep a backup of the refs, nothing changed: %w", err)
	}
	return name, nil
}

// undo puts the refs of the backup back after a failed rewrite and returns why it failed.
func undo(ctx context.Context, repo *gitrepo.Repo, backup string, why error) error {
	if _, err := restoreBackup(ctx, repo, backup, false); err != nil {
		return fmt.Errorf("%w; putting the refs back failed too (%w): they are kept under %s", why, err, backup)
	}
	return why
}
