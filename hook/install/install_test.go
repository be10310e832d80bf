package install

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"

	"carnet/memstore"
)

const userSettings = `{
    "permissions": {
        "allow": ["Bash(go test:*)"]
    },
    "hooks": {
        "Stop": [
            {"hooks": [{"type": "command", "command": "~/bin/notify.sh"}]}
        ],
        "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}]
    },
    "model": "opus",
    "env": {"A": "1"}
}
`

func TestMergeClaudeSettings(t *testing.T) {
	t.Parallel()
	out, added, err := MergeClaudeSettings([]byte(userSettings), HookCommand)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(added, ",") != "SessionStart,Stop,SubagentStop,PreCompact,SessionEnd" {
		t.Errorf("added %v", added)
	}
	var got struct {
		Permissions map[string][]string `json:"permissions"`
		Model       string              `json:"model"`
		Env         map[string]string   `json:"env"`
		Hooks       map[string][]struct {
			Matcher string `json:"matcher"`
			Hooks   []struct {
				Type, Command string
				Timeout       int
			} `json:"hooks"`
		} `json:"hooks"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got.Model != "opus" || got.Env["A"] != "1" || got.Permissions["allow"][0] != "Bash(go test:*)" {
		t.Errorf("other keys lost: %+v", got)
	}
	if len(got.Hooks["PreToolUse"]) != 1 || len(got.Hooks["Stop"]) != 2 || got.Hooks["Stop"][0].Hooks[0].Command != "~/bin/notify.sh" {
		t.Errorf("existing hooks lost: %+v", got.Hooks)
	}
	if s := got.Hooks["SessionStart"]; len(s) != 1 || s[0].Matcher != "startup|resume|clear|compact" || s[0].Hooks[0].Command != "carnet --hook" {
		t.Errorf("SessionStart: %+v", s)
	}
	if got.Hooks["Stop"][1].Hooks[0].Timeout != 30 {
		t.Errorf("Stop timeout: %+v", got.Hooks["Stop"])
	}
	// Untouched parts keep their exact text and order.
	for _, keep := range []string{`"allow": ["Bash(go test:*)"]`, `{"hooks": [{"type": "command", "command": "~/bin/notify.sh"}]}`,
		`"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "guard.sh"}]}]`, `"env": {"A": "1"}`} {
		if !strings.Contains(string(out), keep) {
			t.Errorf("lost the original text %s:\n%s", keep, out)
		}
	}
	if strings.Index(string(out), `"permissions"`) > strings.Index(string(out), `"model"`) {
		t.Error("key order changed")
	}
	// Idempotent: a second merge returns the same bytes and adds nothing.
	again, added, err := MergeClaudeSettings(out, HookCommand)
	if err != nil || len(added) != 0 || string(again) != string(out) {
		t.Errorf("second merge: added %v err %v", added, err)
	}
}

