package mcpserver

import (
	"carnet/memstore/gitrepo"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestAuditLog(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	c := connect(t, root, "codex")
	const fact = "Le parseur Quetzalcoatl lit le JSONL à rebours"
	const secret = "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-AbCdEfGhAA"
	c.ok("memory_index", nil, nil)
	c.ok("memory_add", map[string]any{"section": "connaissances", "bullets": []string{fact}}, nil)
	c.fail("memory_add", map[string]any{"section": "connaissances", "bullets": []string{"clé " + secret}})
	var fc FileContent
	c.ok("memory_read", map[string]any{"path": "logs/" + today + ".md"}, &fc)
	c.ok("memory_search", map[string]any{"query": "Quetzalcoatl"}, nil)
	c.fail("memory_write", map[string]any{"path": "logs/" + today + ".md", "content": fc.Content + "- x\n", "version": "0000000000"})
	c.ok("memory_write", map[string]any{"path": "logs/" + today + ".md", "content": fc.Content + "- Quetzalcoatl encore\n", "version": fc.Version}, nil)
	c.fail("memory_read", map[string]any{"path": "../carnet.toml"})

	raw, err := os.ReadFile(filepath.Join(root, "memory_sessions/logs/.debug", AuditFile))
	if err != nil {
		t.Fatal(err)
	}
	mustNotContain(t, "audit log", string(raw), "Quetzalcoatl", "sk-ant", "rebours", "clé")

	lines := auditLines(t, root)
	type want struct{ tool, path, result string }
	wants := []want{
		{"memory_index", "long_memory.md", resOK},
		{"memory_add", "logs/" + today + ".md", resOK},
		{"memory_add", "logs/" + today + ".md", resSecret},
		{"memory_read", "logs/" + today + ".md", resOK},
		{"memory_search", "", resOK},
		{"memory_write", "logs/" + today + ".md", resConflict},
		{"memory_write", "logs/" + today + ".md", resOK},
		{"memory_read", "", resInvalid},
	}
	if len(lines) != len(wants) {
		t.Fatalf("%d audit lines, want %d:\n%s", len(lines), len(wants), raw)
	}
	for i, w := range wants {
		e := lines[i]
		if e.Tool != w.tool || e.Path != w.path || e.Result != w.result || e.Client != "codex" || e.Project != "root" || e.Access != "full" {
			t.Errorf("audit line %d = %+v, want %+v", i, e, w)
		}
		if !strings.HasPrefix(e.Time, "2026-03-22T12:00:00") {
			t.Errorf("audit line %d time %q", i, e.Time)
		}
	}
	if lines[1].Size != len(fact) || lines[3].Size != len(fc.Content) || lines[2].Size != 0 {
		t.Errorf("sizes: add %d, refused add %d, read %d", lines[1].Size, lines[2].Size, lines[3].Size)
	}
	if lines[6].Commit != "" {
		t.Errorf("a commit without autocommit: %+v", lines[6])
	}
}

// gitEnv isolates git from the machine's configuration and names the committer.
func gitEnv(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git CLI not found")
	}
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "xdg"))
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	t.Setenv("GIT_CONFIG_GLOBAL", filepath.Join(home, "gitconfig"))
	for k, v := range map[string]string{
		"GIT_AUTHOR_NAME": "Test", "GIT_AUTHOR_EMAIL": "test@example.com",
		"GIT_COMMITTER_NAME": "Test", "GIT_COMMITTER_EMAIL": "test@example.com",
	} {
		t.Setenv(k, v)
	}
}

func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

