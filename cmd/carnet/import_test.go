package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"carnet/memimport"
)

// importWS is a git workspace named shop with memory, CLAUDE.md and AGENTS.md, and a home
// with Claude Code's auto memory of it and Codex's memories, from memimport's testdata
// (files written in each tool's format for the tests).
func importWS(t *testing.T) (root, engram string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git CLI not found")
	}
	dir := t.TempDir()
	root, home := filepath.Join(dir, "shop"), filepath.Join(dir, "home")
	td := filepath.Join("..", "..", "memimport", "testdata")
	copyDir(t, filepath.Join(td, "workspace"), root, "")
	copyDir(t, filepath.Join(td, "claude", "memory"), filepath.Join(home, ".claude", "projects", memimport.ClaudeProjectKey(root), "memory"), "")
	copyDir(t, filepath.Join(td, "codex"), filepath.Join(home, ".codex", "memories"), root)
	engram = filepath.Join(dir, "engram-export.json")
	copyFile(t, filepath.Join(td, "engram-export.json"), engram, "")
	write := func(rel, s string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".gitignore", "memory_sessions/logs/.debug/\n")
	write("memory_sessions/long_memory.md", "# Mémoire long terme — root\n\n## 2026-03-01\n- The image service times out on files over 20 MB.\n")
	write("memory_sessions/logs/2026-03-20.md", "# Log session — 2026-03-20\n\n## Travail produit\n- Checkout page.\n")
	t.Setenv("HOME", home)
	t.Setenv("CLAUDE_CONFIG_DIR", "")
	t.Setenv("CODEX_HOME", "")
	t.Setenv("CARNET_NOW", "2026-03-22")
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	t.Setenv("NO_COLOR", "1")
	for _, kv := range [][2]string{{"GIT_AUTHOR_NAME", "T"}, {"GIT_AUTHOR_EMAIL", "t@e"}, {"GIT_COMMITTER_NAME", "T"}, {"GIT_COMMITTER_EMAIL", "t@e"}} {
		t.Setenv(kv[0], kv[1])
	}
	for _, args := range [][]string{{"init", "-q", "-b", "main"}, {"add", "-A"}, {"commit", "-q", "-m", "start"}} {
		gitIn(t, root, args...)
	}
	return root, engram
}

func copyDir(t *testing.T, src, dst, root string) {
	t.Helper()
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		copyFile(t, filepath.Join(src, e.Name()), filepath.Join(dst, e.Name()), root)
	}
}

func copyFile(t *testing.T, src, dst, root string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, []byte(strings.ReplaceAll(string(data), "$ROOT", root)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestImportAllSourcesInOneCommit(t *testing.T) {
	root, engram := importWS(t)
	carnet := func(args ...string) (int, string, string) {
		var out, errb strings.Builder
		code := run(append([]string{"--root", root}, args...), strings.NewReader(""), &out, &errb)
		return code, out.String(), errb.String()
	}
	head := strings.TrimSpace(gitIn(t, root, "rev-parse", "HEAD"))

	// a dry run says where each thing would land and writes nothing
	code, out, errs := carnet("import", "--dry-run", "--engram", engram)
	if code != 0 {
		t.Fatalf("dry run: exit %d: %s", code, errs)
	}
	for _, want := range []string{
		"claude: 4 items from ", "left out: MEMORY.md: 3 pointers",
		"instructions: 3 items from CLAUDE.md, AGENTS.md", "codex: 3 items from ", "engram: 3 items from ",
		"+++ b/memory_sessions/long_memory.md", "+++ b/memory_sessions/notes/release-train.md", "+++ b/memory_sessions/logs/2026-03-22.md",
		"import 7 facts into long memory, 2 notes, 2 bullets into today's log",
		"left out an item of engram observation #6: it looks like a secret", "1 item already in memory",
		"dry run: nothing written",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run lacks %q:\n%s", want, out)
		}
	}
	if strings.TrimSpace(gitIn(t, root, "rev-parse", "HEAD")) != head || gitIn(t, root, "status", "--porcelain") != "" {
		t.Fatal("the dry run wrote something")
	}
	// not on a terminal: nothing asked, nothing written
	if code, _, errs := carnet("import", "--engram", engram); code != 1 || !strings.Contains(errs, "--yes") {
		t.Fatalf("no terminal: exit %d: %s", code, errs)
	}

	code, out, errs = carnet("import", "--yes", "--engram", engram)
	if code != 0 || !strings.Contains(out, "committed ") {
		t.Fatalf("import: exit %d: %s\n%s", code, errs, out)
	}
	read := func(rel string) string {
		data, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	lm := read("memory_sessions/long_memory.md")
	for _, want := range []string{
		"## 2026-03-22\n", "- Orders go through a Kafka topic, `orders.v2`, before they reach billing.\n",
		"a mocked database hid a broken migration in March. <!-- agent:claude -->\n",
		"the race was a missing await in `useCart`. <!-- agent:codex -->\n",
	} {
		if !strings.Contains(lm, want) {
			t.Errorf("long memory lacks %q:\n%s", want, lm)
		}
	}
	if strings.Count(lm, "The image service times out") != 1 || strings.Contains(lm, "Always run") || strings.Contains(lm, "Ansible") {
		t.Errorf("long memory has a duplicate, a rule or another project's fact:\n%s", lm)
	}
	if note := read("memory_sessions/notes/who-i-work-with.md"); !strings.Contains(note, "sensitive: true") || !strings.Contains(note, "leads the payments team") {
		t.Errorf("the user memory's note:\n%s", note)
	}
	today := read("memory_sessions/logs/2026-03-22.md")
	if !strings.Contains(today, "## Décisions prises\n- Orders are idempotent by their cart id\n  **What**") || !strings.Contains(today, "  (engram #2, bugfix, 2026-03-02)") {
		t.Errorf("today's log:\n%s", today)
	}
	if strings.Contains(gitIn(t, root, "log", "-p"), "Xq9vB7zT3mK8pL2w") {
		t.Fatal("the secret of the export reached git")
	}
	show := gitIn(t, root, "show", "--stat", "--format=%s%n%b", "HEAD")
	if !strings.HasPrefix(show, "memory(root): import: ") || !strings.Contains(show, "Carnet-Writer: import") || strings.Contains(show, "CLAUDE.md") {
		t.Fatalf("the commit:\n%s", show)
	}
	if n := strings.Count(gitIn(t, root, "log", "--format=%H", head+"..HEAD"), "\n"); n != 1 {
		t.Fatalf("%d commits, want one", n)
	}

	// a second import finds everything there already
	code, out, _ = carnet("import", "--yes", "--engram", engram)
	if code != 0 || !strings.Contains(out, "nothing to import into root") {
		t.Fatalf("second import: exit %d:\n%s", code, out)
	}
}
