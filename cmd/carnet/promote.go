package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"carnet/memstore"
	"carnet/memstore/gitrepo"
	"carnet/promote"
)

func init() { register(newPromoteCmd) }

// isTerminal reports whether a stream is an interactive terminal; tests replace it.
var isTerminal = func(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

func newPromoteCmd(g *globals) *cobra.Command {
	var dryRun, yes, force, recent, model, acceptUnproven bool
	var days, maxLines int
	c := &cobra.Command{
		Use:   "promote [PROJECT]",
		Short: "Archive old logs and condense long memory, as a reviewed plan",
		Long: `Plan a promotion of the project's memory and show it as a unified diff:
  - daily logs older than --days (archive_after_days, 30) move to logs/archives/ (a git
    rename, never a delete); their open next steps are carried into today's log;
  - their learnings and decisions are proposed for long_memory.md, under the date of their
    log, leaving out what long memory already says;
  - when long memory is over --max-lines (long_memory_max_lines, 300), near-duplicate facts
    merge and the oldest dated sections fold into one condensed section until it fits,
    without losing a fact (--model: the configured model extractor rewrites the condensed
    section instead; its proposal is reviewed and guarded like any other).
Nothing is written until you confirm (on a terminal) or pass --yes; then the files are written
under the memory lock and committed in one commit that holds only those memory paths, whatever
else is staged. A plan that would drop more than a quarter of the long-term facts is refused
unless --force. To accept or reject each hunk, use the review screen of the UI (carnet).

A fact without evidence that capture or a model wrote (no "(vérifié : …)" / "(verified: …)",
no agent's or person's hand) is shown but not applied: --yes alone leaves it in its log;
--accept-unproven takes it too (or tick it in the UI's review). An approach marked
"essayé, sans effet :" / "tried, no effect:" is never proposed for long memory.`,
		Example: `  carnet promote --dry-run          # show the plan, write nothing
  carnet promote cmms_doc            # show it, ask, apply and commit
  carnet promote --yes --days 60     # no question (scripts, CI)`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if dryRun && yes {
				return errors.New("--dry-run and --yes contradict each other: choose one")
			}
			if cmd.Flags().Changed("days") && days < 1 {
				return fmt.Errorf("--days must be at least 1 (got %d)", days)
			}
			if cmd.Flags().Changed("max-lines") && maxLines < 10 {
				return fmt.Errorf("--max-lines must be at least 10 (got %d)", maxLines)
			}
			w, p, err := g.openProject(args)
			if err != nil {
				return err
			}
			opts := promote.Options{Days: days, MaxLines: maxLines, Force: force, Recent: recent}
			if model {
				m, err := promote.NewModelCondenser(w.Config)
				if err != nil {
					return err
				}
				opts.Condenser = m
			}
			t := now()
			plan, err := promote.Compute(p, opts, t)
			if err != nil {
				return err
			}
			if acceptUnproven {
				plan.AcceptUnproven()
			}
			out, in := cmd.OutOrStdout(), cmd.InOrStdin()
			if plan.Empty() {
				fmt.Fprintf(out, "nothing to promote in %s: no log older than %d days, long memory %d/%d lines\n",
					p.Name, plan.Options.Days, plan.LinesBefore, plan.Options.MaxLines)
				printNotes(out, plan)
				return offerCommit(cmd, p, yes, dryRun, t)
			}
			printPlan(out, plan, useColor(out))
			if plan.Refused != nil {
				if dryRun {
					fmt.Fprintln(out, "dry run: nothing written; this plan would be", plan.Refused)
					return nil
				}
				return plan.Refused
			}
			if dryRun {
				fmt.Fprintln(out, "dry run: nothing written")
				return nil
			}
			if !yes {
				if !isTerminal(in) || !isTerminal(out) {
					return errors.New("not applied: not on a terminal, so nothing is asked; run again with --yes to apply (or --dry-run to only look)")
				}
				ok, err := confirm(in, out, "Apply this plan and commit it? [y/N] ")
				if err != nil {
					return err
				}
				if !ok {
					fmt.Fprintln(out, "not applied: nothing written")
					return nil
				}
			}
			res, err := promote.Apply(p, plan, t)
			if err != nil {
				if res.Message != "" {
					return fmt.Errorf("%w; run carnet promote again to commit what was written", err)
				}
				return err
			}
			printResult(out, res)
			return nil
		},
	}
	f := c.Flags()
	f.BoolVarP(&dryRun, "dry-run", "n", false, "show the plan and write nothing")
	f.BoolVarP(&yes, "yes", "y", false, "apply without asking (required when not on a terminal)")
	f.IntVar(&days, "days", 0, "archive logs older than N days (default: archive_after_days, 30)")
	f.IntVar(&maxLines, "max-lines", 0, "long memory's line limit (default: long_memory_max_lines, 300)")
	f.BoolVar(&force, "force", false, "accept a plan that drops more than a quarter of the long-term facts")
	f.BoolVar(&recent, "recent", false, "also propose the learnings and decisions of the logs that stay")
	f.BoolVar(&acceptUnproven, "accept-unproven", false, "also apply the facts without evidence (capture's or a model's), which --yes alone leaves out")
	f.BoolVar(&model, "model", false, "condense with the model extractor of carnet.toml ([hook] extractor) instead of joining facts")
	return c
}

// printResult says what an applied promotion or commit made.
func printResult(out io.Writer, res promote.Result) {
	if res.Commit != "" {
		fmt.Fprintf(out, "committed %s %s\n", res.Commit[:min(7, len(res.Commit))], res.Message)
	} else {
		fmt.Fprintf(out, "written, not committed (%s): %s\n", res.Skipped, res.Message)
	}
}

