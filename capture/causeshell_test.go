package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// The position the shell gives an error ("(eval):1: ", "zsh:3: ", "bash: line 1: ") says
// nothing about it: the cause starts after it, and a builtin's name stays.
func TestShellPositionIsNoCause(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Write the types README and run the checks")
	bash(b, "b1", "cat > types/README.md << 'EOF'\n# Types\nEOF", "(eval):1: no such file or directory: types/README.md", true)
	bash(b, "b2", "source .env.local && make", "Exit code 1\n(eval):source:1: no such file or directory: .env.local", true)
	bash(b, "b3", "mytool check", "Exit code 127\n/bin/bash: line 1: mytool: command not found", true)
	bash(b, "b4", "othertool check", "Exit code 127\nzsh:1: command not found: othertool", true)
	b.Say("m9", "Done.")
	e := extractEN(t, b, "/home/dev/proj")
	for _, want := range []string{
		"`cat > types/README.md` failed: no such file or directory: types/README.md",
		"`source .env.local && make` failed: source: no such file or directory: .env.local",
		"`mytool check` failed: mytool: command not found",
		"`othertool check` failed: command not found: othertool",
	} {
		if !slices.Contains(e.Problems, want) {
			t.Errorf("problems = %q, want %q in them", e.Problems, want)
		}
	}
}
