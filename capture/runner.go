package capture

import "strings"

// runners are the words that run a project's own program ("uv run pytest" is "pytest"
// installed in the project): a command not found on the PATH and run again through one
// of them is the same command.
var runners = []string{"uv run ", "uvx ", "npx ", "bunx ", "pnpm exec ", "poetry run ", "pipenv run ",
	"bundle exec ", "python -m ", "python3 -m "}

// unrun drops the runner a command starts with, and npx's "-y": the command it runs.
func unrun(cmd string) string {
	for _, r := range runners {
		if rest, ok := strings.CutPrefix(cmd, r); ok {
			rest = strings.TrimSpace(rest)
			if r == "npx " {
				rest, _ = strings.CutPrefix(rest, "-y ")
			}
			return rest
		}
	}
	return cmd
}
