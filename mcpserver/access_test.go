package mcpserver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const accessTOML = `[mcp.access]
"*" = "full"
reader = "read"
blocked = "none"
`

const sensitiveLog = `# Log session — 2026-03-20

<!-- carnet: sensitive -->

## Connaissances acquises
- Le staging de Zorglub se gère depuis le bastion interne.

## À suivre
- Renouveler le certificat Zorglub.
`

func accessWS(t *testing.T) string {
	root := seeded(t, accessTOML)
	writeFile(t, root, "memory_sessions/logs/2026-03-20.md", sensitiveLog)
	writeFile(t, root, "memory_sessions/logs/archives/2026-01-05.md", "# Log\n\n<!--CARNET:Sensitive-->\n## Contexte\n- Zorglub archivé.\n")
	return root
}

func TestIsSensitive(t *testing.T) {
	t.Parallel()
	for text, want := range map[string]bool{
		"# x\n<!-- carnet: sensitive -->\n- a\n": true,
		"<!--carnet:sensitive-->":                true,
		"  <!--  Carnet :  SENSITIVE  -->\r\n":   true,
		"- <!-- carnet: sensitive --> inline\n":  false,
		"- this file is sensitive\n":             false,
		"":                                       false,
	} {
		if got := IsSensitive([]byte(text)); got != want {
			t.Errorf("IsSensitive(%q) = %v", text, got)
		}
	}
}

func TestReadAccess(t *testing.T) {
	t.Parallel()
	root := accessWS(t)
	c := connect(t, root, "reader")
	before := snapshot(t, root)

	// the index leaves the sensitive log, its open item and the sensitive archive out
	var idx IndexOut
	text := c.ok("memory_index", nil, &idx)
	if idx.Access != "read" || len(idx.Logs) != 1 || len(idx.OpenItems) != 2 || idx.Archives.Count != 1 {
		t.Errorf("read-only index = %+v", idx)
	}
	mustNotContain(t, "read-only index", text, "2026-03-20", "Zorglub", "2026-01-05")
	mustContain(t, "read-only index", text, "2026-03-21", "Le hook doit appeler")

	// read: the sensitive file is "not found", exactly like a missing one
	hidden := c.fail("memory_read", map[string]any{"path": "logs/2026-03-20.md"})
	missing := c.fail("memory_read", map[string]any{"path": "logs/2026-03-19.md"})
	if strings.ReplaceAll(missing, "2026-03-19", "2026-03-20") != hidden {
		t.Errorf("hidden file refusal %q differs from a missing file's %q", hidden, missing)
	}
	c.fail("memory_read", map[string]any{"path": "logs/archives/2026-01-05.md"})
	c.ok("memory_read", map[string]any{"path": "logs/2026-03-21.md"}, nil)

	// search: no hit from a sensitive file
	var out SearchOut
	c.ok("memory_search", map[string]any{"query": "zorglub"}, &out)
	if len(out.Hits) != 0 {
		t.Errorf("read-only search found %+v", out.Hits)
	}
	c.ok("memory_search", map[string]any{"query": "hook"}, &out)
	if len(out.Hits) == 0 {
		t.Error("read-only search found nothing")
	}

	// no write tool is usable; nothing changes
	for tool, args := range map[string]map[string]any{
		"memory_add":    {"section": "travail", "bullets": []string{"x"}},
		"memory_done":   {"text": "valider skills"},
		"memory_write":  {"path": "long_memory.md", "content": "# x\n", "version": idx.LongMemory.Version},
		"memory_forget": {"path": "long_memory.md", "bullet": "Déduplication : l'existant est relu avant d'écrire."},
	} {
		msg := c.fail(tool, args)
		mustContain(t, tool, msg, "refused", `"reader" has read-only access`, "Nothing was changed")
	}
	if after := snapshot(t, root); after != before {
		t.Errorf("a read-only client changed memory:\n%s\n---\n%s", before, after)
	}

	// a full client sees the sensitive log, flagged
	full := connect(t, root, "claude")
	text = full.ok("memory_index", nil, &idx)
	if len(idx.Logs) != 2 || !idx.Logs[1].Sensitive || len(idx.OpenItems) != 3 {
		t.Errorf("full index = %+v", idx)
	}
	mustContain(t, "full index", text, "2026-03-20", "(sensitive)", "Renouveler le certificat Zorglub")
	var fc FileContent
	full.ok("memory_read", map[string]any{"path": "logs/2026-03-20.md"}, &fc)
	if !fc.Sensitive || fc.Content != sensitiveLog {
		t.Errorf("full read = %+v", fc)
	}
	full.ok("memory_search", map[string]any{"query": "zorglub"}, &out)
	if len(out.Hits) != 3 {
		t.Errorf("full search = %+v", out.Hits)
	}
}

