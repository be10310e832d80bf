//go:build unix

package hook

import (
	"os/exec"
	"syscall"
)

// newSession runs cmd in a session (and process group) of its own: the agent ending, or
// killing the hook's process group at its time limit, does not end it.
func newSession(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true} }
