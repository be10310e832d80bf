//go:build linux

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// parentStdout opens the standard output of the process that ran this test binary (the go
// command) when it is a terminal or a pipe; nil otherwise (a regular file is written at the go
// command's own offset: a line added behind its back would be overwritten).
func parentStdout() *os.File {
	path := fmt.Sprintf("/proc/%d/fd/1", os.Getppid())
	st, err := os.Stat(path)
	if err != nil || st.Mode()&(os.ModeNamedPipe|os.ModeCharDevice) == 0 {
		return nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil
	}
	return f
}

// Without the agents' CLIs, the real-agent tests each skip, and the summary says so in one
// line per agent, even without -v (where go test shows nothing of a passing package).
func TestAgentSkipsAreSaid(t *testing.T) {
	if os.Getenv("CARNET_TEST_SKIPS") != "" {
		t.Skip("inside the run this test makes")
	}
	t.Parallel()
	out := filepath.Join(t.TempDir(), "skips.txt")
	cmd := exec.Command(os.Args[0], "-test.run", "^TestAgent(ClaudeCode|ClaudeExtractor|Codex|Gemini|OpenCode)$", "-test.count=1")
	cmd.Env = append(os.Environ(), "PATH="+t.TempDir(), "CARNET_AGENTS_DIR="+t.TempDir(), "CARNET_TEST_SKIPS="+out)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("no summary of the skips: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want one per agent:\n%s", len(lines), data)
	}
	for i, agent := range []string{"claude", "codex", "gemini", "opencode"} {
		if !strings.HasPrefix(lines[i], "carnet: the real "+agent+" tests skipped (TestAgent") || !strings.Contains(lines[i], agent+" is not installed: run scripts/install-agents.sh") {
			t.Errorf("line %d: %s", i+1, lines[i])
		}
	}
	if !strings.Contains(lines[0], "TestAgentClaudeCode, TestAgentClaudeExtractor") {
		t.Errorf("claude's line does not name both of its tests: %s", lines[0])
	}
}
