//go:build !linux

package main

import "os"

// parentStdout is Linux's only (through /proc).
func parentStdout() *os.File { return nil }
