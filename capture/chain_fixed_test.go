package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// A chain of checks that failed is fixed when the script that failed (the last one its
// output shows run) goes through later in the turn, alone or in another chain; a chain
// whose output does not say which part failed waits for each of its parts.
func TestChainFixedWhenItsFailedPartGoesThrough(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Get the checks green")
	bash(b, "c1", "npm run lint && npm run format:check && npm run build && npm test -- a.test.ts 2>&1 | tail -2",
		"Exit code 1\n> app@1.0.0 lint\n> eslint .\n\n> app@1.0.0 format:check\n> prettier --check .\n[warn] Code style issues found in the above file.", true)
	bash(b, "c2", "make vet && make unit", "Exit code 2\nvet: x.go:3: unreachable code", true)
	bash(b, "c3", "npx prettier --write a.test.ts", "a.test.ts 20ms", false)
	bash(b, "c4", "npm run format:check && npm run build 2>&1 | tail -3", "> app@1.0.0 postbuild\n> chmod +x dist/cli.js", false)
	bash(b, "c5", "make vet", "", false)
	b.Say("m9", "Formatting fixed.")
	e := extractEN(t, b, "/home/dev/proj")
	if !contains(e.Problems, "fixed: `npm run lint && npm run format:check") {
		t.Errorf("the chain whose failed script went through is not fixed: %q", e.Problems)
	}
	if !contains(e.Problems, "`make vet && make unit` failed") || contains(e.Problems, "fixed: `make vet") {
		t.Errorf("a chain with a part never run again is fixed: %q", e.Problems)
	}
}

// The parts of a chain that went through are named among the commands that did, for the
// failures of later turns; those of a chain that failed are not.
func TestChainPartsSucceed(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build and test")
	bash(b, "c1", "cd web && npm run build 2>&1 | tail -3 && npm test", "ok", false)
	bash(b, "c2", "make vet && make unit", "Exit code 2\nunit: FAIL", true)
	b.Say("m9", "Built.")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root = "/home/dev/proj"
	s := Succeeded(tr)
	if !slices.Contains(s, "npm run build") || !slices.Contains(s, "npm test") || slices.Contains(s, "cd web") {
		t.Errorf("the parts of a chain that went through: %q", s)
	}
	if slices.ContainsFunc(s, func(c string) bool { return strings.HasPrefix(c, "make") }) {
		t.Errorf("a part of a failed chain went through: %q", s)
	}
}
