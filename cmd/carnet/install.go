package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/spf13/cobra"

	"carnet/hook/install"
	"carnet/memstore"
)

func init() { register(newInstallCmd) }

func newInstallCmd(g *globals) *cobra.Command {
	var agent, scope string
	var dryRun, mergeDriver, preCommit, noGate bool
	c := &cobra.Command{
		Use:   "install",
		Short: "Register carnet's hooks, skills and MCP server for an agent",
		Long: `Register carnet with a coding agent: Claude Code (the default), Codex, Gemini CLI, OpenCode
or Kimi Code.

--agent claude:
  - the hook "carnet --hook" for SessionStart, Stop, SubagentStop, PreCompact and SessionEnd,
    merged into .claude/settings.json (project scope, the default) or ~/.claude/settings.json
    (--scope user), keeping every existing key and hook;
  - the skills /memory_load and /memory_promotion under .claude/skills/;
  - carnet's MCP server in .mcp.json (project scope).
--agent codex:
  - the hook for SessionStart, Stop and PreCompact in .codex/hooks.json (or ~/.codex/hooks.json);
  - the MCP server as [mcp_servers.carnet] appended to .codex/config.toml (or ~/.codex/config.toml),
    the rest of the file left as it was. Codex runs unmanaged hooks only once they are trusted
    in its /hooks screen.
--agent gemini:
  - the hook for SessionStart, AfterAgent and SessionEnd, and mcpServers.carnet, merged into
    .gemini/settings.json (or ~/.gemini/settings.json).
--agent opencode:
  - the plugin .opencode/plugins/carnet.js (or ~/.config/opencode/plugins/carnet.js), which runs
    "carnet --hook" at session start and when a session goes idle (the end of a turn);
  - mcp.carnet merged into opencode.json (or ~/.config/opencode/opencode.json), comments kept.
--agent kimi:
  - [[hooks]] tables for SessionStart, Stop, PreCompact and SessionEnd appended to
    ~/.kimi-code/config.toml (or $KIMI_CODE_HOME/config.toml: Kimi reads hooks only there);
  - mcpServers.carnet in .kimi-code/mcp.json (or ~/.kimi-code/mcp.json).

With --merge-driver, it also registers a git merge driver for memory_sessions/**
(.gitattributes and the repository's .git/config), so that two machines' logs of one day
merge by section. With --pre-commit, it wires carnet check into the repository's git
pre-commit hook (where git looks for hooks: core.hooksPath is respected), so that a commit
stops on a problem of the memory; a pre-commit hook you had is kept as
pre-commit.before-carnet and runs first. --pre-commit alone registers no agent (add --agent
for both). It runs carnet init first when the workspace has no memory yet. Running it
again changes nothing; --dry-run shows the changes as a diff and writes nothing.

The Stop gate is on by default: after substantial work (three files edited, or a commit)
that recorded nothing, the agent is sent back once to record its decisions, lessons and
what is left, at most once per 20 minutes of session ([hook] gate_every). --no-gate writes
gate = false under [hook] in carnet.toml.`,
		Example: `  carnet install
  carnet install --dry-run
  carnet install --scope user
  carnet install --agent codex
  carnet install --agent gemini --scope user
  carnet install --agent opencode
  carnet install --agent kimi
  carnet install --merge-driver
  carnet install --pre-commit --dry-run
  carnet install --no-gate`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			root, err := memstore.ResolveRoot(g.root)
			if err != nil {
				return err
			}
			l, err := workspaceLanguage(root)
			if err != nil {
				return err
			}
			o := install.Options{Root: root, Agent: agent, Lang: l.lang, Scope: scope, DryRun: dryRun, MergeDriver: mergeDriver,
				PreCommit: preCommit, NoAgent: preCommit && !cmd.Flags().Changed("agent"),
				Init: func(root string) ([]string, error) { return initWorkspace(root, "") }}
			rep, err := install.Run(o)
			if rep != nil {
				printInstall(cmd.OutOrStdout(), l.lang, o, rep)
			}
			if err != nil {
				return err
			}
			if noGate && !o.NoAgent {
				changed, err := gateOff(rep.Root, dryRun)
				if err != nil {
					return err
				}
				if changed && dryRun {
					fmt.Fprintln(cmd.OutOrStdout(), words.T(l.lang, "would set `gate = false` under [hook] in carnet.toml"))
				}
			}
			printInstallSummary(cmd.OutOrStdout(), l, o, rep)
			if rep.NotOnPath {
				// the hook and the MCP server are registered as "carnet …": the agent must find it
				fmt.Fprintln(cmd.ErrOrStderr(), words.T(l.lang, "warning: carnet is not on your PATH, and the agent runs it as `carnet --hook` and `carnet mcp`: put it there (go install ./cmd/carnet, or copy it to a folder of $PATH)"))
			}
			return nil
		},
	}
	c.Flags().StringVar(&agent, "agent", "claude", "the agent to register with: claude, codex, gemini, opencode or kimi")
	c.Flags().StringVar(&scope, "scope", "project", "project (.claude/, .codex/, .gemini/, .opencode/ or .kimi-code/ in the workspace) or user (the same in ~, ~/.config/opencode/)")
	c.Flags().BoolVar(&dryRun, "dry-run", false, "show the changes as a diff; write nothing")
	c.Flags().BoolVar(&mergeDriver, "merge-driver", false, "also register carnet's git merge driver for memory_sessions/** (teams)")
	c.Flags().BoolVar(&preCommit, "pre-commit", false, "run carnet check in the repository's git pre-commit hook (alone: no agent registered)")
	c.Flags().BoolVar(&noGate, "no-gate", false, "turn the Stop gate off (gate = false under [hook] in carnet.toml)")
	return c
}

