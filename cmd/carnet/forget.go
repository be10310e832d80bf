package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
	"carnet/memstore/gitrepo/purge"
)

func init() { register(newForgetCmd) }

func newForgetCmd(g *globals) *cobra.Command {
	var purge, dryRun, yes, confirmDrop, restore bool
	c := &cobra.Command{
		Use:   "forget TEXT… [--purge] | --confirm | --restore [BACKUP]",
		Short: "Take a text out of memory, and with --purge out of its git history",
		Long: `Take TEXT (the words form one text) out of every memory file of the project: each bullet
holding it goes whole, with its nested lines, and each other line holding it goes; nothing else
changes. The search is exact (case and accents count), so the secret itself is a good TEXT.
The change is one commit, whose message never holds TEXT. Git history still has it: forget
says which branches, tags and remotes do.

--purge forgets for real: after that commit it rewrites TEXT out of the history of the
project's memory folder on every local branch and tag that holds it, through your git
(git fast-export | carnet | git fast-import). Only the commits from the first one holding TEXT
are rewritten; files outside the memory folder keep every byte in every commit, which carnet
checks before it finishes. It refuses uncommitted changes outside the memory folder, a
detached HEAD, or a merge or rebase in progress. It asks first (--yes for scripts).
Rewritten commits lose their signature (git cannot sign them again for you); commits of
your own whose message names TEXT keep their message and are listed.

The branches and tags as they were are kept under refs/carnet/backup/ until you run
carnet forget --confirm, which drops the backup, expires the reflog of the rewritten
branches and prunes what nothing reaches any more (git gc --prune=now): only then is TEXT gone
from this repository. carnet forget --restore puts the branches and tags back instead.
Remotes and other clones keep TEXT until you push the rewritten branches (forget prints the
git push --force-with-lease commands) and they fetch them.`,
		Example: `  carnet forget "sk-live-4f9…"                 # out of the files, one commit
  carnet forget --purge --dry-run "sk-live-4f9…"  # what a purge would rewrite
  carnet forget --purge "sk-live-4f9…"          # out of history too (asks first)
  carnet forget --confirm                        # drop the backup once checked`,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			switch {
			case confirmDrop && restore, (confirmDrop || restore) && purge:
				return errors.New("--confirm, --restore and --purge are three different things: choose one")
			case confirmDrop:
				if len(args) > 0 {
					return errors.New("--confirm takes no text: it drops the backups of the purges made before")
				}
				return forgetConfirm(g, out)
			case restore:
				if len(args) > 1 {
					return errors.New("--restore takes at most one backup name")
				}
				return forgetRestore(g, out, args)
			case len(args) == 0:
				return errors.New("say what to forget: carnet forget TEXT… (the text of a bullet, or a part of it)")
			case dryRun && yes:
				return errors.New("--dry-run and --yes contradict each other: choose one")
			}
			text := strings.Join(args, " ")
			if err := memstore.CheckForgetText(text); err != nil {
				return err
			}
			_, p, err := g.openProject(nil) // free text: the project comes from -p only
			if err != nil {
				return err
			}
			f := &forgetRun{cmd: cmd, p: p, text: text, dryRun: dryRun, yes: yes}
			if purge {
				return f.purge()
			}
			return f.forget()
		},
	}
	fl := c.Flags()
	fl.BoolVar(&purge, "purge", false, "also rewrite TEXT out of the git history of the memory folder (keeps a backup)")
	fl.BoolVarP(&dryRun, "dry-run", "n", false, "show what would be taken out, change nothing")
	fl.BoolVarP(&yes, "yes", "y", false, "purge without asking (required when not on a terminal)")
	fl.BoolVar(&confirmDrop, "confirm", false, "drop the backups of earlier purges and prune the old objects: the text is then gone")
	fl.BoolVar(&restore, "restore", false, "put the branches and tags back as they were before a purge")
	return c
}

// forgetRun is one carnet forget TEXT.
type forgetRun struct {
	cmd         *cobra.Command
	p           *memstore.Project
	text        string
	dryRun, yes bool
}

func (f *forgetRun) out() io.Writer { return f.cmd.OutOrStdout() }

func (f *forgetRun) change() memstore.Change {
	return memstore.Change{Writer: "cli", Commit: memstore.CommitAlways, Now: now()}
}