func TestMergeClaudeSettingsEdgeCases(t *testing.T) {
	t.Parallel()
	out, added, err := MergeClaudeSettings(nil, HookCommand)
	if err != nil || len(added) != 5 || !json.Valid(out) {
		t.Fatalf("empty file: %v %v", added, err)
	}
	// A carnet hook registered by hand, with a path and flags, counts as installed.
	custom := `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"/opt/bin/carnet --root /x --hook"}]}]}}`
	_, added, _ = MergeClaudeSettings([]byte(custom), HookCommand)
	for _, a := range added {
		if a == "Stop" {
			t.Error("Stop added twice")
		}
	}
	for _, bad := range []string{`[1,2]`, `{"hooks": []}`, `{"hooks": {"Stop": {}}}`, `{not json`, `{"a":1} trailing`} {
		if _, _, err := MergeClaudeSettings([]byte(bad), HookCommand); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	// a settings file broken by hand (a trailing comma) is named by its line, with what to do
	_, _, err = MergeClaudeSettings([]byte("{\n  \"model\": \"opus\",\n}\n"), HookCommand)
	if err == nil || !strings.HasPrefix(err.Error(), "not valid JSON at line 3: ") || !strings.HasSuffix(err.Error(), "(fix it, then run carnet install again)") {
		t.Errorf("trailing comma: %v", err)
	}
}

func TestMergeMCPConfig(t *testing.T) {
	t.Parallel()
	out, ok, err := MergeMCPConfig([]byte(`{"mcpServers": {"other": {"command": "x"}}}`))
	if err != nil || !ok || !strings.Contains(string(out), `"other": {"command": "x"}`) || !strings.Contains(string(out), `"carnet"`) {
		t.Fatalf("%v %v\n%s", ok, err, out)
	}
	again, ok, _ := MergeMCPConfig(out)
	if ok || string(again) != string(out) {
		t.Error("second merge changed the file")
	}
}

func TestMergeCodexConfig(t *testing.T) {
	t.Parallel()
	// no trailing newline, CRLF: the file is kept byte for byte, the table appended
	in := "model = \"o3\"\r\n[mcp_servers.x]\r\ncommand = \"x\""
	out, added, err := MergeCodexConfig([]byte(in))
	if err != nil || !added || !strings.HasPrefix(string(out), in+"\r\n\r\n[mcp_servers.carnet]\r\n") {
		t.Fatalf("%q %v %v", out, added, err)
	}
	again, added, err := MergeCodexConfig(out)
	if err != nil || added || string(again) != string(out) {
		t.Fatalf("second merge: %q %v %v", again, added, err)
	}
	// an empty file gets just the table
	out, _, _ = MergeCodexConfig(nil)
	if string(out) != codexMCPTable {
		t.Fatalf("%q", out)
	}
	// mcp_servers as an inline table cannot be extended by appending: an error, not a broken file
	if _, _, err := MergeCodexConfig([]byte("mcp_servers = { x = { command = \"x\" } }\n")); err == nil || !strings.Contains(err.Error(), "by hand") {
		t.Fatalf("inline table: %v", err)
	}
}

// TestRunDryRunThenInstallThenNothing: a dry run decides what a real run writes and writes
// nothing; a second run finds nothing to change.
func TestRunDryRunThenInstallThenNothing(t *testing.T) {
	root := t.TempDir()
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	o := Options{Root: root, Agent: "codex", Scope: "project", DryRun: true,
		Init: func(root string) ([]string, error) { return memstore.Init(root, "") }}
	dry, err := Run(o)
	if err != nil {
		t.Fatal(err)
	}
	if ents, _ := os.ReadDir(root); len(ents) != 0 {
		t.Fatalf("a dry run wrote %v", ents)
	}
	var kinds []StepKind
	for _, s := range dry.Steps {
		kinds = append(kinds, s.Kind)
	}
	if dry.Agent != "Codex" || dry.Changed != 3 || !slices.Equal(kinds, []StepKind{StepInit, StepWrite, StepWrite}) ||
		dry.Steps[1].Path != ".codex/hooks.json" || dry.Steps[1].Old != nil || !strings.Contains(string(dry.Steps[1].New), HookCommand) {
		t.Fatalf("dry run: %+v", dry)
	}

	o.DryRun = false
	rep, err := Run(o)
	if err != nil || rep.Changed != 3 || len(rep.Steps[0].Created) == 0 {
		t.Fatalf("install: %+v %v", rep, err)
	}
	for _, s := range rep.Steps[1:] {
		data, err := os.ReadFile(filepath.Join(root, s.Path))
		if err != nil || string(data) != string(dry.Steps[slices.IndexFunc(dry.Steps, func(d Step) bool { return d.Path == s.Path })].New) {
			t.Errorf("%s: written content differs from the dry run's: %v", s.Path, err)
		}
	}
	again, err := Run(o)
	if err != nil || again.Changed != 0 || len(again.Steps) != 0 {
		t.Fatalf("second run: %+v %v", again, err)
	}
	for _, bad := range []Options{{Root: root, Agent: "cursor", Scope: "project"}, {Root: root, Agent: "claude", Scope: "team"}} {
		if _, err := Run(bad); err == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
}

// Gemini CLI accepts comments and trailing commas in settings.json: carnet reads them and
// writes the file back with every comment kept.
func TestMergeGeminiSettingsJSONC(t *testing.T) {
	t.Parallel()
	in := `{
  // the look
  "ui": {"theme": "GitHub", /* dark later */ },
  "hooks": {
    // my own notifier
    "AfterAgent": [{"hooks": [{"type": "command", "command": "~/bin/notify.sh"}]},],
  },
  // servers: "a // b" stays a string
  "mcpServers": {"docs": {"command": "npx", "args": ["a // b"]}},
  /* end */
}
`
	out, added, mcp, err := MergeGeminiSettings([]byte(in), HookCommand)
	if err != nil || !mcp || len(added) != len(geminiHooks) {
		t.Fatalf("%v %v %v", added, mcp, err)
	}
	for _, want := range []string{"// the look", `"ui": {"theme": "GitHub", /* dark later */ }`, "// my own notifier", `~/bin/notify.sh`,
		`// servers: "a // b" stays a string`, `"args": ["a // b"]`, "/* end */", `"command": "carnet --hook"`} {
		if !strings.Contains(string(out), want) {
			t.Errorf("lost %q:\n%s", want, out)
		}
	}
	again, added, mcp, err := MergeGeminiSettings(out, HookCommand)
	if err != nil || len(added) != 0 || mcp || string(again) != string(out) {
		t.Errorf("second merge: %v %v %v\n%s", added, mcp, err, again)
	}
}

// OpenCode: carnet's plugin in .opencode/plugins/ and mcp.carnet merged into an opencode.jsonc
// that is there alone, its comments kept; a second run changes nothing, and a plugin edited
// by hand is kept.
func TestRunOpenCode(t *testing.T) {
	root := t.TempDir()
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	jsonc := "{\n  // my model\n  \"model\": \"anthropic/claude-sonnet-4-5\",\n  \"mcp\": {\"docs\": {\"type\": \"remote\", \"url\": \"https://x\"},},\n}\n"
	if err := os.WriteFile(filepath.Join(root, "opencode.jsonc"), []byte(jsonc), 0o644); err != nil {
		t.Fatal(err)
	}
	o := Options{Root: root, Agent: "opencode", Scope: "project", Init: func(root string) ([]string, error) { return memstore.Init(root, "") }}
	rep, err := Run(o)
	if err != nil || rep.Agent != "OpenCode" {
		t.Fatalf("%+v %v", rep, err)
	}
	plugin, err := os.ReadFile(filepath.Join(root, ".opencode", "plugins", "carnet.js"))
	if err != nil || string(plugin) != OpenCodePlugin || !strings.Contains(OpenCodePlugin, `"session.idle"`) {
		t.Fatalf("plugin: %v", err)
	}
	cfg, _ := os.ReadFile(filepath.Join(root, "opencode.jsonc"))
	for _, want := range []string{"// my model", `"docs"`, `"carnet"`, `"local"`, `"--client"`, `"opencode"`} {
		if !strings.Contains(string(cfg), want) {
			t.Errorf("opencode.jsonc lacks %s:\n%s", want, cfg)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "opencode.json")); err == nil {
		t.Error("opencode.json written next to opencode.jsonc")
	}
	again, err := Run(o)
	if err != nil || again.Changed != 0 || len(again.Steps) != 0 {
		t.Fatalf("second run: %+v %v", again, err)
	}
	if err := os.WriteFile(filepath.Join(root, ".opencode", "plugins", "carnet.js"), []byte("// mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	kept, err := Run(o)
	if err != nil || kept.Changed != 0 || len(kept.Steps) != 1 || kept.Steps[0].Kind != StepSkillKept {
		t.Fatalf("edited plugin: %+v %v", kept, err)
	}
}

func TestMergeOpenCodeConfig(t *testing.T) {
	t.Parallel()
	out, added, err := MergeOpenCodeConfig(nil)
	if err != nil || !added {
		t.Fatal(err)
	}
	var got struct {
		Schema string `json:"$schema"`
		MCP    map[string]struct {
			Type    string   `json:"type"`
			Command []string `json:"command"`
		} `json:"mcp"`
	}
	if err := json.Unmarshal(out, &got); err != nil || got.Schema == "" || got.MCP["carnet"].Type != "local" ||
		strings.Join(got.MCP["carnet"].Command, " ") != "carnet mcp --client opencode" {
		t.Fatalf("%s %v", out, err)
	}
	if again, added, err := MergeOpenCodeConfig(out); err != nil || added || string(again) != string(out) {
		t.Errorf("second merge: %v %v", added, err)
	}
	if _, _, err := MergeOpenCodeConfig([]byte(`{"mcp": []}`)); err == nil {
		t.Error("mcp as an array accepted")
	}
}

// Kimi Code cannot run here: the files carnet writes for it are checked against its documented
// schema (moonshotai.github.io/kimi-code, "Hooks" and "Model Context Protocol"). A [[hooks]]
// table holds only event (one of the documented events), matcher, command (not empty) and
// timeout (1–600 s), else Kimi refuses the whole file; an mcp.json server with a command is a
// stdio server.
func TestRunKimi(t *testing.T) {
	root, home := t.TempDir(), t.TempDir()
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	t.Setenv("KIMI_CODE_HOME", home)
	mine := "default_model = \"kimi-k2\"\n\n[[hooks]]\nevent = \"PreToolUse\"\nmatcher = \"Bash\"\ncommand = \"guard.sh\"\n"
	if err := os.WriteFile(filepath.Join(home, "config.toml"), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	o := Options{Root: root, Agent: "kimi", Scope: "project", Init: func(root string) ([]string, error) { return memstore.Init(root, "") }}
	rep, err := Run(o)
	if err != nil || rep.Agent != "Kimi Code" {
		t.Fatalf("%+v %v", rep, err)
	}
	data, _ := os.ReadFile(filepath.Join(home, "config.toml"))
	if !strings.HasPrefix(string(data), mine) {
		t.Errorf("the user's config changed:\n%s", data)
	}
	var cfg struct {
		Hooks []map[string]any `toml:"hooks"`
	}
	if err := toml.Unmarshal(data, &cfg); err != nil {
		t.Fatal(err)
	}
	documented := []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "Stop", "StopFailure",
		"SessionStart", "SessionEnd", "SubagentStart", "SubagentStop", "PreCompact", "PostCompact", "Notification"}
	var events []string
	for _, h := range cfg.Hooks {
		for k := range h {
			if !slices.Contains([]string{"event", "matcher", "command", "timeout"}, k) {
				t.Errorf("field %q is not in Kimi's schema: %v", k, h)
			}
		}
		ev, _ := h["event"].(string)
		cmd, _ := h["command"].(string)
		timeout, _ := h["timeout"].(int64)
		if !slices.Contains(documented, ev) || cmd == "" || (h["timeout"] != nil && (timeout < 1 || timeout > 600)) {
			t.Errorf("hook outside the schema: %v", h)
		}
		if cmd == HookCommand {
			events = append(events, ev)
		}
	}
	if strings.Join(events, ",") != "SessionStart,Stop,PreCompact,SessionEnd" {
		t.Errorf("carnet's hooks: %v", events)
	}
	var mcp struct {
		MCPServers map[string]map[string]any `json:"mcpServers"`
	}
	data, _ = os.ReadFile(filepath.Join(root, ".kimi-code", "mcp.json"))
	if err := json.Unmarshal(data, &mcp); err != nil {
		t.Fatal(err)
	}
	srv := mcp.MCPServers["carnet"]
	if srv["command"] != "carnet" || fmt.Sprint(srv["args"]) != "[mcp --client kimi]" || len(srv) != 2 {
		t.Errorf("mcp.json: %s", data)
	}
	again, err := Run(o)
	if err != nil || again.Changed != 0 {
		t.Errorf("second run: %+v %v", again, err)
	}
	if _, err := os.Stat(filepath.Join(root, ".kimi-code", "config.toml")); err == nil {
		t.Error("hooks written in the project, where Kimi does not read them")
	}
}
