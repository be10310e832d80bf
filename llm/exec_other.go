//go:build !unix

package llm

import "os/exec"

// killGroup is a no-op where process groups are not available: cancel kills the process.
func killGroup(*exec.Cmd) {}