func TestAutocommit(t *testing.T) {
	gitEnv(t)
	root := seeded(t, "[hook]\nautocommit = true\n")
	git(t, root, "init", "-q", "-b", "main")
	git(t, root, "add", ".")
	git(t, root, "commit", "-q", "-m", "initial")
	// the user's staged work must stay out of carnet's commits
	writeFile(t, root, "src/main.go", "package main\n")
	git(t, root, "add", "src/main.go")

	c := connect(t, root, "codex")
	head := func() string { return git(t, root, "rev-parse", "HEAD") }
	files := func(rev string) string { return git(t, root, "show", "--name-only", "--format=", rev) }

	var add AddOut
	text := c.ok("memory_add", map[string]any{"section": "decisions", "bullets": []string{"Un commit par écriture", "Le message nomme le client"}}, &add)
	if add.Commit == "" || add.Commit != head() {
		t.Fatalf("add commit %q, HEAD %s (%s)", add.Commit, head(), add.CommitNote)
	}
	mustContain(t, "add text", text, "Committed "+add.Commit[:10])
	if got := git(t, root, "log", "-1", "--format=%B"); got != "memory(root): memory_add: 2 bullets to logs/"+today+".md\n\n- Un commit par écriture\n- Le message nomme le client\n\nCarnet-Writer: mcp:codex" {
		t.Errorf("add commit message:\n%s", got)
	}
	if got := files("HEAD"); got != "memory_sessions/logs/"+today+".md" {
		t.Errorf("add commit files: %s", got)
	}

	var done DoneOut
	c.ok("memory_done", map[string]any{"text": "mesurer le hook"}, &done)
	if done.Commit != head() || git(t, root, "log", "-1", "--format=%s") != "memory(root): tick 1 open item in logs/2026-03-21.md" {
		t.Errorf("done commit %q: %s", done.Commit, git(t, root, "log", "-1", "--format=%s"))
	}

	var fc FileContent
	c.ok("memory_read", map[string]any{"path": "long_memory.md"}, &fc)
	var w WriteOut
	c.ok("memory_write", map[string]any{"path": "long_memory.md", "content": fc.Content + "- Fait ajouté par réécriture.\n", "version": fc.Version}, &w)
	if w.Commit != head() || git(t, root, "log", "-1", "--format=%s") != "memory(root): memory_write: long_memory.md (+1 −0 lines)" {
		t.Errorf("write commit %q: %s", w.Commit, git(t, root, "log", "-1", "--format=%s"))
	}

	var f ForgetOut
	c.ok("memory_forget", map[string]any{"path": "long_memory.md", "bullet": "Fait ajouté par réécriture."}, &f)
	if f.Commit != head() || git(t, root, "log", "-1", "--format=%s") != "memory(root): memory_forget: 1 bullet from long_memory.md" {
		t.Errorf("forget commit %q: %s", f.Commit, git(t, root, "log", "-1", "--format=%s"))
	}

	// calls that write nothing make no commit
	before := head()
	add = AddOut{}
	c.ok("memory_add", map[string]any{"section": "decisions", "bullets": []string{"un commit par écriture"}}, &add)
	c.fail("memory_add", map[string]any{"section": "decisions", "bullets": []string{"password: hunter2hunter2"}})
	c.ok("memory_index", nil, nil)
	if head() != before || add.Commit != "" {
		t.Error("a call that wrote nothing made a commit")
	}

	if n := git(t, root, "rev-list", "--count", "HEAD"); n != "5" {
		t.Errorf("%s commits, want 1 + 4", n)
	}
	for i := range 4 {
		for f := range strings.FieldsSeq(files("HEAD~" + string(rune('0'+i)))) {
			if !strings.HasPrefix(f, "memory_sessions/") || strings.Contains(f, ".debug") {
				t.Errorf("commit HEAD~%d holds %s", i, f)
			}
		}
	}
	if got := git(t, root, "diff", "--cached", "--name-only"); got != "src/main.go" {
		t.Errorf("the user's staged work changed: %q", got)
	}
	if got := git(t, root, "status", "--porcelain", "--", "memory_sessions"); got != "" {
		t.Errorf("memory left uncommitted:\n%s", got)
	}
	// the audit log names each commit
	var commits []string
	for _, e := range auditLines(t, root) {
		if e.Commit != "" {
			commits = append(commits, e.Tool)
		}
	}
	if strings.Join(commits, ",") != "memory_add,memory_done,memory_write,memory_forget" {
		t.Errorf("audited commits: %v", commits)
	}
}

// Without a repository, autocommit says why nothing was committed, and the write stands.
func TestAutocommitOutsideGit(t *testing.T) {
	t.Parallel()
	root := seeded(t, "[hook]\nautocommit = true\n")
	if _, ok := gitrepo.FindRepoRoot(root); ok {
		t.Skip("temp folder is inside a git repository")
	}
	c := connect(t, root, "codex")
	var add AddOut
	text := c.ok("memory_add", map[string]any{"section": "travail", "bullets": []string{"Écrit sans dépôt"}}, &add)
	if add.Commit != "" || !strings.Contains(add.CommitNote, "not in a git repository") {
		t.Errorf("add = %+v", add)
	}
	mustContain(t, "text", text, "not committed")
	mustContain(t, "log", readFile(t, root, todayLog), "- "+noted("codex", "Écrit sans dépôt")+"\n")
}

// A client name cannot add lines to a commit message (a trailer, say): it is cleaned to one
// line of safe characters, and a pinned --client replaces it.
func TestCommitClientName(t *testing.T) {
	gitEnv(t)
	root := seeded(t, "[hook]\nautocommit = true\n")
	git(t, root, "init", "-q", "-b", "main")
	git(t, root, "add", ".")
	git(t, root, "commit", "-q", "-m", "initial")
	const evil = "codex\n\nSigned-off-by: Mallory <m@example.com>"

	connect(t, root, evil).ok("memory_add", map[string]any{"section": "decisions", "bullets": []string{"Premier fait"}}, nil)
	msg := git(t, root, "log", "-1", "--format=%B")
	if strings.Count(msg, "\n") != 4 || !strings.HasPrefix(msg, "memory(root): memory_add: 1 bullet") {
		t.Errorf("commit message:\n%s", msg)
	}
	if trailers := git(t, root, "log", "-1", "--format=%(trailers)"); trailers != "Carnet-Writer: mcp:codex Signed-off-by_ Mallory _m@example.com_" {
		t.Errorf("the client name added trailers: %q", trailers)
	}

	connect(t, root, evil, func(o *Options) { o.Client = "claude" }).ok("memory_add", map[string]any{"section": "decisions", "bullets": []string{"Second fait"}}, nil)
	if s := git(t, root, "log", "-1", "--format=%(trailers:key=Carnet-Writer,valueonly)"); s != "mcp:claude" {
		t.Errorf("pinned client commit writer: %q", s)
	}
}
