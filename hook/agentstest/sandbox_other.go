//go:build !linux

package agentstest

import (
	"fmt"
	"os"
)

// Port is the model server's port on 127.0.0.1 inside the sandbox.
const Port = 8788

// SandboxMain needs Linux's network namespaces: elsewhere it refuses to run.
func SandboxMain(args []string) int {
	fmt.Fprintln(os.Stderr, "the agent sandbox needs Linux network namespaces")
	return 2
}
