package hook

import (
	"encoding/json"
	"strings"
	"testing"
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
	out, ok, err := MergeMCPConfig([]byte(`{"mcpServers": {"other": {"command": "x"}}}`))
	if err != nil || !ok || !strings.Contains(string(out), `"other": {"command": "x"}`) || !strings.Contains(string(out), `"carnet"`) {
		t.Fatalf("%v %v\n%s", ok, err, out)
	}
	again, ok, _ := MergeMCPConfig(out)
	if ok || string(again) != string(out) {
		t.Error("second merge changed the file")
	}
}