// gateLine matches a [hook] gate line of carnet.toml, set or commented out.
var gateLine = regexp.MustCompile(`^\s*#?\s*gate\s*=`)

// gateOff writes gate = false under [hook] in root's carnet.toml (replacing a gate line of the
// table, set or commented, else adding one), and reports whether the file changes. A file
// that would not parse afterwards is left as it was, with the error.
func gateOff(root string, dryRun bool) (bool, error) {
	path := filepath.Join(root, memstore.ConfigFile)
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return false, err
	}
	lines := strings.SplitAfter(string(data), "\n")
	table, at, hook := "", -1, -1
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "[") {
			table = strings.TrimSpace(strings.Trim(strings.SplitN(t, "#", 2)[0], " []"))
			if table == "hook" && hook < 0 {
				hook = i
			}
			continue
		}
		if table == "hook" && gateLine.MatchString(l) && at < 0 {
			at = i
		}
	}
	switch {
	case at >= 0:
		lines[at] = "gate = false\n"
	case hook >= 0:
		lines = slices.Insert(lines, hook+1, "gate = false\n")
	default:
		if len(data) > 0 && !strings.HasSuffix(string(data), "\n") {
			lines = append(lines, "\n")
		}
		lines = append(lines, "[hook]\ngate = false\n")
	}
	out := strings.Join(lines, "")
	if out == string(data) {
		return false, nil
	}
	cfg, err := memstore.ParseConfig(memstore.ConfigFile, []byte(out))
	if err != nil {
		return false, fmt.Errorf("cannot turn the gate off: %w (carnet.toml left as it was)", err)
	}
	if cfg.Hook.Gate {
		return false, fmt.Errorf("cannot turn the gate off: carnet.toml sets gate twice (carnet.toml left as it was)")
	}
	if dryRun {
		return true, nil
	}
	return true, memstore.WriteFileAtomic(path, []byte(out))
}

// printInstall writes the steps of an installation, one line each (a diff per file in a dry
// run), in language l.
func printInstall(out io.Writer, l string, o install.Options, rep *install.Report) {
	say := func(format string, a ...any) { fmt.Fprintln(out, words.F(l, format, a...)) }
	for _, s := range rep.Steps {
		switch s.Kind {
		case install.StepInit:
			if o.DryRun {
				say("would run carnet init in %s (no memory_sessions/ yet)", s.Path)
			}
			for _, c := range s.Created {
				say("created %s", c)
			}
		case install.StepWrite:
			switch {
			case o.DryRun:
				from := "a/" + s.Path
				if s.Old == nil {
					from = "/dev/null"
				}
				fmt.Fprint(out, udiff.Unified(from, "b/"+s.Path, string(s.Old), string(s.New)))
			case s.Old == nil:
				say("created %s (%s)", s.Path, whatInstalled(l, s.What))
			default:
				say("updated %s (%s)", s.Path, whatInstalled(l, s.What))
			}
		case install.StepSkillKept:
			say("kept %s (edited by hand; carnet leaves it alone)", s.Path)
		case install.StepUserMCP:
			say("MCP server (user scope): `claude mcp add --scope user carnet -- carnet mcp --client claude`")
		case install.StepNoRepo:
			if s.What == "pre-commit" {
				say("pre-commit hook not installed: %s is not in a git repository", s.Path)
			} else {
				say("merge driver not registered: %s is not in a git repository", s.Path)
			}
		case install.StepHookKept:
			if o.DryRun {
				say("would keep your %s as %s: carnet's hook runs it first", s.Path, s.What)
			} else {
				say("kept your %s as %s: carnet's hook runs it first", s.Path, s.What)
			}
		case install.StepGitConfig:
			for _, set := range s.Settings {
				if o.DryRun {
					say("would set `%s` in the repository's git config", set)
				} else {
					say("set `%s` in the repository's git config", set)
				}
			}
			if !o.DryRun {
				say("git merge driver carnet registered: memory files of two machines merge by section")
			}
		}
	}
}

