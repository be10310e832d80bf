package mcpserver

import (
	"carnet/memstore/gitrepo"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const seedLog = `# Log session — 2026-03-21

## Contexte
- Refonte du système de mémoire de session.

## Problèmes rencontrés
- Extraction du transcript échouait : messages tool_result filtrés incorrectement.

## À suivre
- Valider que la découverte des skills fonctionne après le patch.
- Mesurer le hook sur un transcript de 200 Mo.
`

const seedLong = `# Mémoire long terme — root

## 2026-03-09
- Le hook doit appeler l'extracteur depuis un dossier temporaire (pas depuis le projet).
- Déduplication : l'existant est relu avant d'écrire.
`

func seeded(t *testing.T, toml string) string {
	root := newWS(t, toml)
	writeFile(t, root, "memory_sessions/logs/2026-03-21.md", seedLog)
	writeFile(t, root, "memory_sessions/long_memory.md", seedLong)
	writeFile(t, root, "memory_sessions/logs/archives/2026-01-10.md", "# Log session — 2026-01-10\n\n## Travail produit\n- Premier parseur de transcript.\n")
	return root
}

func TestToolsList(t *testing.T) {
	t.Parallel()
	c := connect(t, newWS(t, ""), "claude")
	res, err := c.cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{"memory_index": true, "memory_read": true, "memory_search": true, "memory_recent": true,
		"memory_add": false, "memory_done": false, "memory_write": false, "memory_forget": false, "memory_edit": false}
	if len(res.Tools) != len(want) {
		t.Errorf("got %d tools, want %d", len(res.Tools), len(want))
	}
	for _, tool := range res.Tools {
		ro, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %s", tool.Name)
			continue
		}
		if tool.Annotations == nil || tool.Annotations.ReadOnlyHint != ro {
			t.Errorf("%s: readOnlyHint should be %v", tool.Name, ro)
		}
		if tool.Description == "" {
			t.Errorf("%s has no description", tool.Name)
		}
		// every tool takes an optional project, and no schema lets a list be null
		in, _ := json.Marshal(tool.InputSchema)
		out, _ := json.Marshal(tool.OutputSchema)
		mustContain(t, tool.Name+" input schema", string(in), `"project"`)
		mustNotContain(t, tool.Name+" schemas", string(in)+string(out), `"null"`)
	}
}

func TestIndex(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	var out IndexOut
	text := c.ok("memory_index", nil, &out)
	mustContain(t, "index text", text,
		"Le hook doit appeler l'extracteur depuis un dossier temporaire",
		"- 2026-03-21  ", "2 open items",
		"Mesurer le hook sur un transcript de 200 Mo.",
		"Archives: 1 older log(s), 2026-01-10 to 2026-01-10")
	if out.Project != "root" || out.MemoryDir != "memory_sessions" || out.Access != "full" {
		t.Errorf("index header = %+v", out)
	}
	if out.LongMemory == nil || out.LongMemory.Content != seedLong || out.LongMemory.Version != gitrepo.BlobVersion([]byte(seedLong)) {
		t.Errorf("long memory = %+v", out.LongMemory)
	}
	if len(out.Logs) != 1 || out.Logs[0].Date != "2026-03-21" || out.Logs[0].OpenItems != 2 || out.Logs[0].Size != int64(len(seedLog)) {
		t.Errorf("logs = %+v", out.Logs)
	}
	if len(out.OpenItems) != 2 || out.OpenItems[0].Path != "logs/2026-03-21.md" {
		t.Errorf("open items = %+v", out.OpenItems)
	}
}

func TestIndexEmpty(t *testing.T) {
	t.Parallel()
	c := connect(t, newWS(t, ""), "claude")
	var out IndexOut
	text := c.ok("memory_index", nil, &out)
	mustContain(t, "empty index", text, "No long_memory.md yet", "No daily log yet")
	if out.Logs == nil || out.OpenItems == nil || out.LongMemory != nil {
		t.Errorf("empty index = %+v", out)
	}
}

func TestRead(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	for _, path := range []string{"logs/2026-03-21.md", "memory_sessions/logs/2026-03-21.md", "./logs/2026-03-21.md"} {
		var out FileContent
		text := c.ok("memory_read", map[string]any{"path": path}, &out)
		if out.Content != seedLog || out.Path != "logs/2026-03-21.md" || out.Version != gitrepo.BlobVersion([]byte(seedLog)) {
			t.Errorf("read %s = %+v", path, out)
		}
		if !strings.HasSuffix(text, "\n\n"+seedLog) || !strings.Contains(text, out.Version) {
			t.Errorf("read %s text:\n%s", path, text)
		}
	}
	var arch FileContent
	c.ok("memory_read", map[string]any{"path": "logs/archives/2026-01-10.md"}, &arch)
	mustContain(t, "archive", arch.Content, "Premier parseur")

	msg := c.fail("memory_read", map[string]any{"path": "logs/2026-01-01.md"})
	mustContain(t, "missing file", msg, "not found: logs/2026-01-01.md")
}

