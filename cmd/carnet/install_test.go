package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallWarnsWhenNotOnPath: the hook and the MCP server are registered as "carnet …", so
// installing a carnet the agent cannot find says so.
func TestInstallWarnsWhenNotOnPath(t *testing.T) {
	root := t.TempDir()
	t.Setenv("HOME", root)
	t.Setenv("CLAUDE_PROJECT_DIR", "")
	bin := t.TempDir()
	t.Setenv("PATH", bin)
	var out, errb bytes.Buffer
	if code := run([]string{"--root", root, "install"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("install: exit %d\n%s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "warning: carnet is not on your PATH") || strings.Count(errb.String(), "\n") != 1 {
		t.Fatalf("want one warning line, got %q", errb.String())
	}
	if err := os.WriteFile(filepath.Join(bin, "carnet"), []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	errb.Reset()
	if code := run([]string{"--root", root, "install"}, strings.NewReader(""), &out, &errb); code != 0 || errb.Len() != 0 {
		t.Fatalf("install with carnet on PATH: exit %d, stderr %q", code, errb.String())
	}
}