// whatInstalled says in l what an installation step added ("hooks for Stop, …; MCP server carnet").
func whatInstalled(l, what string) string {
	parts := strings.Split(what, "; ")
	for i, p := range parts {
		if events, ok := strings.CutPrefix(p, "hooks for "); ok {
			parts[i] = words.F(l, "hooks for %s", events)
		} else {
			parts[i] = words.T(l, p)
		}
	}
	return strings.Join(parts, "; ")
}

// printInstallSummary says in one line what the installation did, the language and who
// commits (and, for Codex and Gemini CLI, what is left to do), in the workspace's language.
func printInstallSummary(out io.Writer, lc langChoice, o install.Options, rep *install.Report) {
	l := lc.lang
	say := func(format string, a ...any) { fmt.Fprintln(out, words.F(l, format, a...)) }
	if o.NoAgent { // --pre-commit alone
		for _, s := range rep.Steps {
			if s.Kind == install.StepNoRepo {
				return // said above
			}
		}
		switch {
		case rep.Changed == 0:
			say("carnet check already runs before each commit: nothing to change")
		case o.DryRun:
			say("dry run: nothing written")
		default:
			say("carnet check runs before each commit now (`git commit --no-verify` skips it once)")
		}
		return
	}
	switch {
	case rep.Changed == 0:
		say("carnet is already installed for %s: nothing to change", rep.Agent)
	case o.DryRun:
		say("dry run: nothing written")
	default:
		say("carnet is installed for %s: memory loads at session start and is captured after every turn", rep.Agent)
	}
	fmt.Fprintln(out, lc.line())
	cfg, err := memstore.LoadConfigFile(rep.Root)
	switch {
	case err != nil:
	case cfg.Hook.Gate:
		say("the Stop gate is on: after substantial work that recorded nothing, the agent is sent back once to record its decisions, lessons and what is left (to turn it off: `carnet install --no-gate`, or `gate = false` under [hook] in carnet.toml)")
	default:
		say("the Stop gate is off (`gate = false` in carnet.toml): the agent is never sent back to record its notes")
	}
	if err == nil && cfg.Hook.Autocommit {
		say("commits: `autocommit = true`: every write is committed, the hook's, MCP's and the CLI's too")
	} else {
		say("commits: what you change in carnet's UI, and a promotion you apply, is committed; what agents write (the hook, MCP, `carnet add`) is committed only with `autocommit = true` ([hook] in carnet.toml)")
	}
	if rep.Changed > 0 && !o.DryRun {
		switch o.Agent {
		case "codex":
			say("Codex runs these hooks only once you trust them: open /hooks in Codex and trust carnet's (again after any change to them).")
			if o.Scope != "user" {
				say("Codex reads a project's .codex/hooks.json and .codex/config.toml only when it trusts the project: answer yes when it asks, or add to ~/.codex/config.toml:")
				fmt.Fprintf(out, "[projects.%s]\ntrust_level = \"trusted\"\n", tomlString(rep.Root))
			}
		case "gemini":
			if o.Scope != "user" {
				say("Gemini CLI reads a project's .gemini/settings.json only in a trusted folder: trust this folder when Gemini asks (or with /permissions), else no hook runs.")
			}
			say("If Gemini CLI does not run the hooks, check that hooks are enabled in its settings (hooksConfig.enabled since v0.26, tools.enableHooks before).")
		case "kimi":
			say("Kimi Code support follows its documentation and is not tested against the real CLI; Kimi's Stop hook sends no transcript, so carnet captures its final answer only (kimi-cli 1.45 and later).")
		}
	}
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
