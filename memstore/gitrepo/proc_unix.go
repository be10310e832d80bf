//go:build unix

package gitrepo

import (
	"os/exec"
	"syscall"
)

// gitStopOnCancel makes cmd run in a process group of its own and, when its context ends,
// sends SIGTERM to that group: git removes its own locks, and a hook it runs stops too.
func gitStopOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
}