func TestPathsRefused(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	writeFile(t, root, "secret.md", "outside the memory folder\n")
	writeFile(t, root, "memory_sessions/logs/.debug/audit.jsonl", "{}\n")
	if err := os.Symlink(filepath.Join(root, "secret.md"), filepath.Join(root, "memory_sessions", "logs", "link.md")); err != nil {
		t.Fatal(err)
	}
	c := connect(t, root, "claude")
	for path, want := range map[string]string{
		"":                           "no path given",
		"/etc/passwd":                "absolute path",
		filepath.Join(root, "x.md"):  "absolute path",
		"~/notes.md":                 "absolute path",
		"../secret.md":               "leaves the memory folder",
		"logs/../../secret.md":       "leaves the memory folder",
		"logs/.debug/audit.jsonl":    "logs/.debug/",
		"logs/.debug/x.md":           "logs/.debug/",
		".gitignore":                 "hidden file",
		"../carnet.toml":             "leaves the memory folder",
		"logs/2026-03-21.txt":        "not a memory file",
		"logs/link.md":               "outside the memory folder",
		`logs\2026-03-21.md`:         "use /",
		"logs/archives/../../x.toml": "leaves the memory folder",
	} {
		msg := c.fail("memory_read", map[string]any{"path": path})
		mustContain(t, "read "+path, msg, "refused", want)
		mustNotContain(t, "read "+path, msg, "outside the memory folder\n")
	}
}

func TestSearch(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "claude")
	var out SearchOut
	text := c.ok("memory_search", map[string]any{"query": "TRANSCRIPT"}, &out)
	if len(out.Hits) != 3 || out.More {
		t.Fatalf("hits = %+v", out)
	}
	// ranked: both lines of the newer log before the archive's
	if out.Hits[2].Path != "logs/archives/2026-01-10.md" {
		t.Errorf("the archive's hit should come last: %+v", out.Hits)
	}
	h := out.Hits[0]
	if h.Line != 7 {
		h = out.Hits[1]
	}
	if h.Path != "logs/2026-03-21.md" || h.Line != 7 || h.Section != "Problèmes rencontrés" || h.Project != "root" {
		t.Errorf("first hit = %+v", h)
	}
	mustContain(t, "search text", text, "logs/2026-03-21.md:7: [Problèmes rencontrés] - Extraction du transcript", "logs/archives/2026-01-10.md:4:")

	// accents and case are ignored; all words must be present
	c.ok("memory_search", map[string]any{"query": "deduplication relu"}, &out)
	if len(out.Hits) != 1 || out.Hits[0].Path != "long_memory.md" {
		t.Errorf("accent-folded search = %+v", out.Hits)
	}
	c.ok("memory_search", map[string]any{"query": "transcript", "limit": 1}, &out)
	if len(out.Hits) != 1 || !out.More {
		t.Errorf("limited search = %+v", out)
	}
	text = c.ok("memory_search", map[string]any{"query": "introuvable"}, &out)
	if len(out.Hits) != 0 || out.Hits == nil {
		t.Errorf("no-hit search = %+v", out)
	}
	mustContain(t, "no hit", text, "No match")
}

func TestProjects(t *testing.T) {
	t.Parallel()
	root := newWS(t, `[projects]
api = "services/api/memory_sessions"
web = "web/memory_sessions"
`)
	writeFile(t, root, "services/api/memory_sessions/long_memory.md", "# Mémoire long terme — api\n\n## 2026-03-01\n- L'API parle gRPC.\n")
	writeFile(t, root, "web/memory_sessions/long_memory.md", "# Mémoire long terme — web\n\n## 2026-03-01\n- Le front parle gRPC-web.\n")
	c := connect(t, root, "claude")

	var idx IndexOut
	text := c.ok("memory_index", map[string]any{"project": "web"}, &idx)
	if idx.Project != "web" || idx.MemoryDir != "web/memory_sessions" || strings.Join(idx.Projects, ",") != "api,web" {
		t.Errorf("index of web = %+v", idx)
	}
	mustContain(t, "web index", text, "front parle", "other projects: api")
	mustNotContain(t, "web index", text, "L'API parle")

	var out SearchOut
	c.ok("memory_search", map[string]any{"query": "grpc", "project": "api"}, &out)
	if len(out.Hits) != 1 || out.Hits[0].Project != "api" {
		t.Errorf("api search = %+v", out.Hits)
	}
	text = c.ok("memory_search", map[string]any{"query": "grpc", "project": "*"}, &out)
	if len(out.Hits) != 2 {
		t.Errorf("workspace search = %+v", out.Hits)
	}
	mustContain(t, "workspace search", text, "api: long_memory.md:4:", "web: long_memory.md:4:")

	// the memory folder's path from the workspace root is accepted as a prefix
	var fc FileContent
	c.ok("memory_read", map[string]any{"project": "api", "path": "services/api/memory_sessions/long_memory.md"}, &fc)
	mustContain(t, "api read", fc.Content, "L'API parle gRPC")

	msg := c.fail("memory_index", map[string]any{"project": "nope"})
	mustContain(t, "unknown project", msg, `unknown project "nope"`, "api, web")

	// -p pins the default project
	c2 := connect(t, root, "claude", func(o *Options) { o.Project = "api" })
	c2.ok("memory_index", nil, &idx)
	if idx.Project != "api" {
		t.Errorf("pinned project = %s", idx.Project)
	}
}