// printFound lists the lines that leave each file.
func (f *forgetRun) printFound(found []memstore.ForgottenFile, verb string) {
	for _, ff := range found {
		fmt.Fprintf(f.out(), "%s %s:\n", verb, termSafe(ff.Path))
		for _, l := range ff.Lines {
			fmt.Fprintf(f.out(), "  %s\n", termSafe(l))
		}
	}
}

// notFound is the error for a text no file holds: with the bullets that come close.
func (f *forgetRun) notFound(history bool) error {
	var close []string
	files, _ := f.p.Files()
	for _, rel := range files {
		data, err := f.p.ReadFile(rel)
		if err != nil {
			continue
		}
		bs := memstore.ParseDoc(data).AllBullets()
		m := memstore.MatchText(len(bs), func(i int) string { return bs[i].Bullet.Text }, f.text)
		for _, i := range slices.Concat(m.Same, m.Near, m.Contains) {
			close = append(close, fmt.Sprintf("%s: %s", rel, bs[i].Bullet.Text))
		}
	}
	msg := fmt.Sprintf("no memory file of %s holds %q (the search is exact: case and accents count); nothing changed", f.p.Name, f.text)
	if history {
		msg += "; its git history does: carnet forget --purge rewrites it out"
	}
	if len(close) > 0 {
		for _, c := range close[:min(5, len(close))] {
			fmt.Fprintf(f.cmd.ErrOrStderr(), "close: %s\n", termSafe(c))
		}
	}
	return errors.New(msg)
}

func (f *forgetRun) forget() error {
	found, err := f.p.FindText(f.text)
	if err != nil {
		return err
	}
	repo, rerr := f.p.WS.Repo()
	held := func() (purge.Holding, bool) {
		if rerr != nil {
			return purge.Holding{}, false
		}
		h, err := purge.Find(context.Background(), repo, []string{f.p.RelDir}, []byte(f.text))
		return h, err == nil
	}
	if len(found) == 0 {
		h, ok := held()
		return f.notFound(ok && !h.Empty())
	}
	if f.dryRun {
		f.printFound(found, "would take out of")
		fmt.Fprintln(f.out(), "dry run: nothing changed")
		return nil
	}
	gone, w, err := f.p.Forget(f.change(), f.text)
	if err != nil {
		return err
	}
	f.printFound(gone, "took out of")
	reportCommit(f.cmd, w)
	if h, ok := held(); ok && !h.Empty() {
		fmt.Fprintf(f.out(), "git history still has it: %s\nto rewrite it out of history: carnet forget --purge (see carnet forget --help)\n", describeHolding(h))
	} else if !ok && rerr == nil {
		fmt.Fprintln(f.out(), "git history still has it: carnet forget --purge rewrites it out")
	}
	return nil
}

func (f *forgetRun) purge() error {
	repo, err := f.p.WS.Repo()
	if errors.Is(err, gitrepo.ErrNotGitRepository) {
		return memstore.ErrNoRepo
	}
	if err != nil {
		return err
	}
	ctx := context.Background()
	if err := purge.CheckClean(ctx, repo, f.p.RelDir); err != nil {
		return fmt.Errorf("not purged: %w", err)
	}
	found, err := f.p.FindText(f.text)
	if err != nil {
		return err
	}
	h, err := purge.Find(ctx, repo, []string{f.p.RelDir}, []byte(f.text))
	if err != nil {
		return err
	}
	if len(found) == 0 && h.Empty() {
		return f.notFound(false)
	}
	f.printFound(found, map[bool]string{true: "would take out of", false: "will take out of"}[f.dryRun])
	if !h.Empty() {
		fmt.Fprintf(f.out(), "git history holds it: %s\n", describeHolding(h))
		if n := len(h.Branches) + len(h.Tags); n > 0 {
			fmt.Fprintf(f.out(), "the purge rewrites %s (the memory folder only, from the first commit holding it)\n", strings.Join(refNames(h.Branches, h.Tags), ", "))
		}
	}
	if f.dryRun {
		fmt.Fprintln(f.out(), "dry run: nothing changed")
		return nil
	}
	if !f.yes {
		in := f.cmd.InOrStdin()
		if !isTerminal(in) || !isTerminal(f.out()) {
			return errors.New("not purged: not on a terminal, so nothing is asked; run again with --yes to purge (or --dry-run to only look)")
		}
		ok, err := confirm(in, f.out(), "Take it out of the files and rewrite history? A backup of the branches is kept. [y/N] ")
		if err != nil {
			return err
		}
		if !ok {
			fmt.Fprintln(f.out(), "not purged: nothing changed")
			return nil
		}
	}
	res, err := f.p.Purge(f.change(), f.text)
	if res.Pending.Hash != "" {
		fmt.Fprintf(f.out(), "committed %s: the memory left uncommitted, first\n", res.Pending.Hash[:7])
	}
	if len(res.Files) > 0 {
		fmt.Fprintf(f.out(), "took it out of %s", memstore.Plural(len(res.Files), "file"))
		if res.Commit.Hash != "" {
			fmt.Fprintf(f.out(), " (committed %s)", res.Commit.Hash[:7])
		}
		fmt.Fprintln(f.out())
	}
	if err != nil {
		return err
	}
	printPurge(f.out(), repo, res.History)
	return nil
}

