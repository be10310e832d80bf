package mcpserver

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestSearchRanked: hits come best first with a section and a date, pages follow offset,
// filters apply, and a workspace-wide query is one audit line, not one per project.
func TestSearchRanked(t *testing.T) {
	t.Parallel()
	root := newWS(t, `[projects]
api = "api/memory_sessions"
web = "web/memory_sessions"
`)
	for d := 1; d <= 9; d++ {
		writeFile(t, root, fmt.Sprintf("web/memory_sessions/logs/2026-03-0%d.md", d),
			fmt.Sprintf("# Log\n\n## Travail produit\n- Le port %d du proxy est ouvert.\n\n## Décisions\n- Le proxy garde son port.\n", 8000+d))
	}
	writeFile(t, root, "api/memory_sessions/long_memory.md", "# Mémoire\n\n## 2026-02-01\n- Le support de l'import CSV tient sur le port 9000 du proxy Zéphyr.\n")
	c := connect(t, root, "claude")

	var out SearchOut
	text := c.ok("memory_search", map[string]any{"query": "zephyr port", "project": "*"}, &out)
	if out.Total != 1 || out.Hits[0].Project != "api" || out.Hits[0].Date != "2026-02-01" || out.Hits[0].Section != "2026-02-01" {
		t.Errorf("rare word: %+v", out)
	}
	mustContain(t, "search text", text, "1 of 1 match(es)", "api: long_memory.md:4: [2026-02-01]")

	c.ok("memory_search", map[string]any{"query": "port", "project": "web", "limit": 4}, &out)
	if out.Total != 18 || len(out.Hits) != 4 || !out.More || out.Next != 4 || out.Hits[0].Date != "2026-03-09" {
		t.Errorf("first page: %+v", out)
	}
	first := slices.Clone(out.Hits)
	c.ok("memory_search", map[string]any{"query": "port", "project": "web", "limit": 4, "offset": 4}, &out)
	if len(out.Hits) != 4 || out.Next != 8 || out.Hits[0] == first[0] {
		t.Errorf("second page: %+v", out)
	}
	c.ok("memory_search", map[string]any{"query": "port", "project": "web", "section": "decisions", "from": "2026-03-03", "to": "2026-03-05"}, &out)
	if out.Total != 3 || out.More {
		t.Errorf("filtered: %+v", out)
	}
	for _, h := range out.Hits {
		if h.Section != "Décisions" || h.Date < "2026-03-03" || h.Date > "2026-03-05" {
			t.Errorf("filtered hit %+v", h)
		}
	}
	c.fail("memory_search", map[string]any{"query": "port", "from": "mars"})

	// one audit line per query, workspace-wide or not (the SDK refuses a bad date before the call)
	lines := 0
	for _, p := range []string{"api", "web"} {
		data, err := os.ReadFile(filepath.Join(root, p, "memory_sessions", "logs", ".debug", AuditFile))
		if err == nil {
			lines += strings.Count(string(data), `"tool":"memory_search"`)
		}
	}
	if want := 4; lines != want {
		t.Errorf("%d audit lines for 4 searches, want %d", lines, want)
	}
}

// TestRecent: memory_recent lists the commits that changed the memory and the logs of the
// last days; without git it says so and still lists the logs.
func TestRecent(t *testing.T) {
	gitEnv(t)
	root := seeded(t, "[hook]\nautocommit = true\n")
	c := connect(t, root, "codex")
	var out RecentOut
	text := c.ok("memory_recent", nil, &out)
	if out.GitNote == "" || len(out.Logs) != 1 || out.Logs[0].Date != "2026-03-21" || out.Since != "2026-03-15" {
		t.Errorf("recent without git = %+v", out)
	}
	mustContain(t, "recent text", text, "No git history", "- 2026-03-21")

	git(t, root, "init", "-q", "-b", "main")
	git(t, root, "add", ".")
	git(t, root, "commit", "-q", "-m", "initial")
	c.ok("memory_add", map[string]any{"section": "decisions", "bullets": []string{"Un commit par écriture"}}, nil)
	out = RecentOut{}
	text = c.ok("memory_recent", map[string]any{"days": 3}, &out)
	if out.GitNote != "" || len(out.Commits) != 2 || len(out.Logs) != 2 || out.Logs[0].Date != today {
		t.Fatalf("recent = %+v", out)
	}
	if f := out.Commits[0].Files; len(f) != 1 || f[0] != "logs/"+today+".md +4 -0" {
		t.Errorf("newest commit files = %v", f)
	}
	mustContain(t, "recent text", text, "## Commits, newest first", "memory_add", "initial")
	c.ok("memory_recent", map[string]any{"days": 0, "project": "root"}, nil)
	c.fail("memory_recent", map[string]any{"days": 1000})
}

// TestSearchSeesOutsideWrite: the long-running server keeps its listings between searches
// (an inotify watch vouches for them), yet a file written by another process just before a
// search — no wait between the write and the call — and a file removed are in the very
// next answer.
func TestSearchSeesOutsideWrite(t *testing.T) {
	t.Parallel()
	root := newWS(t, "[projects]\napi = \"api/memory_sessions\"\nweb = \"web/memory_sessions\"\n")
	writeFile(t, root, "web/memory_sessions/logs/2026-03-01.md", "# Log\n\n## Décisions\n- Le proxy garde son port.\n")
	writeFile(t, root, "api/memory_sessions/long_memory.md", "# Mémoire\n\n- Le support tient.\n")
	c := connect(t, root, "claude")
	search := func(q string) SearchOut {
		t.Helper()
		var out SearchOut
		c.ok("memory_search", map[string]any{"query": q, "project": "*"}, &out)
		return out
	}
	for range 3 { // the second search starts the watch, the third lists under it
		search("proxy")
	}
	for i, word := range []string{"quetzal", "tlaloc", "mictlan"} {
		rel := fmt.Sprintf("api/memory_sessions/logs/2026-03-1%d.md", i)
		writeFile(t, root, rel, "# Log\n\n## Décisions\n- Le "+word+" est relu.\n")
		if out := search(word); out.Total != 1 || out.Hits[0].Project != "api" {
			t.Errorf("%s written just before the search: %+v", word, out)
		}
		if err := os.Remove(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
			t.Fatal(err)
		}
		if out := search(word); out.Total != 0 {
			t.Errorf("%s removed just before the search: %+v", word, out)
		}
	}
}
