package mcpserver

import (
	"strings"
	"testing"

	"carnet/memstore/gitrepo"
)

// Control characters sent in bullets are not stored: memory_add writes the bullet without
// them (and echoes what it wrote); a bullet of nothing else is refused like an empty one;
// memory_write refuses content holding them.
func TestControlCharactersRefusedOrDropped(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "codex")
	var out AddOut
	text := c.ok("memory_add", map[string]any{"section": "travail", "bullets": []string{"Sortie \x1b[31mrouge\x00 lue"}}, &out)
	if len(out.Added) != 1 || out.Added[0].Text != "Sortie [31mrouge lue" {
		t.Errorf("added = %+v", out.Added)
	}
	mustContain(t, "confirmation", text, "\n- "+noted("codex", "Sortie [31mrouge lue")+"\n")
	mustContain(t, "log", readFile(t, root, todayLog), "\n- "+noted("codex", "Sortie [31mrouge lue")+"\n")

	before := snapshot(t, root)
	msg := c.fail("memory_add", map[string]any{"section": "travail", "bullets": []string{"\x00\x1b\x07"}})
	mustContain(t, "control-only bullet", msg, "refused", "empty", "Nothing was written")

	var fc FileContent
	c.ok("memory_read", map[string]any{"path": "long_memory.md"}, &fc)
	msg = c.fail("memory_write", map[string]any{"path": "long_memory.md", "content": fc.Content + "- \x1b]0;titre\x07 caché\n", "version": fc.Version})
	mustContain(t, "write with ESC", msg, "refused", "control character", "line ", "Nothing was written")
	c.ok("memory_write", map[string]any{"path": "long_memory.md", "content": fc.Content + "- colonnes\tà tabulation\r\n", "version": fc.Version}, nil)
	if after := snapshot(t, root); strings.ContainsAny(after, "\x00\x1b\x07") || after == before {
		t.Errorf("memory holds control characters or the tab write failed:\n%q", after)
	}
}

// memory_write takes a version exactly as memory_read gives it (case and surrounding spaces
// aside): anything else is refused as invalid, not compared.
func TestWriteVersionFormat(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "codex")
	v := gitrepo.BlobVersion([]byte(seedLong))
	for _, bad := range []string{v + "junk", v + " x", v + "00", v[:9], v[:9] + "g", "v" + v} {
		msg := c.fail("memory_write", map[string]any{"path": "long_memory.md", "content": "# x\n", "version": bad})
		mustContain(t, bad, msg, "refused", "not a version", "Nothing was written")
	}
	if got := readFile(t, root, "memory_sessions/long_memory.md"); got != seedLong {
		t.Errorf("long memory changed:\n%s", got)
	}
	c.ok("memory_write", map[string]any{"path": "long_memory.md", "content": seedLong + "- Fait.\n", "version": " " + strings.ToUpper(v) + " "}, nil)
}

// memory_write creates a daily log only for a real calendar date.
func TestWriteLogDate(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "codex")
	for _, name := range []string{"logs/2026-13-45.md", "logs/2026-02-30.md", "logs/archives/2025-00-10.md"} {
		msg := c.fail("memory_write", map[string]any{"path": name, "content": "# Log\n", "version": ""})
		mustContain(t, name, msg, "refused", "a calendar date", "Nothing was written")
		if exists(root, "memory_sessions/"+name) {
			t.Errorf("%s was created", name)
		}
	}
	c.ok("memory_write", map[string]any{"path": "logs/2024-02-29.md", "content": "# Log\n", "version": ""}, nil)
}
