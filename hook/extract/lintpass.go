package extract

import (
	"strings"

	"carnet/hook/transcript"
)

// linters are the programs whose findings a turn fixes as it writes (see lintFindings).
// Two words before one: "ruff check" before "ruff".
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

// couldNotRun are what a program prints, lower-cased, when it did not run at all.
var couldNotRun = []string{"command not found", "not found:", "no such file", "no module named", "is not recognized"}

// lintFindings reports a linter's run that failed on what it found in the code, not for
// want of running: how code gets written, no failure of the session. The agent fixes the
// findings as it goes, and what is left the next run finds again.
func lintFindings(u *transcript.ToolUse) bool {
	return linterOf(u.Command) != "" && !hasAny(strings.ToLower(u.Output), couldNotRun)
}