// printPurge says what the rewrite did, what still holds the text, and what to run next.
func printPurge(out io.Writer, repo *gitrepo.Repo, r purge.Result) {
	if len(r.Refs) == 0 {
		fmt.Fprintln(out, "no branch or tag holds it: history is unchanged")
	} else {
		fmt.Fprintf(out, "rewrote %s (%s, %s) on:\n", memstore.Plural(r.Commits, "commit"), memstore.Plural(r.Files, "file version"), memstore.Plural(r.Messages, "message"))
		for _, u := range r.Refs {
			fmt.Fprintf(out, "  %s %s → %s\n", shortRef(u.Ref), u.Old[:7], u.New[:7])
		}
		fmt.Fprintf(out, "backup: %s (the branches and tags as they were; the text is still in this repository through it)\n", r.Backup)
	}
	if n := len(r.Kept); n > 0 {
		fmt.Fprintf(out, "kept: %s outside the memory folder still name it in their message (%s): git rebase -i to reword them\n", memstore.Plural(n, "commit"), strings.Join(r.Kept, ", "))
	}
	still := r.StillHeld
	if len(still.Remotes)+len(still.Others) > 0 || len(r.Refs) > 0 {
		printStillHeld(out, repo, still, r.Refs)
	}
	if len(r.Refs) > 0 {
		fmt.Fprintln(out, "next: check the result (git log -p -- <memory folder>), then carnet forget --confirm to drop the backup and prune; or carnet forget --restore to put everything back")
	}
}

// printStillHeld says which remotes and other refs still reach the text, and the commands
// that change them.
func printStillHeld(out io.Writer, repo *gitrepo.Repo, still purge.Holding, rewritten []purge.RefUpdate) {
	local := map[string]bool{}
	var tags []string
	for _, u := range rewritten {
		if b, ok := strings.CutPrefix(u.Ref, "refs/heads/"); ok {
			local[b] = true
		}
		if t, ok := strings.CutPrefix(u.Ref, "refs/tags/"); ok {
			tags = append(tags, t)
		}
	}
	byRemote := map[string][]string{}
	remotes, _ := purge.Remotes(context.Background(), repo)
	for _, rr := range still.Remotes {
		remote, branch, _ := strings.Cut(rr, "/")
		byRemote[remote] = append(byRemote[remote], branch)
	}
	for _, remote := range remotes {
		branches := byRemote[remote]
		if len(branches) == 0 && len(tags) == 0 {
			continue
		}
		var push, orphan []string
		for _, b := range branches {
			if local[b] {
				push = append(push, b)
			} else {
				orphan = append(orphan, b)
			}
		}
		if len(branches) > 0 {
			fmt.Fprintf(out, "%s still holds it on %s\n", remote, strings.Join(branches, ", "))
		}
		if len(push) > 0 {
			fmt.Fprintf(out, "  to push the rewrite: git push --force-with-lease %s %s\n", remote, strings.Join(push, " "))
		}
		for _, b := range orphan {
			fmt.Fprintf(out, "  %s/%s has no rewritten local branch: git switch %s and run the purge again, or git push %s --delete %s\n", remote, b, b, remote, b)
		}
		if len(tags) > 0 {
			var ts []string
			for _, t := range tags {
				ts = append(ts, "tag "+t)
			}
			fmt.Fprintf(out, "  if %s has the tags: git push --force %s %s\n", remote, remote, strings.Join(ts, " "))
		}
		fmt.Fprintf(out, "  clones of %s keep it until they fetch the rewrite and reset their branches\n", remote)
	}
	for _, o := range still.Others {
		if o == "refs/stash" {
			fmt.Fprintln(out, "refs/stash still holds it: git stash list, then git stash drop the stash that has it")
			continue
		}
		fmt.Fprintf(out, "%s still holds it: git update-ref -d %s if you do not need it\n", o, o)
	}
}

