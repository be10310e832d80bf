package capture

import "strings"

// linters are the programs whose findings a turn fixes as it writes: a pass of one of them
// over the turn's files is routine, one failure at most, not one per file. Two words
// before one: "ruff check" before "ruff".
var linters = []string{"ruff check", "ruff format", "biome lint", "biome check", "cargo clippy", "ruff", "eslint",
	"golangci-lint", "flake8", "pylint", "rubocop", "shellcheck", "stylelint", "markdownlint", "prettier", "black"}

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

// lintAt is where, in a turn's failure bullets, the failure of each linter stands: a
// linter's later failure in the turn takes that place, so the bullet says the state the
// pass ended in (the finding still open), not the first file it went over.
type lintAt map[string]int

// place returns where the failure of the linter cmd runs goes in problems: the index of
// the linter's earlier failure, or len(problems) for a new bullet (noted).
func (at lintAt) place(cmd string, problems []string) int {
	l := linterOf(cmd)
	if l == "" {
		return len(problems)
	}
	if i, ok := at[l]; ok {
		return i
	}
	at[l] = len(problems)
	return len(problems)
}
