package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"carnet/memstore"
)

// The tests run the real server and the SDK's real client, connected in memory, on real
// files in temp folders: no mocks.

var testNow = time.Date(2026, 3, 22, 12, 0, 0, 0, time.Local)

const today = "2026-03-22"

// newWS makes a workspace with a root project (memory_sessions/ at its root); toml, when
// given, replaces the commented carnet.toml that carnet init writes.
func newWS(t *testing.T, toml string) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := memstore.Init(root, ""); err != nil {
		t.Fatal(err)
	}
	if toml != "" {
		writeFile(t, root, "carnet.toml", toml)
	}
	return root
}

func writeFile(t *testing.T, root, rel, content string) {
	t.Helper()
	p := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, root, rel string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func exists(root, rel string) bool {
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
	return err == nil
}

// client is an MCP client session on a server over the workspace at root.
type client struct {
	t    *testing.T
	cs   *mcp.ClientSession
	root string
}

// connect starts a server on root and connects a client that calls itself name.
func connect(t *testing.T, root, name string, opts ...func(*Options)) *client {
	t.Helper()
	o := Options{Root: root, Now: func() time.Time { return testNow }}
	for _, f := range opts {
		f(&o)
	}
	s := New(o)
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.mcp.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1.0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		ss.Wait()
	})
	return &client{t: t, cs: cs, root: root}
}

func (c *client) call(tool string, args map[string]any) *mcp.CallToolResult {
	c.t.Helper()
	res, err := c.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		c.t.Fatalf("%s: protocol error: %v", tool, err)
	}
	return res
}

// ok calls a tool that must succeed, decodes its structured result into out (when not
// nil) and returns its text.
func (c *client) ok(tool string, args map[string]any, out any) string {
	c.t.Helper()
	res := c.call(tool, args)
	text := textOf(res)
	if res.IsError {
		c.t.Fatalf("%s(%v) failed: %s", tool, args, text)
	}
	if out != nil {
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			c.t.Fatal(err)
		}
		if err := json.Unmarshal(b, out); err != nil {
			c.t.Fatalf("%s: structured content %s: %v", tool, b, err)
		}
	}
	return text
}

// fail calls a tool that must be refused and returns the refusal.
func (c *client) fail(tool string, args map[string]any) string {
	c.t.Helper()
	res := c.call(tool, args)
	text := textOf(res)
	if !res.IsError {
		c.t.Fatalf("%s(%v) succeeded, want a refusal: %s", tool, args, text)
	}
	return text
}

func textOf(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// noted is a bullet as an MCP client's add writes it: with the marker of that client's note.
func noted(client, text string) string { return text + memstore.Marker("agent:"+client) }

func mustContain(t *testing.T, what, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("%s: want %q in:\n%s", what, w, got)
		}
	}
}

func mustNotContain(t *testing.T, what, got string, nots ...string) {
	t.Helper()
	for _, n := range nots {
		if strings.Contains(got, n) {
			t.Errorf("%s: %q must not appear in:\n%s", what, n, got)
		}
	}
}

// auditLines reads the audit log of the root project.
func auditLines(t *testing.T, root string) []auditEntry {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "memory_sessions", "logs", ".debug", AuditFile))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []auditEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e auditEntry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			t.Fatalf("audit line %q: %v", sc.Text(), err)
		}
		out = append(out, e)
	}
	return out
}