// describeHolding is where history holds the text, in one line.
func describeHolding(h purge.Holding) string {
	var parts []string
	if len(h.Branches) > 0 {
		parts = append(parts, "branches "+strings.Join(h.Branches, ", "))
	}
	if len(h.Tags) > 0 {
		parts = append(parts, "tags "+strings.Join(h.Tags, ", "))
	}
	if len(h.Remotes) > 0 {
		parts = append(parts, "remotes "+strings.Join(h.Remotes, ", "))
	}
	if len(h.Others) > 0 {
		parts = append(parts, strings.Join(h.Others, ", "))
	}
	if len(h.Messages) > 0 {
		parts = append(parts, fmt.Sprintf("the message of %s", memstore.Plural(len(h.Messages), "commit")))
	}
	return strings.Join(parts, "; ")
}

func refNames(branches, tags []string) []string {
	out := slices.Clone(branches)
	for _, t := range tags {
		out = append(out, "tag "+t)
	}
	return out
}

func shortRef(ref string) string {
	if b, ok := strings.CutPrefix(ref, "refs/heads/"); ok {
		return b
	}
	if t, ok := strings.CutPrefix(ref, "refs/tags/"); ok {
		return "tag " + t
	}
	return ref
}

func forgetRepo(g *globals) (*gitrepo.Repo, error) {
	w, err := g.workspace()
	if err != nil {
		return nil, err
	}
	repo, err := w.Repo()
	if errors.Is(err, gitrepo.ErrNotGitRepository) {
		return nil, errors.New("not in a git repository: no purge was made here")
	}
	return repo, err
}

// forgetConfirm drops the backups of the purges made before.
func forgetConfirm(g *globals, out io.Writer) error {
	repo, err := forgetRepo(g)
	if err != nil {
		return err
	}
	bs, err := purge.DropBackups(context.Background(), repo)
	for _, b := range bs {
		fmt.Fprintf(out, "dropped %s (%s)\n", b.Name, strings.Join(backupRefs(b), ", "))
	}
	if err != nil {
		return err
	}
	if len(bs) == 0 {
		fmt.Fprintln(out, "no backup to drop: no purge is waiting for confirmation")
		return nil
	}
	fmt.Fprintln(out, "expired the reflog of the rewritten branches and pruned: the text is gone from this repository (remotes and clones keep it until they get the rewrite)")
	return nil
}

// forgetRestore puts the refs of a backup back.
func forgetRestore(g *globals, out io.Writer, args []string) error {
	repo, err := forgetRepo(g)
	if err != nil {
		return err
	}
	ctx := context.Background()
	name := ""
	if len(args) == 1 {
		name = args[0]
	} else {
		bs, err := purge.Backups(ctx, repo)
		if err != nil {
			return err
		}
		switch len(bs) {
		case 0:
			return errors.New("no backup to restore: no purge is waiting for confirmation")
		case 1:
			name = bs[0].Name
		default:
			var names []string
			for _, b := range bs {
				names = append(names, strings.TrimPrefix(b.Name, purge.BackupPrefix))
			}
			return fmt.Errorf("%d backups: say which to restore (carnet forget --restore NAME), one of %s", len(bs), strings.Join(names, ", "))
		}
	}
	b, err := purge.RestoreBackup(ctx, repo, name)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "restored %s as before the purge; the backup %s is dropped\n", strings.Join(backupRefs(b), ", "), b.Name)
	return nil
}

func backupRefs(b purge.Backup) []string {
	var out []string
	for ref := range b.Refs {
		out = append(out, shortRef(ref))
	}
	slices.Sort(out)
	return out
}