// --client wins over the name the client gives, and carnet.toml is read on every call.
func TestClientFlagAndLiveConfig(t *testing.T) {
	t.Parallel()
	root := accessWS(t)
	c := connect(t, root, "claude", func(o *Options) { o.Client = "reader" })
	msg := c.fail("memory_add", map[string]any{"section": "travail", "bullets": []string{"x"}})
	mustContain(t, "pinned client", msg, `"reader" has read-only access`)

	writeFile(t, root, "carnet.toml", strings.Replace(accessTOML, `reader = "read"`, `reader = "none"`, 1))
	msg = c.fail("memory_index", nil)
	mustContain(t, "live config", msg, "access denied")

	writeFile(t, root, "carnet.toml", "[mcp.access]\nreader = \"maybe\"\n")
	msg = c.fail("memory_index", nil)
	mustContain(t, "bad config", msg, "carnet.toml:2", "maybe")
}

// Client names match [mcp.access] whatever their case and surrounding spaces.
func TestAccessIgnoresCase(t *testing.T) {
	t.Parallel()
	root := accessWS(t)
	for _, name := range []string{"READER", " Reader "} {
		msg := connect(t, root, name).fail("memory_add", map[string]any{"section": "travail", "bullets": []string{"x"}})
		mustContain(t, name, msg, "read-only access")
	}
	pinned := connect(t, root, "claude", func(o *Options) { o.Client = "Blocked" })
	mustContain(t, "pinned Blocked", pinned.fail("memory_index", nil), "access denied")
}

// A client name is one line of safe characters wherever carnet writes it: the refusal, the
// audit log; a pinned --client wins over the name the client gives.
func TestClientNameSanitised(t *testing.T) {
	t.Parallel()
	root := seeded(t, "[mcp.access]\n\"*\" = \"read\"\n")
	c := connect(t, root, "reader\nSigned-off-by: Mallory <m@example.com>\x1b[31m")
	msg := c.fail("memory_add", map[string]any{"section": "travail", "bullets": []string{"x"}})
	const clean = "reader Signed-off-by_ Mallory _m@example.com__31m"
	mustContain(t, "refusal", msg, `"`+clean+`"`)
	for _, e := range auditLines(t, root) {
		if e.Client != clean {
			t.Errorf("audit client %q", e.Client)
		}
	}
	for name, want := range map[string]string{
		"claude":                    "claude",
		"  Claude Code 1.2/x@y_z- ": "Claude Code 1.2/x@y_z-",
		"a\tb\r\nc":                 "a b c",
		"\x00\x1b":                  "",
		"é\u202etxt.exe":            "é_txt.exe",
		strings.Repeat("n", 100):    strings.Repeat("n", MaxClientName),
	} {
		if got := CleanClientName(name); got != want {
			t.Errorf("CleanClientName(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestNoAccess(t *testing.T) {
	t.Parallel()
	root := accessWS(t)
	c := connect(t, root, "blocked")
	before := snapshot(t, root)
	calls := map[string]map[string]any{
		"memory_index":  nil,
		"memory_read":   {"path": "long_memory.md"},
		"memory_search": {"query": "hook"},
		"memory_add":    {"section": "travail", "bullets": []string{"x"}},
		"memory_done":   {"text": "valider skills"},
		"memory_write":  {"path": "long_memory.md", "content": "# x\n", "version": ""},
		"memory_forget": {"path": "long_memory.md", "bullet": "x"},
	}
	for tool, args := range calls {
		msg := c.fail(tool, args)
		mustContain(t, tool, msg, "access denied", `"blocked"`)
		mustNotContain(t, tool, msg, "hook", "Zorglub")
	}
	if after := snapshot(t, root); after != before {
		t.Error("a client without access changed memory")
	}
	lines := auditLines(t, root)
	if len(lines) != len(calls) {
		t.Fatalf("%d audit lines, want %d", len(lines), len(calls))
	}
	for _, e := range lines {
		if e.Client != "blocked" || e.Result != resDenied || e.Access != "none" {
			t.Errorf("audit line %+v", e)
		}
	}
}

// snapshot is every memory file (not .debug) with its content, to prove nothing changed.
func snapshot(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	dir := filepath.Join(root, "memory_sessions")
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == ".debug" {
			return filepath.SkipDir
		}
		if !d.IsDir() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			b.WriteString("== " + p + "\n" + string(data))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
