// Command carnet gives coding agents a memory that survives between sessions, kept as plain
// Markdown in the project's own git repository. See SPEC §2 for the command line.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

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

// commands are how the files of this package contribute their subcommands: each registers
// a constructor in init, and the root wires it in.
var commands []func(g *globals) *cobra.Command

func register(f func(g *globals) *cobra.Command) { commands = append(commands, f) }

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
		Example: `  carnet install                 # in your repository: set it up for Claude Code
  carnet demo                    # try the UI on a sample workspace
  carnet add -s decisions "Keep memory paths relative to the workspace root"
  carnet search transcript`,
		Version:       version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if g.hook {
				if code := runHook(g, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()); code != 0 {
					return exitError{code}
				}
				return nil
			}
			return runUI(g)
		},
	}
	pf := root.PersistentFlags()
	pf.StringVar(&g.root, "root", "", "workspace root (default $CLAUDE_PROJECT_DIR, else the git top-level, else the current folder)")
	pf.StringVarP(&g.project, "project", "p", "", "project name (default: the one holding the current folder, else the first)")
	root.Flags().BoolVar(&g.hook, "hook", false, "run as an agent hook: read the hook JSON on stdin and act on its event")

	for _, f := range commands {
		root.AddCommand(f(g))
	}
	cmds := root.Commands()
	sort.Slice(cmds, func(i, j int) bool { return cmds[i].Name() < cmds[j].Name() })
	for _, c := range cmds {
		explainArgs(c)
	}
	root.SuggestionsMinimumDistance = 2
	root.Args = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
			return fmt.Errorf("unknown command %q: did you mean carnet %s? (see carnet --help)", args[0], s[0])
		}
		return fmt.Errorf("unknown command %q (see carnet --help)", args[0])
	}
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return fmt.Errorf("%w (see %s --help)", flagMessage(err), c.CommandPath())
	})
	return root
}

// explainArgs makes a command's argument errors say what is missing and show its usage,
// instead of cobra's "requires at least 1 arg(s), only received 0".
func explainArgs(c *cobra.Command) {
	check := c.Args
	if check == nil {
		return
	}
	c.Args = func(cmd *cobra.Command, args []string) error {
		err := check(cmd, args)
		if err == nil {
			return nil
		}
		msg := err.Error()
		switch {
		case strings.HasPrefix(msg, "requires at least"):
			msg = "missing argument"
		case strings.HasPrefix(msg, "accepts at most"), strings.HasPrefix(msg, "accepts 0 arg"), strings.HasPrefix(msg, "unknown command"):
			msg = fmt.Sprintf("too many arguments (%s)", strings.Join(args, " "))
		}
		return fmt.Errorf("%s; usage: %s", msg, strings.TrimSuffix(cmd.UseLine(), " [flags]"))
	}
}

// flagMessage rewords pflag's errors for a value of the wrong type, which quote Go's strconv.
func flagMessage(err error) error {
	msg := err.Error()
	var val, flag string
	if n, _ := fmt.Sscanf(msg, "invalid argument %q for %q flag:", &val, &flag); n == 2 {
		switch {
		case strings.Contains(msg, "ParseInt"), strings.Contains(msg, "ParseUint"):
			return fmt.Errorf("%s: %q is not a whole number", flag, val)
		case strings.Contains(msg, "ParseBool"):
			return fmt.Errorf("%s: %q is not true or false", flag, val)
		}
	}
	return err
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
		if ee, ok := errors.AsType[exitError](err); ok {
			return ee.code
		}
		if hookMode(args) {
			// a bad flag or argument in the hook's command line (settings written for another
			// version of carnet) must not break the agent either
			fmt.Fprintln(stderr, "carnet hook:", err)
			return 0
		}
		fmt.Fprintln(stderr, "carnet:", err)
		return 1
	}
	return 0
}

// hookMode reports whether the command line asks for the hook (--hook before any "--").
func hookMode(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "--hook", "--hook=true", "--hook=1":
			return true
		}
	}
	return false
}
