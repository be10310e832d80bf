package install

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/memstore"
)

// snapshot lists every file under dirs with its content.
func snapshot(t *testing.T, dirs ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, d := range dirs {
		filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				data, _ := os.ReadFile(p)
				out[p] = string(data)
			} else if err == nil && p != d {
				out[p+"/"] = ""
			}
			return nil
		})
	}
	return out
}

// A settings file carnet cannot read stops the installation before anything is written:
// not carnet.toml, not memory_sessions/, not the agent's other files (a settings.json with a
// // comment failed after carnet init had run).
func TestRunChecksEveryInputBeforeWriting(t *testing.T) {
	for _, c := range []struct {
		agent, file, content, want string
	}{
		{"claude", ".claude/settings.json", "{\n  // my settings\n  \"model\": \"opus\"\n}\n", "settings.json"},
		{"claude", ".mcp.json", "{\"mcpServers\": [1, 2]}\n", ".mcp.json"}, // settings.json is fine, and must stay unwritten
		{"codex", ".codex/hooks.json", "{\"hooks\": {\"Stop\": 3}}\n", "hooks.json"},
		{"codex", ".codex/config.toml", "model = \"o3\"\n[mcp_servers\n", "config.toml"},
		{"gemini", ".gemini/settings.json", "{\"hooks\": [,]}\n", "settings.json"},
		{"opencode", "opencode.json", "{\"mcp\": 1}\n", "opencode.json"},
		{"kimi", ".kimi-code/mcp.json", "{\"mcpServers\": \"x\"}\n", "mcp.json"},
		{"kimi", "HOME/config.toml", "[[hooks]\n", "config.toml"},
	} {
		t.Run(c.agent+" "+c.file, func(t *testing.T) {
			root, home := t.TempDir(), t.TempDir()
			t.Setenv("CLAUDE_PROJECT_DIR", "")
			t.Setenv("HOME", home)
			t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
			t.Setenv("KIMI_CODE_HOME", home)
			path := filepath.Join(root, c.file)
			if rest, ok := strings.CutPrefix(c.file, "HOME/"); ok {
				path = filepath.Join(home, rest)
			}
			os.MkdirAll(filepath.Dir(path), 0o755)
			if err := os.WriteFile(path, []byte(c.content), 0o644); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, root, home)
			_, err := Run(Options{Root: root, Agent: c.agent, Scope: "project", Init: func(root string) ([]string, error) { return memstore.Init(root, "") }})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one naming %s", err, c.want)
			}
			after := snapshot(t, root, home)
			for p, data := range after {
				if old, ok := before[p]; !ok || old != data {
					t.Errorf("%s was written before the bad input was found", p)
				}
			}
		})
	}
}