// offerCommit, when there is nothing to promote, offers to commit the memory files that are
// written and not committed (a promotion whose commit failed leaves them so): with --yes it
// commits them, on a terminal it asks, elsewhere it says how.
func offerCommit(cmd *cobra.Command, p *memstore.Project, yes, dryRun bool, t time.Time) error {
	files, err := promote.Uncommitted(p)
	if err != nil || len(files) == 0 {
		return err
	}
	out, in := cmd.OutOrStdout(), cmd.InOrStdin()
	refused, others := splitRefused(p, files)
	if len(refused) > 0 {
		fmt.Fprintf(out, "%s left uncommitted by a commit that failed (a pre-commit hook, signing, a busy index); the next write retries it:\n", memstore.Plural(len(refused), "memory file"))
		printFileKinds(out, refused)
	}
	switch {
	case len(others) == 0:
	case p.WS.Config.Hook.Autocommit:
		fmt.Fprintf(out, "%s not committed yet (written by hand, or before autocommit was on):\n", memstore.Plural(len(others), "memory file"))
		printFileKinds(out, others)
	default:
		verb := "are"
		if len(others) == 1 {
			verb = "is"
		}
		fmt.Fprintf(out, "%s %s not committed yet (the hook, the MCP server and the CLI commit only with [hook] autocommit = true):\n", memstore.Plural(len(others), "memory file"), verb)
		printFileKinds(out, others)
	}
	switch {
	case dryRun:
		fmt.Fprintln(out, "dry run: nothing committed")
		return nil
	case !yes && (!isTerminal(in) || !isTerminal(out)):
		return errors.New("not committed: not on a terminal, so nothing is asked; run again with --yes to commit them")
	case !yes:
		ok, err := confirm(in, out, "Commit them? [y/N] ")
		if err != nil || !ok {
			if err == nil {
				fmt.Fprintln(out, "not committed")
			}
			return err
		}
	}
	res, err := promote.CommitUncommitted(p, files, t)
	if err != nil {
		return fmt.Errorf("the commit failed: %w", err)
	}
	printResult(out, res)
	return nil
}

// splitRefused parts the uncommitted files into those a refused commit left (see
// Project.RefusedCommit) and the others.
func splitRefused(p *memstore.Project, files []gitrepo.FileChange) (refused, others []gitrepo.FileChange) {
	left := p.RefusedCommit()
	for _, f := range files {
		if slices.Contains(left, f.Path) || slices.ContainsFunc(left, func(l string) bool { return strings.HasPrefix(f.Path, strings.TrimSuffix(l, "/")+"/") }) {
			refused = append(refused, f)
		} else {
			others = append(others, f)
		}
	}
	return refused, others
}

func printFileKinds(out io.Writer, files []gitrepo.FileChange) {
	for _, f := range files {
		fmt.Fprintf(out, "  %s %s\n", f.Kind, f.Path)
	}
}

// printPlan prints every change as a unified diff, then the summary and the notes.
func printPlan(out io.Writer, plan *promote.Plan, color bool) {
	for _, c := range plan.Changes {
		fmt.Fprint(out, promote.RenderDiff(c, color, 0))
	}
	fmt.Fprintln(out)
	fmt.Fprintf(out, "%s: %s\n", plan.Project, plan.Summary())
	printNotes(out, plan)
	printUnproven(out, plan)
	if n := len(plan.Lost); n > 0 && plan.Refused == nil {
		word := "facts"
		if n == 1 {
			word = "fact"
		}
		fmt.Fprintf(out, "warning: this plan drops %d long-term %s:\n", n, word)
		for _, l := range plan.Lost {
			fmt.Fprintf(out, "  - %s\n", l)
		}
	}
}

func printNotes(out io.Writer, plan *promote.Plan) {
	for _, n := range plan.Notes {
		fmt.Fprintln(out, "note:", n)
	}
}

// useColor reports whether to color the diff: on a terminal, unless NO_COLOR or TERM=dumb.
func useColor(out io.Writer) bool {
	return isTerminal(out) && getenv("NO_COLOR") == "" && getenv("TERM") != "dumb"
}

// confirm asks a yes/no question; only "y" or "yes" is a yes.
func confirm(in io.Reader, out io.Writer, question string) (bool, error) {
	fmt.Fprint(out, question)
	line, err := bufio.NewReader(in).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return false, err
	}
	if errors.Is(err, io.EOF) {
		fmt.Fprintln(out)
	}
	a := strings.ToLower(strings.TrimSpace(line))
	return a == "y" || a == "yes", nil
}

// printUnproven lists the facts without evidence the plan shows and does not apply unless
// ticked (--accept-unproven).
func printUnproven(out io.Writer, plan *promote.Plan) {
	total, ticked := plan.Unproven()
	if total == 0 {
		return
	}
	if ticked == total {
		fmt.Fprintf(out, "unproven: %s without evidence taken too (--accept-unproven)\n", memstore.Plural(total, "fact"))
		return
	}
	fmt.Fprintf(out, "unproven: %s without evidence shown above and not applied (--accept-unproven takes them, or tick them in the UI's review):\n", memstore.Plural(total-ticked, "fact"))
	for _, c := range plan.Changes {
		for _, h := range c.Hunks {
			if h.Accepted {
				continue
			}
			for _, t := range h.Unproven {
				fmt.Fprintf(out, "  - %s\n", termSafe(t))
			}
		}
	}
}
