//go:build unix

package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestHookReadOnlyMemoryFolder(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	good := fixturePath(t, "claude-code-2.1.328_hello.jsonl")
	mem := filepath.Join(ws, "memory_sessions")
	debug := filepath.Join(mem, "logs", ".debug")
	os.MkdirAll(debug, 0o777)
	os.Chmod(debug, 0o777)
	before := memorySnapshot(t, ws)
	os.Chmod(filepath.Join(mem, "logs"), 0o555)
	os.Chmod(mem, 0o555)
	defer os.Chmod(mem, 0o755)
	defer os.Chmod(filepath.Join(mem, "logs"), 0o755)

	cmd := exec.Command(bin, "--root", ws, "--hook")
	cmd.Stdin = bytes.NewReader(hookInput("Stop", good, ws, nil))
	cmd.Env = append(cleanEnv(), "CARNET_NOW="+hookDay)
	if os.Geteuid() == 0 {
		// root writes anywhere: run the hook as nobody, which sees the folder read-only.
		for d := filepath.Dir(bin); d != "/"; d = filepath.Dir(d) {
			os.Chmod(d, 0o755)
		}
		for d := ws; d != "/"; d = filepath.Dir(d) {
			os.Chmod(d, 0o755)
		}
		exe, _ := os.Executable()
		for d := filepath.Dir(exe); d != "/"; d = filepath.Dir(d) {
			os.Chmod(d, 0o755)
		}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		t.Fatalf("hook: %v\n%s", err, out.String())
	}
	if after := memorySnapshot(t, ws); fmt.Sprint(before) != fmt.Sprint(after) {
		t.Errorf("memory changed in a read-only folder: %v", after)
	}
	lines := hookLogLines(ws)
	if len(lines) != 1 || !strings.Contains(lines[0], "permission denied") {
		t.Errorf("hook.log = %q (output %q)", lines, out.String())
	}
}
