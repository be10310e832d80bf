// Command carnet gives coding agents a memory that survives between sessions, kept as plain
// Markdown in the project's own git repository. See SPEC §2 for the command line.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

// globals holds the flags every command shares.
type globals struct {
	root    string
	project string
	hook    bool
}

// command is how a file of this package contributes a subcommand: it registers a
// constructor in init, and the root wires it in. Commands not built yet get a stub.
var commands []func(g *globals) *cobra.Command

func register(f func(g *globals) *cobra.Command) { commands = append(commands, f) }

// runHook and runUI are set by the files that implement them.
var (
	runHook func(g *globals, stdin io.Reader, stdout, stderr io.Writer) int
	runUI   func(g *globals, cmd *cobra.Command) error
)

// planned lists the commands of SPEC §2, so that one not built yet says so.
var planned = []struct{ use, short string }{
	{"demo [DIR]", "Build a sample workspace and open the UI on it"},
	{"init", "Create the memory layout in the workspace"},
	{"install", "Register carnet's hooks, skills and MCP server for an agent"},
	{"load [PROJECT]", "Print the memory a new session should start with"},
	{"add TEXT…", "Append a bullet to today's log"},
	{"done TEXT…", "Tick an open item into Finalisé"},
	{"promote [PROJECT]", "Archive old logs and condense long memory, as a reviewed plan"},
	{"timeline [PROJECT]", "Show the git history of a project's memory"},
	{"search QUERY", "Search all memory of the workspace"},
	{"mcp", "Serve carnet's memory over MCP on stdio"},
}

// exitError carries an exit status other than 1 (the hook gate uses 2).
type exitError struct{ code int }

func (e exitError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

func newRootCmd() *cobra.Command {
	g := &globals{}
	root := &cobra.Command{
		Use:   "carnet",
		Short: "A memory for coding agents, kept as Markdown in your git repository",
		Long: `carnet captures what happens in each coding-agent session into plain Markdown under
memory_sessions/ (daily logs and a long-term memory), hands it back at the start of the next
session, and lets you browse and curate it in a terminal UI. With no command it opens the UI.`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if g.hook {
				if runHook == nil {
					return nil // the hook never breaks the agent
				}
				if code := runHook(g, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()); code != 0 {
					return exitError{code}
				}
				return nil
			}
			if runUI == nil {
				return errors.New("the terminal UI is not built yet")
			}
			return runUI(g, cmd)
		},
	}
	pf := root.PersistentFlags()
	pf.StringVar(&g.root, "root", "", "workspace root (default $CLAUDE_PROJECT_DIR, else the git top-level, else the current folder)")
	pf.StringVarP(&g.project, "project", "p", "", "project name (default: the one holding the current folder, else the first)")
	root.Flags().BoolVar(&g.hook, "hook", false, "run as an agent hook: read the hook JSON on stdin and act on its event")

	have := map[string]bool{}
	for _, f := range commands {
		c := f(g)
		have[c.Name()] = true
		root.AddCommand(c)
	}
	for _, p := range planned {
		c := &cobra.Command{Use: p.use, Short: p.short + " (not built yet)", DisableFlagParsing: true}
		if have[c.Name()] {
			continue
		}
		name := c.Name()
		c.RunE = func(*cobra.Command, []string) error {
			return fmt.Errorf("carnet %s is not built yet", name)
		}
		root.AddCommand(c)
	}
	cmds := root.Commands()
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].Name() < cmds[j].Name() })
	return root
}

func main() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

// run executes carnet with args and returns the process exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	if err := root.Execute(); err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			return ee.code
		}
		fmt.Fprintln(stderr, "carnet:", err)
		return 1
	}
	return 0
}
