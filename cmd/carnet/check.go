package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"carnet/check"
	"carnet/memstore"
	"carnet/memstore/stale"
	"carnet/summary"
)

func init() {
	register(newCheckCmd)
	register(newSummaryCmd)
}

func newCheckCmd(g *globals) *cobra.Command {
	var warm bool
	c := &cobra.Command{
		Use:   "check [PROJECT]",
		Short: "Check the memory for CI: one line per problem, exit 1 when there is one",
		Long: `Check the memory of every project (or of PROJECT, or -p) and print one line per problem,
as file:line: problem, then exit 1 when there is one (0 when there is none). It looks for:
  - a secret in any memory file (the secret guard of every write path; the secret is not printed);
  - a long memory over its line cap ([promote] long_memory_max_lines, 300 by default);
  - a session start over its budget ([load] budget_tokens, or the 10,000 characters of a
    SessionStart hook);
  - git conflict markers left in a memory file;
  - malformed sections: a log's title naming another day, a known section twice or out of
    order, a long-memory date heading that is no date, repeated or older than the one above,
    a note's front matter never closed;
  - dead references: a bullet that names a file, a folder or a name of the code that is gone
    since the bullet's day (deleted, renamed, no longer in the tree) — in long memory, notes,
    and the learnings, decisions and open items of the logs not archived;
  - two bullets of one file that say the same thing, or the opposite ("Use SQLite" / "Do not
    use SQLite", "enabled" / "disabled") where the older should have been superseded.
Only the working tree and HEAD are read. carnet install --pre-commit runs it before each commit.`,
		Example: `  carnet check
  carnet check api
  carnet install --pre-commit   # run it before every commit`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w, err := g.workspace()
			if err != nil {
				return err
			}
			projects := w.Projects
			if len(args) > 0 || g.project != "" {
				_, p, err := g.openProject(args)
				if err != nil {
					return err
				}
				projects = []*memstore.Project{p}
			}
			if len(projects) == 0 {
				return fmt.Errorf("no memory in %s: run carnet init", w.Root)
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			if warm {
				for _, p := range projects {
					_ = stale.Warm(ctx, p) // for the cache only: a failure shows at the next check
				}
				return nil
			}
			out, errOut := cmd.OutOrStdout(), cmd.ErrOrStderr()
			problems := 0
			for _, p := range projects {
				rep, err := check.Project(ctx, p, now())
				if err != nil {
					return fmt.Errorf("%s: %w", p.Name, err)
				}
				for _, pr := range rep.Problems {
					fmt.Fprintln(out, pr)
				}
				for _, n := range rep.Notes {
					fmt.Fprintln(errOut, "note:", n)
				}
				problems += len(rep.Problems)
			}
			if problems > 0 {
				fmt.Fprintf(errOut, "carnet check: %s\n", memstore.Plural(problems, "problem"))
				return exitError{1}
			}
			return nil
		},
	}
	c.Flags().BoolVar(&warm, "warm", false, "only bring the reference check's cache up to date (what a session start uses), print nothing")
	_ = c.Flags().MarkHidden("warm")
	return c
}

func newSummaryCmd(g *globals) *cobra.Command {
	return &cobra.Command{
		Use:   "summary BASE..HEAD",
		Short: "Print what a branch taught the memory, as Markdown for a pull request",
		Long: `Print, as Markdown for a pull request's description, what the commits of HEAD that BASE lacks
changed in the memory: the decisions, lessons and open items the logs gained, the open items
closed, what promotion changed in long memory (facts added and removed, logs archived) and
the notes written. The memory files are compared through git, between the merge base of BASE
and HEAD and HEAD itself; the working tree plays no part. HEAD defaults to HEAD.`,
		Example: `  carnet summary main..HEAD
  carnet summary origin/main..my-branch > summary.md
  gh pr create --body "$(carnet summary main..)"`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			base, head, err := summary.Range(args[0])
			if err != nil {
				return err
			}
			w, err := g.workspace()
			if err != nil {
				return err
			}
			if g.project != "" {
				p, err := w.Pick(g.project)
				if err != nil {
					return err
				}
				w.Projects = []*memstore.Project{p}
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			s, err := summary.Of(ctx, w, base, head)
			if err != nil {
				return err
			}
			fmt.Fprint(cmd.OutOrStdout(), s.Markdown())
			return nil
		},
	}
}
