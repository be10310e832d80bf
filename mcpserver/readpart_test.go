package mcpserver

import (
	"context"
	"encoding/json"
	"testing"

	"carnet/memstore/gitrepo"
)

// TestReadPart: memory_read returns a line range or one section, numbered in the text, raw
// in content, with the whole file's version.
func TestReadPart(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	var out FileContent
	text := c.ok("memory_read", map[string]any{"path": "logs/2026-03-21.md", "from": 3, "to": 4}, &out)
	if out.Content != "## Contexte\n- Refonte du système de mémoire de session.\n" || out.From != 3 || out.To != 4 ||
		out.Version != gitrepo.BlobVersion([]byte(seedLog)) || out.Lines != 11 {
		t.Errorf("range read = %+v", out)
	}
	mustContain(t, "range text", text, "lines 3–4", "3\t## Contexte\n4\t- Refonte")
	mustNotContain(t, "range text", text, "Problèmes")

	for _, sec := range []string{"À suivre", "## À suivre", "a_suivre"} {
		c.ok("memory_read", map[string]any{"path": "logs/2026-03-21.md", "section": sec}, &out)
		if out.From != 9 || out.To != 11 || out.Content != "## À suivre\n- Valider que la découverte des skills fonctionne après le patch.\n- Mesurer le hook sur un transcript de 200 Mo.\n" {
			t.Errorf("section %q = %+v", sec, out)
		}
	}
	c.ok("memory_read", map[string]any{"path": "long_memory.md", "section": "2026-03-09"}, &out)
	if out.From != 3 || out.To != 5 {
		t.Errorf("long memory section = %+v", out)
	}
	// to past the end is clamped; from past it, an unknown section or to < from are refused
	c.ok("memory_read", map[string]any{"path": "logs/2026-03-21.md", "from": 10, "to": 500}, &out)
	if out.From != 10 || out.To != 11 {
		t.Errorf("clamped read = %+v", out)
	}
	mustContain(t, "past the end", c.fail("memory_read", map[string]any{"path": "logs/2026-03-21.md", "from": 12}), "has 11 lines")
	mustContain(t, "no section", c.fail("memory_read", map[string]any{"path": "logs/2026-03-21.md", "section": "Décisions"}), `no section "Décisions"`)
	c.fail("memory_read", map[string]any{"path": "logs/2026-03-21.md", "from": 5, "to": 2})
}

// TestToolListBudget: the whole tool list, with descriptions and schemas, stays under 2,000
// tokens (4 characters a token): it is in every session's context.
func TestToolListBudget(t *testing.T) {
	t.Parallel()
	c := connect(t, newWS(t, ""), "claude")
	res, err := c.cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(res.Tools)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d tools, %d characters", len(res.Tools), len(js))
	if len(js) > 2000*4 {
		t.Errorf("the tool list is %d characters (%d tokens), want under 2,000 tokens", len(js), len(js)/4)
	}
}
