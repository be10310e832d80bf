package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
	"github.com/go-git/go-git/v5"
	"github.com/spf13/cobra"

	"carnet/hook"
	"carnet/memstore"
)

func init() { register(newInstallCmd) }

func newInstallCmd(g *globals) *cobra.Command {
	var agent, scope string
	var dryRun, mergeDriver bool
	c := &cobra.Command{
		Use:   "install",
		Short: "Register carnet's hooks, skills and MCP server for an agent",
		Long: `Register carnet with a coding agent: Claude Code (the default), Codex or Gemini CLI.

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
--agent opencode and --agent kimi are not built yet.

With --merge-driver, it also registers a git merge driver for memory_sessions/**
(.gitattributes and the repository's .git/config), so that two machines' logs of one day
merge by section. It runs carnet init first when the workspace has no memory yet. Running it
again changes nothing; --dry-run shows the changes as a diff and writes nothing.`,
		Example: `  carnet install
  carnet install --dry-run
  carnet install --scope user
  carnet install --agent codex
  carnet install --agent gemini --scope user
  carnet install --merge-driver`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch agent {
			case "claude", "codex", "gemini":
			case "opencode", "kimi":
				return fmt.Errorf("carnet install --agent %s is not built yet (claude, codex and gemini are)", agent)
			default:
				return fmt.Errorf("unknown agent %q: claude, codex or gemini", agent)
			}
			if scope != "project" && scope != "user" {
				return fmt.Errorf("--scope must be project or user, not %q", scope)
			}
			root, err := memstore.ResolveRoot(g.root)
			if err != nil {
				return err
			}
			inst := &installer{root: root, agent: agent, dryRun: dryRun, out: cmd.OutOrStdout()}
			if err := inst.ensureInit(); err != nil {
				return err
			}
			switch agent {
			case "codex":
				err = inst.codex(scope)
			case "gemini":
				err = inst.gemini(scope)
			default:
				err = inst.claude(scope)
			}
			if err != nil {
				return err
			}
			if mergeDriver {
				if err := inst.mergeDriver(); err != nil {
					return err
				}
			}
			inst.summary()
			if _, err := exec.LookPath("carnet"); err != nil {
				// the hook and the MCP server are registered as "carnet …": the agent must find it
				fmt.Fprintln(cmd.ErrOrStderr(), "warning: carnet is not on your PATH, and the agent runs it as \"carnet --hook\" and \"carnet mcp\": put it there (go install ./cmd/carnet, or copy it to a folder of $PATH)")
			}
			return nil
		},
	}
	c.Flags().StringVar(&agent, "agent", "claude", "the agent to register with: claude, codex or gemini")
	c.Flags().StringVar(&scope, "scope", "project", "project (.claude/, .codex/ or .gemini/ in the workspace) or user (the same in ~)")
	c.Flags().BoolVar(&dryRun, "dry-run", false, "show the changes as a diff; write nothing")
	c.Flags().BoolVar(&mergeDriver, "merge-driver", false, "also register carnet's git merge driver for memory_sessions/** (teams)")
	return c
}

// installer writes (or, in a dry run, shows) the files of an installation.
type installer struct {
	root    string
	agent   string
	dryRun  bool
	out     io.Writer
	changed int
}

// configDir is the agent's folder: dir in the workspace, or in the home folder (--scope user).
func (in *installer) configDir(scope, dir string) (string, error) {
	if scope != "user" {
		return filepath.Join(in.root, dir), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find the home folder: %w", err)
	}
	return filepath.Join(home, dir), nil
}

// ensureInit creates the memory layout when the workspace has none.
func (in *installer) ensureInit() error {
	ws, err := memstore.Open(in.root)
	if err != nil {
		return err
	}
	missing := len(ws.Projects) == 0
	for _, p := range ws.Projects {
		if _, err := os.Stat(p.LogsDir()); err != nil {
			missing = true // a project named in carnet.toml whose folder is not made yet
		}
	}
	if missing {
		if in.dryRun {
			fmt.Fprintf(in.out, "would run carnet init in %s (no memory_sessions/ yet)\n", in.root)
		} else {
			created, err := initWorkspace(in.root, "")
			if err != nil {
				return fmt.Errorf("carnet init: %w", err)
			}
			for _, c := range created {
				fmt.Fprintln(in.out, "created", c)
			}
		}
		in.changed++
	}
	return nil
}

