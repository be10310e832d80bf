package extract

import (
	"slices"
	"strings"
)

// linters are the programs whose findings a turn fixes as it writes: a pass of one of them
// over the turn's files is routine, not a failure per file. Two words before one: "ruff
// check" before "ruff".
var linters = []string{"ruff check", "ruff format", "biome lint", "biome check", "cargo clippy", "ruff", "eslint",
	"golangci-lint", "flake8", "pylint", "rubocop", "shellcheck", "stylelint", "markdownlint", "prettier", "black"}

// fixFlags ask a linter to fix what it finds.
var fixFlags = []string{"--fix", "--write", "-w", "--unsafe-fixes"}

// linterOf names the linter a shell command runs ("ruff check" for "cd app && uv run
// ruff check a.py"), or "": its last part chained with "&&", without its runner.
func linterOf(cmd string) string {
	if i := strings.LastIndex(cmd, "&&"); i >= 0 {
		cmd = cmd[i+2:]
	}
	last := unrun(strings.TrimSpace(cmd))
	for _, l := range linters {
		if last == l || strings.HasPrefix(last, l+" ") {
			return l
		}
	}
	return ""
}

// isLintFixPass reports a linter run asked to fix that says what it fixed ("Found 8
// errors (7 fixed, 1 remaining)."): a fix pass that went through, whatever is left.
func isLintFixPass(cmd, out string) bool {
	if !strings.Contains(out, "fixed") || linterOf(cmd) == "" {
		return false
	}
	return slices.ContainsFunc(strings.Fields(cmd), func(f string) bool { return slices.Contains(fixFlags, f) })
}

// lintSeen reports whether the turn already has a failure of the linter the command runs,
// and notes this one: one linter's findings on several files are one bullet at most.
func lintSeen(seen map[string]bool, cmd string) bool {
	l := linterOf(cmd)
	if l == "" {
		return false
	}
	k := "lint " + l
	had := seen[k]
	seen[k] = true
	return had
}
