package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"carnet/hook"
)

func init() { register(newLoadCmd) }

func newLoadCmd(g *globals) *cobra.Command {
	var budget int
	var explain bool
	c := &cobra.Command{
		Use:   "load [PROJECT]",
		Short: "Print the memory a new session should start with",
		Long: `Print the memory a new session starts with: the long-term memory, today's log, the log
of the last day worked before today and the next steps still open in older logs, within a
token budget ([load] budget_tokens in carnet.toml, 2500 by default), never over it. When it
does not fit, bullets are left out, the least useful first (old long-memory sections, older
logs, done items); the first open item is always kept, cut short if it must, and the line
naming the other projects takes at most a tenth of the budget, after the memory. Tokens are
estimated as characters / 4. The SessionStart hook injects the same text.`,
		Example: `  carnet load
  carnet load api --budget 1000
  carnet load --explain`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if budget < 0 || cmd.Flags().Changed("budget") && budget == 0 {
				return fmt.Errorf("--budget must be a positive number of tokens")
			}
			_, p, err := g.openProject(args)
			if err != nil {
				return err
			}
			l, err := hook.ComposeLoad(p, now(), budget, 0)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			if explain {
				fmt.Fprint(out, l.Explain())
				return nil
			}
			if l.Text == "" {
				dropped := 0
				for _, part := range l.Parts {
					dropped += part.DroppedTokens
				}
				if dropped > 0 {
					fmt.Fprintf(cmd.ErrOrStderr(), "nothing of %s fits in %d tokens: give a larger --budget (carnet load --explain shows what each part costs)\n", p.Name, l.Budget)
					return nil
				}
				fmt.Fprintf(cmd.ErrOrStderr(), "no memory yet in %s: sessions fill it once the hook is installed (carnet install), or add to it with carnet add\n", p.Name)
				return nil
			}
			fmt.Fprint(out, l.Text)
			return nil
		},
	}
	c.Flags().IntVar(&budget, "budget", 0, "token budget (default [load] budget_tokens, 2500)")
	c.Flags().BoolVar(&explain, "explain", false, "show what each part costs in tokens and what was left out")
	return c
}
