//go:build linux

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/agentstest"
)

// TestAgentClaudeSessions runs the real Claude Code on the sessions whose transcripts are the
// reader's fixtures (hook/transcript/testdata/transcripts/claude-code-*_{hello,denied,heavy,
// compact,delegate}*.jsonl; scripts/record-agents.sh records them), and checks that each
// reached carnet's log.
func TestAgentClaudeSessions(t *testing.T) {
	t.Parallel()
	cases := []struct {
		script, prompt string
		gate, allow    bool   // the Stop gate on; all tools allowed
		want           string // in the log
	}{
		{"hello", `Write a shell script called hello.sh that prints "Hello world" and run it.`, false, true, "Files created: hello.sh"},
		{"denied", "The server does not start", false, false, "The server does not start"},
		{"heavy", "Add a multiply function to calc.sh, with a test, and commit it.", false, true, "calc: add multiply with its test"},
		{"compact", "Mark the multiply placeholder in calc.sh with issue 12.", true, true, "calc.sh"},
		{"delegate", "Which shell scripts does this repository have?", false, true, "Which shell scripts"},
	}
	for _, c := range cases {
		t.Run(c.script, func(t *testing.T) {
			a := newAgentRun(t, "claude")
			a.run("carnet", "install", "--agent", "claude")
			a.calcRepo()
			if c.gate {
				a.setConfig("[hook]\n", "[hook]\ngate = true\n")
			}
			env := []string{fmt.Sprintf("ANTHROPIC_BASE_URL=http://127.0.0.1:%d", agentstest.Port), "ANTHROPIC_API_KEY=sk-ant-scripted",
				"DISABLE_TELEMETRY=1", "DISABLE_AUTOUPDATER=1", "DISABLE_ERROR_REPORTING=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "IS_SANDBOX=1"}
			flags := []string{"-p", c.prompt, "--output-format", "json", "--tools", "Bash,Read,Edit,Write,Agent", "--disable-slash-commands"}
			if c.allow {
				flags = append(flags, "--dangerously-skip-permissions")
			} else {
				flags = append(flags, "--permission-mode", "default")
			}
			a.session(c.script, env, flags...)
			name := "claude-code-2.1.328_" + c.script + ".jsonl"
			a.record(filepath.Join(a.home, ".claude", "projects", "*", "*.jsonl"), name)
			if c.script == "delegate" {
				a.record(filepath.Join(a.home, ".claude", "projects", "*", "*", "subagents", "agent-*.jsonl"), "claude-code-2.1.328_delegate_subagent.jsonl")
			}
			if log := a.log(); !strings.Contains(log, c.want) {
				t.Errorf("the log lacks %q:\n%s", c.want, log)
			}
		})
	}
}

// calcRepo commits the small shell project the sessions work on.
func (a *agentRun) calcRepo() {
	a.t.Helper()
	files := map[string]string{
		"calc.sh":          "#!/bin/sh\nadd() { echo $(($1 + $2)); }\n# multiply: to do\n",
		"test_calc.sh":     "#!/bin/sh\n[ \"$(add 2 3)\" = 5 ] || { echo 'FAIL: add 2 3' >&2; exit 1; }\n# tests end\n",
		"scripts/build.sh": "#!/bin/sh\necho build\n",
	}
	for name, content := range files {
		p := filepath.Join(a.repo, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			a.t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			a.t.Fatal(err)
		}
	}
	a.run("git", "add", ".")
	a.run("git", "commit", "-q", "-m", "calc: add")
}

// setConfig replaces old with new in the repository's carnet.toml.
func (a *agentRun) setConfig(old, new string) {
	a.t.Helper()
	cfg := filepath.Join(a.repo, "carnet.toml")
	data, err := os.ReadFile(cfg)
	if err != nil || !strings.Contains(string(data), old) {
		a.t.Fatalf("carnet.toml has no %q: %v", old, err)
	}
	if err := os.WriteFile(cfg, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		a.t.Fatal(err)
	}
}
