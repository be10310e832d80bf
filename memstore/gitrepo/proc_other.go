//go:build !unix

package gitrepo

import (
	"os"
	"os/exec"
)

// gitStopOnCancel asks git to stop when its context ends (os.Interrupt where the system has
// it, else the default kill).
func gitStopOnCancel(cmd *exec.Cmd) {
	cmd.Cancel = func() error { return cmd.Process.Signal(os.Interrupt) }
}
