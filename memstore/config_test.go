package memstore

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestParseConfig(t *testing.T) {
	t.Parallel()
	c, err := ParseConfig("carnet.toml", []byte(`language = "en"
[projects]
root = "memory_sessions"
cmms_doc = "projects/cmms_doc/memory_sessions"
[hook]
extractor = "command"
command = ["my-extractor", "--json"]
timeout = "5s"
gate = true
[load]
budget_tokens = 1200
[promote]
archive_after_days = 14
long_memory_max_lines = 200
[mcp.access]
"*" = "read"
codex = "full"
`))
	if err != nil {
		t.Fatal(err)
	}
	if c.Language != "en" || c.Projects["cmms_doc"] != "projects/cmms_doc/memory_sessions" || c.Hook.Extractor != "command" ||
		c.Hook.Command[0] != "my-extractor" || c.Hook.Timeout != 5*time.Second || !c.Hook.Gate || c.Hook.Autocommit ||
		c.Load.BudgetTokens != 1200 || c.Promote.ArchiveAfterDays != 14 || c.Promote.LongMemoryMaxLines != 200 ||
		c.Access("codex") != "full" || c.Access("gemini") != "read" {
		t.Fatalf("%+v", c)
	}
	// the commented template parses to the defaults
	c, err = ParseConfig("carnet.toml", []byte(ConfigTemplate))
	if err != nil {
		t.Fatal(err)
	}
	if d := DefaultConfig(); c.Language != d.Language || c.Hook.Timeout != d.Hook.Timeout || c.Access("x") != "full" || len(c.Projects) != 0 ||
		!c.Hook.Gate || c.Hook.GateEvery != 20*time.Minute {
		t.Fatalf("template is not the defaults: %+v", c)
	}
	// The gate is on when nothing says otherwise; gate = false and gate_every are read.
	c, err = ParseConfig("carnet.toml", []byte("[hook]\ngate = false\ngate_every = \"45m\"\n"))
	if err != nil || c.Hook.Gate || c.Hook.GateEvery != 45*time.Minute {
		t.Fatalf("gate = false, gate_every = 45m: %+v %v", c.Hook, err)
	}
}

func TestParseConfigErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"language = \"de\"\n", `carnet.toml:1: language: "de" is not fr or en`},
		{"\n[hook]\nextractr = \"claude\"\n", `carnet.toml:3: unknown key "hook.extractr"`},
		{"[hook]\ntimeout = \"soon\"\n", `carnet.toml:2: timeout: "soon" is not a duration`},
		{"[hook]\ngate = \"yes\"\n", `carnet.toml:2`},
		{"[hook]\ngate_every = \"often\"\n", `carnet.toml:2: gate_every: "often" is not a duration like "20m"`},
		{"[hook]\ngate_every = 20\n", `carnet.toml:2: hook.gate_every: want a duration in quotes, like "20m"`},
		{"[projects]\nx = \"/abs/memory_sessions\"\n", `carnet.toml:2: x: project folder "/abs/memory_sessions" must be relative`},
		{"[projects]\nx = \".git\"\n", `carnet.toml:2: x: project folder ".git" is inside a .git folder`},
		{"[projects]\nx = \".git/logs\"\n", `carnet.toml:2: x: project folder ".git/logs" is inside a .git folder`},
		{"[projects]\nok = \"a\"\nx = \"sub/.git\"\n", `carnet.toml:3: x: project folder "sub/.git" is inside a .git folder`},
		{"[projects]\nx = \"sub/./.GIT/memory\"\n", `x: project folder "sub/./.GIT/memory" is inside a .git folder`},
		{"[projects]\nx = \"../elsewhere\"\n", `carnet.toml:2: x: project folder "../elsewhere" must stay inside the workspace`},
		{"[projects]\nx = \"a/../../b\"\n", `x: project folder "a/../../b" must stay inside the workspace`},
		{"[projects]\nx = 'sub\\..\\..\\b'\n", `x: project folder "sub\\..\\..\\b" must stay inside the workspace`},
		{"[projects]\nx = \"a\"\nx = \"b\"\n", `carnet.toml:3`},
		{"[mcp.access]\ncodex = \"write\"\n", `carnet.toml:2: codex: access "write" is not full, read or none`},
		{"[load]\nbudget_tokens = -3\n", `carnet.toml:2: budget_tokens: must be a positive number`},
		{"language = \n", `carnet.toml:1`},
		// a value of the wrong type says which type, not how Go decodes it
		{"[hook]\ngate = \"yes\"\n", `carnet.toml:2: hook.gate: want true or false`},
		{"[hook]\ncommand = \"claude -p\"\n", `carnet.toml:2: hook.command: want a list of strings, like ["claude", "-p"]`},
		{"[load]\nbudget_tokens = \"100\"\n", `carnet.toml:2: load.budget_tokens: want a whole number`},
		{"[mcp]\naccess = \"full\"\n", `carnet.toml:2: mcp.access: want a table: a line [mcp.access], then its keys one per line`},
		// a key under the wrong table (a line added at the end lands in [mcp.access]) says where it belongs
		{ConfigTemplate + "language = \"en\"\n", `language: access "en" is not full, read or none (language belongs at the top of the file, before the first [table] line`},
		{ConfigTemplate + "gate = true\n", `mcp.access.gate: want "full", "read" or "none" (gate belongs under [hook]`},
		{"gate = true\n", `carnet.toml:1: unknown key "gate" (gate belongs under [hook]`},
	}
	for _, tt := range tests {
		_, err := ParseConfig("carnet.toml", []byte(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%q: got %v, want %q", tt.in, err, tt.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: error is not one line: %q", tt.in, err)
		}
		if err != nil && (strings.Contains(err.Error(), "struct") || strings.Contains(err.Error(), "toml: ")) {
			t.Errorf("%q: error speaks Go: %q", tt.in, err)
		}
	}
}

