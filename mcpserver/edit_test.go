package mcpserver

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"carnet/memstore/gitrepo"
)

// connectStdio serves root over ServeStdio (the code path of carnet mcp) and connects the
// SDK's client to it through pipes, as a host does through the process's stdin and stdout.
func connectStdio(t *testing.T, root, name string) *client {
	t.Helper()
	s := New(Options{Root: root, Now: func() time.Time { return testNow }})
	cr, sw := io.Pipe() // server → client
	sr, cw := io.Pipe() // client → server
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.ServeStdio(ctx, sr, sw); sw.Close() }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1.0"}, nil).
		Connect(ctx, &mcp.IOTransport{Reader: cr, Writer: cw}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cw.Close()
		if err := <-done; err != nil {
			t.Errorf("ServeStdio: %v", err)
		}
		cancel()
	})
	return &client{t: t, cs: cs, root: root}
}

const longPath = "memory_sessions/long_memory.md"

func TestEditReplaceOverStdio(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connectStdio(t, root, "claude")
	var fc FileContent
	c.ok("memory_read", map[string]any{"path": "long_memory.md"}, &fc)

	// a count that does not hold, and a stale version, change nothing
	msg := c.fail("memory_edit", map[string]any{"path": "long_memory.md", "op": "replace", "old": "l'", "new": "le ", "version": fc.Version})
	mustContain(t, "count", msg, "found 2 time(s), not 1", "Nothing was written")
	msg = c.fail("memory_edit", map[string]any{"path": "long_memory.md", "op": "replace", "old": "Déduplication", "new": "Dédup", "version": "0123456789"})
	mustContain(t, "stale", msg, "changed since you read it")
	if got := readFile(t, root, longPath); got != seedLong {
		t.Fatalf("a refused edit changed the file:\n%s", got)
	}

	var out EditOut
	text := c.ok("memory_edit", map[string]any{"path": "long_memory.md", "op": "replace", "old": "l'existant est relu", "new": "l'existant est relu une fois", "version": fc.Version}, &out)
	mustContain(t, "edit text", text, "Edited long_memory.md", "+ - Déduplication : l'existant est relu une fois avant d'écrire.")
	want := strings.Replace(seedLong, "est relu avant", "est relu une fois avant", 1)
	if got := readFile(t, root, longPath); got != want {
		t.Errorf("after replace:\n%s", got)
	}
	if out.Version != gitrepo.BlobVersion([]byte(want)) || len(out.Added) != 1 || len(out.Removed) != 1 {
		t.Errorf("result: %+v", out)
	}
	// two matches expected and found: both replaced
	c.ok("memory_edit", map[string]any{"path": "long_memory.md", "op": "replace", "old": "l'", "new": "l’", "count": 2}, nil)
	mustContain(t, "count 2", readFile(t, root, longPath), "appeler l’extracteur", "Déduplication : l’existant")
}

func TestEditSectionsAndSecrets(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connectStdio(t, root, "claude")
	log := "memory_sessions/logs/2026-03-21.md"
	c.ok("memory_edit", map[string]any{"path": "logs/2026-03-21.md", "op": "append", "section": "a_suivre", "new": "- Relire le parseur."}, nil)
	c.ok("memory_edit", map[string]any{"path": "logs/2026-03-21.md", "op": "prepend", "section": "Contexte", "new": "- Premier point."}, nil)
	got := readFile(t, root, log)
	mustContain(t, "append/prepend", got, "## Contexte\n- Premier point.\n- Refonte",
		"- Mesurer le hook sur un transcript de 200 Mo.\n- Relire le parseur.\n")

	var fc FileContent
	c.ok("memory_read", map[string]any{"path": "logs/2026-03-21.md"}, &fc)
	msg := c.fail("memory_edit", map[string]any{"path": "logs/2026-03-21.md", "op": "replace_section", "section": "Problèmes rencontrés", "new": "- fixed"})
	mustContain(t, "no version", msg, "needs the file's version")
	c.ok("memory_edit", map[string]any{"path": "logs/2026-03-21.md", "op": "replace_section", "section": "Problèmes rencontrés",
		"new": "- Résolu : tool_result gardés.", "version": fc.Version}, nil)
	got = readFile(t, root, log)
	mustContain(t, "replace_section", got, "## Problèmes rencontrés\n- Résolu : tool_result gardés.\n\n## À suivre")
	mustNotContain(t, "replace_section", got, "filtrés incorrectement")

	msg = c.fail("memory_edit", map[string]any{"path": "logs/2026-03-21.md", "op": "append", "section": "Contexte", "new": "- clé AKIAIOSFODNN7EXAMPLE"})
	mustContain(t, "secret", msg, "looks like a secret")
	if readFile(t, root, log) != got {
		t.Error("a refused secret changed the file")
	}
	msg = c.fail("memory_edit", map[string]any{"path": "logs/2026-03-20.md", "op": "append", "section": "Contexte", "new": "- x"})
	mustContain(t, "missing", msg, "not found")
}

