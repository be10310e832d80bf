package main

import (
	"io"
	"os"

	"carnet/hook"
)

// The hook (SPEC §3): `carnet --hook` reads the agent's hook JSON on stdin and acts on its
// event. It exits 0 whatever happens, except when the gate blocks a stop (2).
func init() {
	runHook = func(g *globals, stdin io.Reader, stdout, stderr io.Writer) int {
		return hook.Run(hook.Env{
			Root: g.root, Project: g.project,
			Stdin: stdin, Stdout: stdout, Stderr: stderr,
			Getenv: os.Getenv, Now: now,
		})
	}
}
