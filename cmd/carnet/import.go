package main

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"carnet/memimport"
	"carnet/memstore"
	"carnet/promote"
	"carnet/tui"
)

func init() { register(newImportCmd) }

func newImportCmd(g *globals) *cobra.Command {
	var dryRun, yes, review bool
	var o memimport.Options
	c := &cobra.Command{
		Use:   "import [--only SOURCE,…] [--engram FILE]",
		Short: "Import the memory other tools have, as a reviewed diff",
		Long: `Read the memory people already have in other tools and show, as a diff like a promotion's,
what would land where in the project's memory; nothing is written until you confirm (on a
terminal) or pass --yes, then it is one commit. --review opens the UI's review instead, to
accept or reject each hunk. Secrets are left out, as on every write; what memory already
says is not imported twice. The sources (--only picks some; all that are found by default):

  claude        Claude Code's auto memory, ~/.claude/projects/<project>/memory/ (or under
                $CLAUDE_CONFIG_DIR; --claude-dir names the folder). A memory of one short
                paragraph is a fact: long memory, under its file's date. A longer one is a
                subject: a note. A "user" memory (about you) is always a note, marked
                sensitive. MEMORY.md's pointers are not imported, its other bullets are facts.
  instructions  CLAUDE.md, .claude/CLAUDE.md and AGENTS.md: only their facts, to long memory.
                Conservative: only the list items of a section whose heading names facts
                (Architecture, Overview, Glossary, Decisions, Gotchas, Known issues…) and not
                rules (Rules, Conventions, Style, Commands, Workflow, Testing…), and only the
                items that state something: one that tells what to do (opens with use, run,
                always, never, avoid, prefer…, or holds must, should, make sure, il faut…)
                stays out. A command in backticks, code blocks and prose stay out.
  codex         Codex's memories, $CODEX_HOME/memories/MEMORY.md (~/.codex; --codex-dir):
                the user preferences, reusable knowledge and failures of the task groups whose
                applies_to cwd is this workspace, to long memory.
  engram        an engram export (engram export): the observations of this project (by
                default named after the workspace folder; --engram-project) that an agent
                saved, to today's log, decisions under Decisions, the rest under Learnings
                (headings in the memory's language); the next promotion proposes them for long
                memory.

Facts from Claude Code and Codex end with " <!-- agent:claude -->" / " <!-- agent:codex -->".`,
		Example: `  carnet import --dry-run                      # what would be imported, from where
  carnet import --only claude,instructions     # two sources, asks before writing
  carnet import --engram engram-export.json --yes
  carnet import --review                       # accept or reject each hunk in the UI`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch {
			case dryRun && yes, dryRun && review:
				return errors.New("--dry-run shows and writes nothing: not with --yes or --review")
			case yes && review:
				return errors.New("--review lets you accept each hunk, --yes accepts them all: choose one")
			}
			w, p, err := g.openProject(nil)
			if err != nil {
				return err
			}
			o.Root, o.Project, o.Now = w.Root, p.Name, now()
			if repo, err := w.Repo(); err == nil {
				o.RepoRoot = repo.Root()
			}
			o.ClaudeConfigDir, o.CodexHome = getenv("CLAUDE_CONFIG_DIR"), getenv("CODEX_HOME")
			reads, err := memimport.ReadAll(o)
			if err != nil {
				return err
			}
			out := cmd.OutOrStdout()
			var items []promote.ImportItem
			for _, r := range reads {
				printRead(out, r)
				items = append(items, r.Items...)
			}
			compute := func(p *memstore.Project, t time.Time) (*promote.Plan, error) {
				return promote.ComputeImport(p, items, t)
			}
			if review {
				if err := needTerminal("use carnet import --dry-run, then --yes"); err != nil {
					return err
				}
				return openUI(w.Root, p.Name, func(opts *tui.Options) { opts.Import = compute })
			}
			t := now()
			plan, err := compute(p, t)
			if err != nil {
				return err
			}
			if plan.Empty() {
				fmt.Fprintf(out, "nothing to import into %s\n", p.Name)
				printNotes(out, plan)
				return nil
			}
			printPlan(out, plan, useColor(out))
			if dryRun {
				fmt.Fprintln(out, "dry run: nothing written")
				return nil
			}
			if !yes {
				in := cmd.InOrStdin()
				if !isTerminal(in) || !isTerminal(out) {
					return errors.New("not imported: not on a terminal, so nothing is asked; run again with --yes to import (--dry-run to only look, --review to pick hunks)")
				}
				ok, err := confirm(in, out, "Import this and commit it? [y/N] ")
				if err != nil {
					return err
				}
				if !ok {
					fmt.Fprintln(out, "not imported: nothing written")
					return nil
				}
			}
			res, err := promote.Apply(p, plan, t)
			if err != nil {
				if res.Message != "" {
					return fmt.Errorf("%w; commit the memory files with carnet promote", err)
				}
				return err
			}
			printResult(out, res)
			return nil
		},
	}
	f := c.Flags()
	f.StringSliceVar(&o.Only, "only", nil, "read only these sources: "+strings.Join(memimport.Sources, ", "))
	f.StringVar(&o.Engram, "engram", "", "an engram export to read (made by engram export)")
	f.StringVar(&o.EngramProject, "engram-project", "", "the engram project to take (default: the workspace folder's name)")
	f.StringVar(&o.ClaudeDir, "claude-dir", "", "Claude Code's auto-memory folder (default: found from the git top-level)")
	f.StringVar(&o.CodexDir, "codex-dir", "", "Codex's memories folder (default: $CODEX_HOME/memories)")
	f.BoolVarP(&dryRun, "dry-run", "n", false, "show what would be imported and write nothing")
	f.BoolVarP(&yes, "yes", "y", false, "import without asking (required when not on a terminal)")
	f.BoolVar(&review, "review", false, "review each hunk in the UI before applying")
	return c
}

// printRead says what a source gave and left out.
func printRead(out io.Writer, r memimport.Read) {
	if r.Missing != "" {
		fmt.Fprintf(out, "%s: not read (%s)\n", r.Source, termSafe(r.Missing))
		return
	}
	fmt.Fprintf(out, "%s: %s from %s\n", r.Source, memstore.Plural(len(r.Items), "item"), termSafe(r.Where))
	for _, l := range r.Left {
		fmt.Fprintf(out, "  left out: %s\n", termSafe(l))
	}
}