// TestParseConfigBOM: a carnet.toml saved with a UTF-8 byte-order mark reads as without one.
func TestParseConfigBOM(t *testing.T) {
	t.Parallel()
	c, err := ParseConfig("carnet.toml", []byte("\uFEFFlanguage = \"en\"\n[projects]\napi = \"api/memory_sessions\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Language != "en" || c.Projects["api"] != "api/memory_sessions" {
		t.Fatalf("%+v", c)
	}
}

// manyProjects is a carnet.toml of n projects, and n MCP clients.
func manyProjects(n int) []byte {
	var b strings.Builder
	b.WriteString("[projects]\n")
	for i := range n {
		fmt.Fprintf(&b, "p%d = \"projects/p%d/memory_sessions\"\n", i, i)
	}
	b.WriteString("[mcp.access]\n")
	for i := range n {
		fmt.Fprintf(&b, "\"client %d\" = \"read\"\n", i)
	}
	return []byte(b.String())
}

// TestParseConfigManyKeys parses a file of 20,000 projects (BenchmarkParseConfig20K times it).
func TestParseConfigManyKeys(t *testing.T) {
	t.Parallel()
	c, err := ParseConfig("carnet.toml", manyProjects(20000))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Projects) != 20000 || c.Projects["p19999"] != "projects/p19999/memory_sessions" || c.Access("client 7") != "read" || c.Access("x") != "full" {
		t.Fatalf("%d projects, %v", len(c.Projects), c.MCP.Access["client 7"])
	}
}

func BenchmarkParseConfig20K(b *testing.B) {
	data := manyProjects(20000)
	for b.Loop() {
		if _, err := ParseConfig("carnet.toml", data); err != nil {
			b.Fatal(err)
		}
	}
}

func TestDiscoveryAndRouting(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	for _, d := range []string{"memory_sessions/logs", "projects/cmms_doc/memory_sessions/logs", "projects/competitors/memory_sessions", "node_modules/x/memory_sessions", ".hidden/memory_sessions", "b/cmms_doc/memory_sessions"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(w.Names(), ","); got != "cmms_doc,competitors,projects/cmms_doc,root" {
		t.Fatalf("projects = %s", got)
	}
	if p := w.ProjectFor(filepath.Join(root, "projects", "competitors", "notes.md")); p == nil || p.RelDir != "projects/competitors/memory_sessions" {
		t.Fatalf("ProjectFor competitors = %+v", p)
	}
	if p := w.ProjectFor("projects/cmms_doc/src/a.go"); p == nil || p.RelDir != "projects/cmms_doc/memory_sessions" {
		t.Fatalf("relative ProjectFor = %+v", p)
	}
	if p := w.ProjectFor(filepath.Join(root, "README.md")); p == nil || p.Name != "root" {
		t.Fatalf("root ProjectFor = %+v", p)
	}
	if p := w.ProjectFor("/elsewhere/x"); p != nil {
		t.Fatalf("outside path routed to %s", p.Name)
	}
	if _, err := w.Project("nope"); err == nil || !strings.Contains(err.Error(), "known: ") {
		t.Fatalf("unknown project error: %v", err)
	}
	if got := w.Abs("a/b.md"); got != filepath.Join(root, "a", "b.md") {
		t.Fatalf("Abs = %s", got)
	}
}

func TestConfiguredProjects(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, ConfigFile), []byte("[projects]\nmain = \"memory_sessions\"\ndoc = \"docs/memory_sessions\"\n"), 0o644)
	w, err := Open(root)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(w.Names(), ","); got != "doc,main" {
		t.Fatalf("projects = %s", got)
	}
	os.WriteFile(filepath.Join(root, ConfigFile), []byte("[projects]\nmain = 3\n"), 0o644)
	if _, err := Open(root); err == nil || !strings.Contains(err.Error(), "carnet.toml:2") {
		t.Fatalf("want a located error, got %v", err)
	}
}

func TestResolveRoot(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("CLAUDE_PROJECT_DIR", dir)
	got, err := ResolveRoot("")
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := filepath.EvalSymlinks(dir); got != want {
		t.Fatalf("got %s want %s", got, want)
	}
	if _, err := ResolveRoot(filepath.Join(dir, "missing")); err == nil {
		t.Fatal("want error for a missing root")
	}
}

// Client names match [mcp.access] case and surrounding spaces aside; when two keys differ
// only by case, the stricter access wins.
func TestAccessFoldsNames(t *testing.T) {
	t.Parallel()
	c, err := ParseConfig("carnet.toml", []byte("[mcp.access]\n\"*\" = \"full\"\nReader = \"read\"\nCodex = \"full\"\ncodex = \"none\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	for client, want := range map[string]string{
		"reader": "read", "READER": "read", " Reader\t": "read",
		"codex": "none", "CODEX": "none", "other": "full", "": "full",
	} {
		if got := c.Access(client); got != want {
			t.Errorf("Access(%q) = %q, want %q", client, got, want)
		}
	}
}
