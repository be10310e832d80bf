package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// againHint is the line that says how to run carnet on dir again, with a command that works
// from here (see selfCommand).
func againHint(l, verb, dir string) string {
	verb = words.T(l, verb)
	exe, _ := os.Executable()
	onPath, _ := exec.LookPath("carnet")
	if onPath != "" {
		if p, err := filepath.EvalSymlinks(onPath); err == nil {
			onPath = p
		}
	}
	if p, err := filepath.EvalSymlinks(exe); err == nil {
		exe = p
	}
	cmd := selfCommand(exe, os.Args[0], onPath, inSource())
	if cmd == "" {
		return words.F(l, "%s: carnet --root %s   (carnet is not installed: go install ./cmd/carnet in carnet's folder puts it on your PATH)", verb, dir)
	}
	if cmd == "go run ./cmd/carnet" && onPath == "" {
		return words.F(l, "%s: go run ./cmd/carnet --root %s   (or install carnet: go install ./cmd/carnet, then carnet --root %[2]s)", verb, dir)
	}
	return words.F(l, "%s: %s --root %s", verb, cmd, dir)
}

// inSource says the current folder is carnet's source (go.mod of module carnet, and cmd/carnet).
func inSource() bool {
	data, err := os.ReadFile("go.mod")
	if err != nil {
		return false
	}
	first, _, _ := strings.Cut(string(data), "\n")
	st, err := os.Stat(filepath.Join("cmd", "carnet"))
	return strings.TrimSpace(first) == "module carnet" && err == nil && st.IsDir()
}

// selfCommand is how to run this carnet again from the current folder: "carnet" when PATH
// finds this very executable, "go run ./cmd/carnet" when go run built it (a go-build folder,
// temporary or the build cache) and the source is here, "" when it came from go run
// elsewhere, else the path it was run by.
func selfCommand(exe, arg0, onPath string, hasSource bool) string {
	switch {
	case onPath != "" && onPath == exe:
		return "carnet"
	case builtByGoRun(exe):
		if hasSource {
			return "go run ./cmd/carnet"
		}
		return ""
	case strings.ContainsRune(arg0, filepath.Separator):
		return arg0
	}
	return exe
}

// builtByGoRun says an executable lies in a folder go run builds in: $TMPDIR/go-build…/b001/exe/
// or the build cache (…/go-build/…).
func builtByGoRun(exe string) bool {
	parts := strings.Split(filepath.ToSlash(exe), "/")
	return slices.ContainsFunc(parts[:max(len(parts)-1, 0)], func(p string) bool { return strings.HasPrefix(p, "go-build") })
}
