//go:build !linux

package agentstest

import (
	"fmt"
	"os"
)

// RecallSandboxMain needs a Linux network namespace; elsewhere it says so.
func RecallSandboxMain([]string) int {
	fmt.Fprintln(os.Stderr, "the recall sandbox runs on Linux only")
	return 2
}
