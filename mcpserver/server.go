// Package mcpserver serves a carnet workspace's memory to MCP clients (SPEC §5): tools to
// read the index, a file or a search, and to add, tick, rewrite or forget memory, each one
// checked against the client's access level, guarded against secrets, logged to the
// project's audit log and, with autocommit, committed on its own.
package mcpserver

import (
	"carnet/memstore"
	"context"
	"errors"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Options configure a server.
type Options struct {
	// Root is the workspace root (absolute). The workspace and carnet.toml are read again
	// on every call, so a change of access or a new project applies without a restart.
	Root string
	// Client names the client for access and commit messages (pinned by carnet mcp
	// --client); "" means the name the client gives in initialize, else the "*" entry of
	// [mcp.access]. Either name is cleaned by CleanClientName.
	Client string
	// Project is the default project (-p); "" means the one of the current folder, else the first.
	Project string
	// Now is the clock ("today" for logs, audit times); nil means time.Now.
	Now func() time.Time
	// Version is reported to clients in initialize.
	Version string
	// Log receives diagnostics (never stdout: stdout is JSON-RPC); nil discards them.
	Log *slog.Logger
}

// Server is carnet's MCP server. Build it with New, then Run it on a transport.
type Server struct {
	opts Options
	mcp  *mcp.Server
	log  *slog.Logger

	// writeMu makes a write and its commit one step, so that two concurrent calls
	// never share a commit.
	writeMu sync.Mutex
}

// instructions is what a client is told about the server in initialize.
const instructions = `carnet is this project's memory, kept as Markdown in its git repository (memory_sessions/):
long_memory.md holds durable facts; logs/YYYY-MM-DD.md holds one structured log per day.
Start with memory_index (a bounded overview). Use memory_search to find past work, then
memory_read with a line range or a section. Record what matters with memory_add (one fact per
bullet) in a section of today's log — contexte, objectif, problemes, connaissances, travail,
decisions, a_suivre (next steps) — or long_terme (long_memory.md); tick finished a_suivre items
with memory_done. Give a bullet an honest importance (1-10, most 4-6) and 2-5 tags; they
end it as " !7 #tag". Change part of a file with memory_edit (replace a text, a section, or
supersede an outdated bullet: it stays struck, out of search), rewrite a whole file with
memory_write (pass the version memory_read gave you), remove a wrong bullet with
memory_forget (git keeps history). notes/NAME.md are topic notes (a person, a domain) with a
front matter (title, description, updated, sensitive, tags): read one when its subject comes
up, create one with memory_write. Files marked sensitive are hidden from read-only clients.
Never store secrets (passwords, tokens, keys, card numbers): they are refused and nothing is
written.`

// New builds a server over the workspace at opts.Root.
func New(opts Options) *Server {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	log := opts.Log
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{opts: opts, log: log}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "carnet", Title: "carnet memory", Version: opts.Version},
		&mcp.ServerOptions{Instructions: instructions, Logger: log})
	s.addReadTools()
	s.addRecentTool()
	s.addWriteTools()
	s.addEditTool()
	return s
}

// Run serves one session on t until the client disconnects or ctx ends. A client that
// closes its end, and a stop by signal (ctx canceled), are normal ends, not errors.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	err := s.mcp.Run(ctx, t)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

// access levels of [mcp.access].
const (
	accessFull = "full"
	accessRead = "read"
	accessNone = "none"
)

// clientName is who is calling: --client, else the clientInfo name of initialize, else "";
// cleaned either way, since it goes into commit messages and the audit log.
func (s *Server) clientName(req *mcp.CallToolRequest) string {
	name := s.opts.Client
	if name == "" && req != nil {
		if ci := req.ClientInfo(); ci != nil {
			name = ci.Name
		}
	}
	return CleanClientName(name)
}

// MaxClientName is the longest client name carnet keeps, in characters.
const MaxClientName = memstore.MaxNameChars

// CleanClientName makes a client name one line of safe characters (memstore.SafeName).
func CleanClientName(name string) string { return memstore.SafeName(name) }

// displayName is the client as commit messages and the audit log name it.
func displayName(client string) string {
	if client == "" {
		return "unknown client"
	}
	return client
}
