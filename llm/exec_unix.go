//go:build unix

package llm

import (
	"os/exec"
	"syscall"
)

// killGroup runs the command in its own process group and, on cancel, kills the whole
// group: a wrapper script's children must not outlive the timeout.
func killGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
