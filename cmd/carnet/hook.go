package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"carnet/hook"
)

// The hook (SPEC §3): `carnet --hook` reads the agent's hook JSON on stdin and acts on its
// event. It exits 0 whatever happens, except when the gate blocks a stop (2).
func runHook(g *globals, stdin io.Reader, stdout, stderr io.Writer) int {
	return hook.Run(hook.Env{
		Root: g.root, Project: g.project,
		Stdin: stdin, Stdout: stdout, Stderr: stderr,
		Getenv: os.Getenv, Now: now, Self: self(),
	})
}

// self is this program as it was started (os.Args[0], found on PATH when it names no
// folder), for the runs the hook starts in the background: the name it was started by
// matters (a test binary is carnet when it runs as "carnet"). os.Executable is the fallback.
func self() string {
	if p, err := exec.LookPath(os.Args[0]); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			return abs
		}
	}
	p, _ := os.Executable()
	return p
}
