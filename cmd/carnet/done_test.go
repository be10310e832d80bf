package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// doneWS is promoteWS with a second open item, today's.
func doneWS(t *testing.T) (root, log string) {
	t.Helper()
	root = promoteWS(t)
	var out, errb bytes.Buffer
	if code := run([]string{"--root", root, "add", "-s", "a_suivre", "Write the changelog"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("add: %s", errb.String())
	}
	return root, filepath.Join(root, "memory_sessions/logs/2026-01-10.md")
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// done --all ticks every open item only once asked (on a terminal) or told (--yes), and says
// how to take it back.
func TestDoneAllAsks(t *testing.T) {
	root, log := doneWS(t)
	before := read(t, log)
	var out, errb bytes.Buffer

	// piped, no --yes: nothing ticked, and the way to do it said
	if code := run([]string{"--root", root, "done", "--all"}, strings.NewReader("y\n"), &out, &errb); code == 0 {
		t.Fatalf("piped done --all without --yes ticked: %s", out.String())
	}
	if !strings.Contains(errb.String(), "--yes") || read(t, log) != before {
		t.Fatalf("piped: %q, changed: %v", errb.String(), read(t, log) != before)
	}

	// on a terminal: asked; no means nothing
	onTerminal(t)
	out.Reset()
	if code := run([]string{"--root", root, "done", "--all"}, strings.NewReader("n\n"), &out, &errb); code != 0 {
		t.Fatalf("answer no: %s", errb.String())
	}
	if !strings.Contains(out.String(), "Tick all 2 open items of root? [y/N] ") || !strings.Contains(out.String(), "nothing ticked") || read(t, log) != before {
		t.Fatalf("answer no:\n%s", out.String())
	}

	// yes: ticked, with the way back
	out.Reset()
	if code := run([]string{"--root", root, "done", "--all"}, strings.NewReader("y\n"), &out, &errb); code != 0 {
		t.Fatalf("answer yes: %s", errb.String())
	}
	if !strings.Contains(read(t, log), "- ✅ Check the export on Windows.") {
		t.Fatalf("not ticked:\n%s", read(t, log))
	}
	if !strings.Contains(out.String(), "undo: git -C "+root+" restore memory_sessions/logs/2026-01-10.md memory_sessions/logs/2026-03-22.md ") {
		t.Errorf("no way back said:\n%s", out.String())
	}
}

// With --yes nothing is asked, and a commit made is the one to revert.
func TestDoneAllYes(t *testing.T) {
	root, log := doneWS(t)
	if err := os.WriteFile(filepath.Join(root, "carnet.toml"), []byte("[hook]\nautocommit = true\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"--root", root, "done", "--all", "--yes"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("done --all --yes: %s", errb.String())
	}
	if strings.Contains(out.String(), "[y/N]") || !strings.Contains(read(t, log), "- ✅ Check the export on Windows.") {
		t.Fatalf("asked, or not ticked:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "undo: git -C "+root+" revert ") {
		t.Errorf("no revert said:\n%s", out.String())
	}
}