// What one edit adds is bounded; the file it edits is not.
func TestEditLargeFile(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	big := seedLong + strings.Repeat("- Un fait ancien, gardé tel quel dans la mémoire.\n", 600) // ~30,000 characters
	writeFile(t, root, longPath, big)
	c := connect(t, root, "claude")
	c.ok("memory_edit", map[string]any{"path": "long_memory.md", "op": "append", "section": "2026-03-09", "new": "- Nouveau fait."}, nil)
	mustContain(t, "large file", readFile(t, root, longPath), "gardé tel quel dans la mémoire.\n- Nouveau fait.\n")
	msg := c.fail("memory_edit", map[string]any{"path": "long_memory.md", "op": "append", "section": "2026-03-09", "new": strings.Repeat("- Trop long pour une seule fois.\n", 700)})
	mustContain(t, "too much", msg, "20000-character limit")
}

func TestEditSupersede(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	c.ok("memory_edit", map[string]any{"path": "long_memory.md", "op": "supersede", "old": "extracteur dossier temporaire",
		"new": "Le hook appelle l'extracteur dans un dossier temporaire créé par os.MkdirTemp. !7 #hook"}, nil)
	got := readFile(t, root, longPath)
	mustContain(t, "supersede", got, "- Le hook appelle l'extracteur dans un dossier temporaire créé par os.MkdirTemp. !7 #hook\n"+
		"  - ~~Le hook doit appeler l'extracteur depuis un dossier temporaire (pas depuis le projet).~~ (remplacé le "+today+")\n")
	var res SearchOut
	c.ok("memory_search", map[string]any{"query": "extracteur temporaire"}, &res)
	if res.Total != 1 || !strings.Contains(res.Hits[0].Text, "os.MkdirTemp") {
		t.Errorf("search should find the new bullet only: %+v", res.Hits)
	}
	msg := c.fail("memory_edit", map[string]any{"path": "long_memory.md", "op": "supersede", "old": "rien de tel", "new": "x"})
	mustContain(t, "no match", msg, "no bullet matches")
}

// A read-only client cannot edit.
func TestEditReadOnly(t *testing.T) {
	t.Parallel()
	root := seeded(t, "[mcp.access]\n\"*\" = \"read\"\n")
	c := connect(t, root, "viewer")
	msg := c.fail("memory_edit", map[string]any{"path": "long_memory.md", "op": "append", "section": "2026-03-09", "new": "- x"})
	mustContain(t, "read-only", msg, "read-only access")
}

// A section neither in the file nor known is a typo: refused with the sections that would do,
// unless new_section asks for it.
func TestEditUnknownSection(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	log := "memory_sessions/logs/2026-03-21.md"
	before := readFile(t, root, log)
	msg := c.fail("memory_edit", map[string]any{"path": "logs/2026-03-21.md", "op": "append", "section": "decsions", "new": "- x"})
	mustContain(t, "typo", msg, `unknown section "decsions"`, "Contexte", "a_suivre", "set new_section to create it", "Nothing was written")
	if readFile(t, root, log) != before {
		t.Fatal("a refused section changed the file")
	}
	c.ok("memory_edit", map[string]any{"path": "logs/2026-03-21.md", "op": "append", "section": "Questions", "new_section": true, "new": "- Quel cache ?"}, nil)
	mustContain(t, "asked for", readFile(t, root, log), "## Questions\n- Quel cache ?\n")
}
