package main

import "testing"

// The demo says how to open its workspace again with a command that works where it was run:
// carnet when it is the one on PATH, go run when it came from go run (carnet is not installed
// yet), else the path it was run by.
func TestSelfCommand(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name      string
		exe, arg0 string
		onPath    string // what PATH finds as carnet ("" none)
		hasSource bool   // ./cmd/carnet is in the current folder
		want      string
	}{
		{"installed", "/home/u/go/bin/carnet", "carnet", "/home/u/go/bin/carnet", false, "carnet"},
		{"go run from the repository", "/tmp/go-build1809054574/b001/exe/carnet", "/tmp/go-build1809054574/b001/exe/carnet", "", true, "go run ./cmd/carnet"},
		{"go run, another carnet installed", "/tmp/go-build1/b001/exe/carnet", "/tmp/go-build1/b001/exe/carnet", "/usr/local/bin/carnet", true, "go run ./cmd/carnet"},
		{"go run from elsewhere", "/tmp/go-build1/b001/exe/carnet", "/tmp/go-build1/b001/exe/carnet", "", false, ""},
		{"go run from the build cache", "/home/u/.cache/go-build/ab/cdef-d/carnet", "carnet", "", true, "go run ./cmd/carnet"},
		{"a built binary", "/home/u/src/carnet/carnet", "./carnet", "", false, "./carnet"},
		{"a built binary, another on PATH", "/home/u/src/carnet/carnet", "./carnet", "/usr/bin/carnet", false, "./carnet"},
		{"by its absolute path", "/opt/carnet/bin/carnet", "/opt/carnet/bin/carnet", "", false, "/opt/carnet/bin/carnet"},
	} {
		if got := selfCommand(c.exe, c.arg0, c.onPath, c.hasSource); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
