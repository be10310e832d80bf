package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"carnet/memstore"
)

// toolError is a refusal or a failure, reported to the client as a tool error (isError, with
// msg as its text). code is what the audit log records instead of the message, which may
// quote memory.
type toolError struct {
	code string
	msg  string
}

func (e *toolError) Error() string { return e.msg }

// Result codes of the audit log.
const (
	resOK        = "ok"
	resDenied    = "denied"
	resNotFound  = "not_found"
	resConflict  = "conflict"
	resTooLarge  = "too_large"
	resSecret    = "secret"
	resAmbiguous = "ambiguous"
	resInvalid   = "invalid"
	resError     = "error"
)

func fail(code, format string, a ...any) error {
	return &toolError{code: code, msg: fmt.Sprintf(format, a...)}
}

// call is one tool call: who calls, with what access, on which project, and what the
// handler reports for the audit log.
type call struct {
	s      *Server
	tool   string
	client string // "" when the client gave no name
	access string
	ws     *memstore.Workspace
	p      *memstore.Project   // the project the call acts on
	audit  []*memstore.Project // where the call is logged (default: p)
	now    time.Time
	start  time.Time

	// Set by the handler, for the audit log: the file(s) touched, relative to the memory
	// folder; the bytes of memory read or written; the commit made.
	path   string
	size   int
	commit string
}

// scoped is a tool input: every tool takes an optional project.
type scoped interface{ projectName() string }

// Scope is the optional project every tool takes.
type Scope struct {
	Project string `json:"project,omitempty"` // default: the current project
}

func (s Scope) projectName() string { return s.Project }

// PathIn names the memory file a tool works on, in the project its Scope names.
type PathIn struct {
	Path string `json:"path"`
	Scope
}

// toolSpec describes a tool: its name, what it says to the model, and whether it writes.
type toolSpec struct {
	name, title, desc string
	write             bool // refused to read-only clients
	destructive       bool // removes or rewrites what is there
	idempotent        bool
}

// addTool registers a tool whose handler runs inside a call: access checked, project
// resolved, audit logged whatever happens. The handler returns the text the model reads
// and the structured result.
func addTool[In scoped, Out any](s *Server, spec toolSpec, patchIn func(*jsonschema.Schema), h func(c *call, in In) (string, Out, error)) {
	in := schemaFor[In]()
	if patchIn != nil {
		patchIn(in)
	}
	t := &mcp.Tool{
		Name:         spec.name,
		Title:        spec.title,
		Description:  spec.desc,
		InputSchema:  in,
		OutputSchema: bareOutput(schemaFor[Out]()),
		Annotations: &mcp.ToolAnnotations{
			ReadOnlyHint:   !spec.write,
			IdempotentHint: spec.idempotent || !spec.write,
			OpenWorldHint:  new(false),
		},
	}
	if spec.write { // destructiveHint means something only for a tool that writes
		t.Annotations.DestructiveHint = &spec.destructive
	}
	mcp.AddTool(s.mcp, t, func(ctx context.Context, req *mcp.CallToolRequest, input In) (*mcp.CallToolResult, Out, error) {
		var zero Out
		c, err := s.begin(req, spec, input.projectName())
		if err == nil {
			var text string
			var out Out
			text, out, err = h(c, input)
			if err == nil {
				s.finish(c, nil)
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, out, nil
			}
		}
		s.finish(c, err)
		return nil, zero, err
	})
}

// begin opens the workspace (carnet.toml is read on every call), checks the client's access
// and resolves the project.
func (s *Server) begin(req *mcp.CallToolRequest, spec toolSpec, project string) (*call, error) {
	c := &call{s: s, tool: spec.name, client: s.clientName(req), now: s.opts.Now(), start: time.Now()}
	ws, err := memstore.Open(s.opts.Root)
	if err != nil {
		return c, fail(resError, "carnet cannot open the workspace %s: %v", s.opts.Root, err)
	}
	c.ws = ws
	c.access = ws.Config.Access(c.client)
	if project == "" {
		project = s.opts.Project
	}
	if c.access == accessNone {
		if p, err := ws.Pick(project); err == nil {
			c.p = p // for the audit log only
		}
		return c, fail(resDenied, "access denied: the MCP client %q has no access to carnet memory (access = \"none\" in carnet.toml [mcp.access])", displayName(c.client))
	}
	if spec.write && c.access != accessFull {
		if p, err := ws.Pick(project); err == nil {
			c.p = p
		}
		return c, fail(resDenied, "refused: the MCP client %q has read-only access to carnet memory (carnet.toml [mcp.access]), so %s cannot write. Nothing was changed; tell the user what you wanted to record.", displayName(c.client), spec.name)
	}
	if project == "*" && spec.name == "memory_search" {
		if len(ws.Projects) == 0 {
			return c, fail(resNotFound, "no memory in %s yet: run carnet init", ws.Root)
		}
		// one audit line per query, in the default project's log (else the first project's)
		c.audit = ws.Projects[:1]
		if p, err := ws.Pick(""); err == nil {
			c.audit = []*memstore.Project{p}
		}
		return c, nil
	}
	p, err := ws.Pick(project)
	if err != nil {
		return c, fail(resNotFound, "%v", err)
	}
	c.p = p
	return c, nil
}

// finish writes the audit line of the call.
func (s *Server) finish(c *call, err error) {
	code := resOK
	if err != nil {
		code = resError
		te := &toolError{}
		if errors.As(err, &te) {
			code = te.code
		}
	}
	projects := c.audit
	if projects == nil && c.p != nil {
		projects = []*memstore.Project{c.p}
	}
	e := auditEntry{
		Time:   c.now.Format(time.RFC3339),
		Client: displayName(c.client),
		Access: c.access,
		Tool:   c.tool,
		Path:   c.path,
		Commit: c.commit,
		Size:   c.size,
		Result: code,
		MS:     time.Since(c.start).Milliseconds(),
	}
	if len(projects) == 0 {
		s.log.Warn("tool call with no project to audit it in", "tool", c.tool, "client", e.Client, "result", code)
		return
	}
	for _, p := range projects {
		e.Project = p.Name
		if err := appendAudit(p, e); err != nil {
			s.log.Warn("cannot write the audit log", "project", p.Name, "error", err)
		}
	}
	if code == resError && err != nil {
		s.log.Warn("tool call failed", "tool", c.tool, "client", e.Client, "error", err)
	}
}
