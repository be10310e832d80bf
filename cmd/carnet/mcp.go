package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"carnet/mcpserver"
	"carnet/memstore"
)

func init() { register(newMCPCmd) }

func newMCPCmd(g *globals) *cobra.Command {
	var client string
	var verbose bool
	c := &cobra.Command{
		Use:   "mcp [--client NAME]",
		Short: "Serve carnet's memory over MCP on stdio",
		Long: `Serve the workspace's memory to an MCP client (Claude Code, Codex, Gemini CLI, OpenCode…)
over stdio: JSON-RPC on stdin/stdout, diagnostics on stderr.

Tools: memory_index, memory_read, memory_search (read), memory_add, memory_done,
memory_write, memory_forget (write). Every tool takes an optional project; the default is
-p, else the project of the current folder, else the first.

Access comes from carnet.toml [mcp.access], looked up by the client's name (case aside): --client NAME,
else the name the client gives when it connects, else "*". "read" clients cannot write and
do not see files holding the line ` + mcpserver.SensitiveMarker + `; "none" clients are refused.
Every call is logged (no content) to logs/.debug/audit.jsonl; with [hook] autocommit, each
write is its own commit, naming the client.`,
		Example: `  carnet mcp --client claude
  claude mcp add --scope project carnet -- carnet mcp --client claude`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if client != mcpserver.CleanClientName(client) {
				return fmt.Errorf("--client %q: a client name is letters, digits, spaces and -_.@/ on one line, at most %d characters", client, mcpserver.MaxClientName)
			}
			root, err := memstore.ResolveRoot(g.root)
			if err != nil {
				return err
			}
			level := slog.LevelWarn
			if verbose {
				level = slog.LevelDebug
			}
			log := slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), &slog.HandlerOptions{Level: level}))
			if _, err := memstore.Open(root); err != nil {
				// Serve anyway: each call reports the problem to the agent, who can tell the user.
				log.Warn("the workspace cannot be opened yet", "root", root, "error", err)
			}
			s := mcpserver.New(mcpserver.Options{
				Root:    root,
				Client:  client,
				Project: g.project,
				Now:     now,
				Version: version,
				Log:     log,
			})
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			defer memstore.StopSearchWatch() // its sentinel folder, in the temp folder
			return s.ServeStdio(ctx, cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	c.Flags().StringVar(&client, "client", "", `client name for [mcp.access] and commit messages (default: the name the client reports)`)
	c.Flags().BoolVarP(&verbose, "verbose", "v", false, "log protocol activity to stderr")
	return c
}
