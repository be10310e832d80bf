package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"carnet/memstore/gitrepo"
	"carnet/tui"
)

func init() { register(newTimelineCmd) }

func newTimelineCmd(g *globals) *cobra.Command {
	var n int
	var diff bool
	c := &cobra.Command{
		Use:   "timeline [PROJECT]",
		Short: "Show the git history of a project's memory, newest first",
		Long: `Show the commits that changed the project's memory folder, newest first: hash, relative
date, author, message, and the files with their added/removed lines. Uncommitted memory
changes come first. --diff adds each commit's diff.`,
		Example: `  carnet timeline
  carnet timeline api -n 5 --diff`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w, p, err := g.openProject(args)
			if err != nil {
				return err
			}
			repo, err := w.Repo()
			if errors.Is(err, gitrepo.ErrNotGitRepository) {
				return fmt.Errorf("%s is not in a git repository: memory has no history yet (git init, then commit)", w.Root)
			}
			if err != nil {
				return err
			}
			dir, err := filepath.Rel(repo.Root(), w.Abs(p.RelDir)) // git names files from its top-level
			if err != nil {
				return err
			}
			dir = filepath.ToSlash(dir)
			out := cmd.OutOrStdout()
			pending, err := repo.Pending(p.RelDir)
			if err != nil {
				return err
			}
			if len(pending) > 0 {
				fmt.Fprintln(out, "uncommitted")
				printFiles(out, pending, dir)
				if diff {
					d, err := repo.PendingDiff(p.RelDir)
					if err != nil {
						return err
					}
					fmt.Fprintln(out, indent(d))
				}
			}
			commits, err := repo.History(p.RelDir, n)
			if err != nil {
				return err
			}
			if len(commits) == 0 && len(pending) == 0 {
				fmt.Fprintf(out, "no history yet for %s\n", dir)
				return nil
			}
			t := now()
			for _, c := range commits {
				subject, _, _ := strings.Cut(c.Message, "\n")
				fmt.Fprintf(out, "%s  %-14s  %-16s  %s\n", c.Hash[:7], tui.Ago(t, c.When), c.Author, subject)
				printFiles(out, c.Files, dir)
				if diff {
					d, err := repo.CommitDiff(c.Hash, p.RelDir)
					if err != nil {
						return err
					}
					fmt.Fprintln(out, indent(d))
				}
			}
			return nil
		},
	}
	c.Flags().IntVarP(&n, "number", "n", 20, "show the last N commits (0: all)")
	c.Flags().BoolVar(&diff, "diff", false, "show each commit's diff")
	return c
}

func printFiles(out io.Writer, files []gitrepo.FileChange, dir string) {
	short := func(p string) string { return strings.TrimPrefix(p, dir+"/") }
	for _, f := range files {
		name := short(f.Path)
		if f.From != "" {
			name = short(f.From) + " → " + name
		}
		fmt.Fprintf(out, "         %s %s  +%d −%d\n", f.Kind, name, f.Added, f.Deleted)
	}
}

func indent(s string) string {
	s = strings.TrimRight(s, "\n")
	return "    " + strings.ReplaceAll(s, "\n", "\n    ")
}
