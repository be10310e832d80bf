package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"carnet/lang"
	"carnet/tui/demo"
)

func init() {
	register(func(g *globals) *cobra.Command {
		var noTUI bool
		var language string
		size := demo.Options{}
		cmd := &cobra.Command{
			Use:   "demo [DIR]",
			Short: "Build a sample workspace and open the UI on it",
			Long: `Builds a realistic sample workspace — three projects, 45 days of logs with open and ticked
items, a long memory over its limit so that promotion has work, and a git history of about a
hundred commits — then opens the UI on it. DIR must be new or empty (default: a new temporary
folder). With --no-tui it only builds it and prints where. --lang fr or en chooses the
language of its memory and UI (default: your locale's, as carnet init chooses it).`,
			Args: cobra.MaximumNArgs(1),
			RunE: func(cmd *cobra.Command, args []string) error {
				if language == "" {
					language = lang.FromLocale(getenv)
				}
				if language != lang.FR && language != lang.EN {
					return fmt.Errorf("--lang must be fr or en, not %q", language)
				}
				if !noTUI {
					if err := needTerminal("carnet demo --no-tui only builds the workspace"); err != nil {
						return err
					}
				}
				dir := ""
				if len(args) == 1 {
					dir = args[0]
				} else {
					d, err := os.MkdirTemp("", "carnet-demo-")
					if err != nil {
						return err
					}
					dir = d
				}
				opts := demo.Default(now())
				opts.Lang = language
				if size.Projects > 0 { // the benchmarks' large workspaces
					opts.Projects, opts.Days, opts.Git, opts.Pending, opts.LogKB = size.Projects, size.Days, false, false, size.LogKB
					opts.Dense, opts.Archived = true, 0
				}
				sum, err := demo.Build(dir, opts)
				if err != nil {
					return err
				}
				out := cmd.OutOrStdout()
				l := language
				fmt.Fprintln(out, words.F(l, "Sample workspace in %s: %s, %s (%d of them archived), %s.", dir,
					words.N(l, len(sum.Projects), "project"), words.N(l, sum.Logs, "daily log"), sum.Archived, words.N(l, sum.Commits, "commit")))
				if noTUI {
					fmt.Fprintln(out, againHint(l, "Open it with", dir))
					return nil
				}
				if err := openUI(dir, g.project); err != nil {
					return err
				}
				fmt.Fprintln(out, againHint(l, "Open it again with", dir))
				return nil
			},
		}
		cmd.Flags().BoolVar(&noTUI, "no-tui", false, "only build the workspace")
		cmd.Flags().StringVar(&language, "lang", "", "the language of the demo: fr or en (default: your locale's)")
		// Hidden: the benchmarks' workspaces (20 projects × 365 days, no git).
		cmd.Flags().IntVar(&size.Projects, "projects", 0, "number of projects, without git history")
		cmd.Flags().IntVar(&size.Days, "days", 365, "days of logs per project (with --projects)")
		cmd.Flags().IntVar(&size.LogKB, "log-kb", 0, "pad today's log of the first project to this size")
		for _, f := range []string{"projects", "days", "log-kb"} {
			_ = cmd.Flags().MarkHidden(f)
		}
		return cmd
	})
}
