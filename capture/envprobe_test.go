package capture

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// Asking git about a folder that is no repository, or stepping into a folder that is not
// there (the agent already stood in it), answers a question about where the agent is: no
// problem of the project. A commit refused there, and a build that fails after a good cd,
// are failures.
func TestWhereAmIProbesAreNoFailures(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Install the new skill and check the state of the tree")
	notRepo := "Exit code 128\nfatal: not a git repository (or any of the parent directories): .git"
	bash(b, "g1", "git status", notRepo, true)
	bash(b, "g2", "git branch -a 2>&1 | head -5", notRepo, true)
	bash(b, "g3", "git log --oneline -3 && git diff --stat", notRepo, true)
	bash(b, "g4", "git add -A && git commit -m 'wip'", notRepo, true)
	bash(b, "c1", "cd crates/core && cargo test --lib 2>&1 | tail -5", "Exit code 1\n(eval):cd:1: no such file or directory: crates/core", true)
	bash(b, "c2", "cd web && npm test", "Exit code 1\n/bin/bash: line 1: cd: web: No such file or directory", true)
	bash(b, "c3", "cd app && npm run build", "Exit code 1\nError: Cannot find module 'vite'", true)
	b.Say("m2", "Installed.")
	e := extractEN(t, b, "/home/dev/proj")
	got := strings.Join(e.Problems, "\n")
	for _, probe := range []string{"git status", "git branch", "git log", "cargo test", "npm test"} {
		if strings.Contains(got, probe) {
			t.Errorf("%q, a question about where the agent is, is a problem:\n%s", probe, got)
		}
	}
	if !strings.Contains(got, "git commit") || !strings.Contains(got, "npm run build") {
		t.Errorf("real failures lost:\n%s", got)
	}
}