func (in *installer) claude(scope string) error {
	base, err := in.configDir(scope, ".claude")
	if err != nil {
		return err
	}

	err = in.mergeFile(filepath.Join(base, "settings.json"), func(old []byte) ([]byte, string, error) {
		merged, added, err := hook.MergeClaudeSettings(old, hook.HookCommand)
		return merged, "hooks for " + strings.Join(added, ", "), err
	})
	if err != nil {
		return err
	}

	for _, s := range hook.ClaudeSkills {
		p := filepath.Join(base, "skills", s.Name, "SKILL.md")
		old, err := readMaybe(p)
		if err != nil {
			return err
		}
		if old != nil {
			if !bytes.Equal(old, []byte(s.Content)) {
				fmt.Fprintf(in.out, "kept %s (edited by hand; carnet leaves it alone)\n", in.show(p))
			}
			continue
		}
		if err := in.write(p, nil, []byte(s.Content), "skill /"+s.Name); err != nil {
			return err
		}
	}

	if scope == "project" {
		err := in.mergeFile(filepath.Join(in.root, ".mcp.json"), func(old []byte) ([]byte, string, error) {
			merged, _, err := hook.MergeMCPConfig(old)
			return merged, "MCP server carnet", err
		})
		if err != nil {
			return err
		}
	} else if in.changed > 0 {
		fmt.Fprintln(in.out, "MCP server (user scope): claude mcp add --scope user carnet -- carnet mcp --client claude")
	}
	return nil
}

// codex registers the hooks in hooks.json and the MCP server in config.toml.
func (in *installer) codex(scope string) error {
	base, err := in.configDir(scope, ".codex")
	if err != nil {
		return err
	}
	err = in.mergeFile(filepath.Join(base, "hooks.json"), func(old []byte) ([]byte, string, error) {
		merged, added, err := hook.MergeCodexHooks(old, hook.HookCommand)
		return merged, "hooks for " + strings.Join(added, ", "), err
	})
	if err != nil {
		return err
	}
	return in.mergeFile(filepath.Join(base, "config.toml"), func(old []byte) ([]byte, string, error) {
		merged, _, err := hook.MergeCodexConfig(old)
		return merged, "MCP server carnet", err
	})
}

// gemini registers the hooks and the MCP server in settings.json.
func (in *installer) gemini(scope string) error {
	base, err := in.configDir(scope, ".gemini")
	if err != nil {
		return err
	}
	return in.mergeFile(filepath.Join(base, "settings.json"), func(old []byte) ([]byte, string, error) {
		merged, added, mcp, err := hook.MergeGeminiSettings(old, hook.HookCommand)
		var what []string
		if len(added) > 0 {
			what = append(what, "hooks for "+strings.Join(added, ", "))
		}
		if mcp {
			what = append(what, "MCP server carnet")
		}
		return merged, strings.Join(what, "; "), err
	})
}

// agentName is the agent's name as its users know it.
func (in *installer) agentName() string {
	switch in.agent {
	case "codex":
		return "Codex"
	case "gemini":
		return "Gemini CLI"
	}
	return "Claude Code"
}

// summary says in one line what the installation did (and, for Codex, what is left to do).
func (in *installer) summary() {
	switch {
	case in.changed == 0:
		fmt.Fprintf(in.out, "carnet is already installed for %s: nothing to change\n", in.agentName())
	case in.dryRun:
		fmt.Fprintln(in.out, "dry run: nothing written")
	default:
		fmt.Fprintf(in.out, "carnet is installed for %s: memory loads at session start and is captured after every turn\n", in.agentName())
	}
	if in.changed > 0 && !in.dryRun {
		switch in.agent {
		case "codex":
			fmt.Fprintln(in.out, "Codex runs these hooks only once you trust them: open /hooks in Codex and trust carnet's (again after any change to them). A project's .codex/config.toml is read only when Codex trusts the project.")
		case "gemini":
			fmt.Fprintln(in.out, "If Gemini CLI does not run the hooks, check that hooks are enabled in its settings (hooksConfig.enabled since v0.26, tools.enableHooks before).")
		}
	}
}

// mergeFile reads path (missing is empty), merges carnet's entries into it with merge, which
// also says what it added, and writes the result (see write). A merge error names the file.
func (in *installer) mergeFile(path string, merge func(old []byte) ([]byte, string, error)) error {
	old, err := readMaybe(path)
	if err != nil {
		return err
	}
	merged, what, err := merge(old)
	if err != nil {
		return fmt.Errorf("%s: %w", in.show(path), err)
	}
	return in.write(path, old, merged, what)
}

// write replaces path with data when it differs from old, or shows the diff in a dry run.
func (in *installer) write(path string, old, data []byte, what string) error {
	if bytes.Equal(old, data) {
		return nil
	}
	in.changed++
	name := in.show(path)
	if in.dryRun {
		from := "a/" + name
		if old == nil {
			from = "/dev/null"
		}
		fmt.Fprint(in.out, udiff.Unified(from, "b/"+name, string(old), string(data)))
		return nil
	}
	if err := memstore.WriteFileAtomic(path, data); err != nil {
		return fmt.Errorf("cannot write %s: %w", name, err)
	}
	verb := "updated"
	if old == nil {
		verb = "created"
	}
	fmt.Fprintf(in.out, "%s %s (%s)\n", verb, name, what)
	return nil
}

// show names a path relative to the workspace root when it is inside it.
func (in *installer) show(path string) string {
	if r, err := filepath.Rel(in.root, path); err == nil && !strings.HasPrefix(r, "..") {
		return filepath.ToSlash(r)
	}
	if home, err := os.UserHomeDir(); err == nil {
		if r, err := filepath.Rel(home, path); err == nil && !strings.HasPrefix(r, "..") {
			return "~/" + filepath.ToSlash(r)
		}
	}
	return path
}

// readMaybe reads a file that may not exist (nil, nil then).
func readMaybe(path string) ([]byte, error) {
	data, err := memstore.ReadOptional(path)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", path, err)
	}
	return data, nil
}

// mergeDriver registers carnet's git merge driver (SPEC §6): memory_sessions/** merge=carnet
// in the workspace's .gitattributes, and merge.carnet.* in the repository's own config.
func (in *installer) mergeDriver() error {
	repo, err := git.PlainOpenWithOptions(in.root, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if errors.Is(err, git.ErrRepositoryNotExists) {
		fmt.Fprintf(in.out, "merge driver not registered: %s is not in a git repository\n", in.root)
		return nil
	}
	if err != nil {
		return fmt.Errorf("cannot open the git repository: %w", err)
	}

	attrs := filepath.Join(in.root, ".gitattributes")
	old, err := readMaybe(attrs)
	if err != nil {
		return err
	}
	if err := in.write(attrs, old, hook.MergeGitAttributes(old), "merge=carnet for memory_sessions/**"); err != nil {
		return err
	}

	cfg, err := repo.Config()
	if err != nil {
		return fmt.Errorf("cannot read the git config: %w", err)
	}
	sub := cfg.Raw.Section("merge").Subsection("carnet")
	want := [][2]string{{"name", hook.MergeDriverName}, {"driver", hook.MergeDriverCommand}}
	var set []string
	for _, kv := range want {
		if sub.Option(kv[0]) != kv[1] {
			sub.SetOption(kv[0], kv[1])
			set = append(set, fmt.Sprintf("merge.carnet.%s = %s", kv[0], kv[1]))
		}
	}
	if len(set) == 0 {
		return nil
	}
	in.changed++
	if in.dryRun {
		for _, s := range set {
			fmt.Fprintf(in.out, "would set %s in the repository's git config\n", s)
		}
		return nil
	}
	if err := repo.SetConfig(cfg); err != nil {
		return fmt.Errorf("cannot write the git config: %w", err)
	}
	for _, s := range set {
		fmt.Fprintf(in.out, "set %s in the repository's git config\n", s)
	}
	fmt.Fprintln(in.out, "git merge driver carnet registered: memory files of two machines merge by section")
	return nil
}
