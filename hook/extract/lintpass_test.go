package extract

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// What a linter finds in the code a turn writes is how the code gets written: the agent
// fixes it as it goes, and what is left the next run finds again. No failure of the
// session, open or fixed; a linter that could not run at all is one, and the turn's other
// failures keep their room.
func TestLintFindingsAreNoFailures(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Write the gateway modules")
	bash(b, "b1", "cd app && uv run ruff check src/app/config.py", "Exit code 1\nUP035 `typing.List` is deprecated, use `list` instead\n --> src/app/config.py:2:1\nFound 3 errors.", true)
	bash(b, "b2", "cd app && uv run ruff check src/app/config.py --fix", "Found 3 errors (3 fixed, 0 remaining).", false)
	bash(b, "b3", "uv run ruff check src/app/main.py", "Exit code 1\nI001 [*] Import block is un-sorted or un-formatted\n --> src/app/main.py:1:1", true)
	bash(b, "b4", "npm run build", "Exit code 1\nerror TS2304: Cannot find name 'Gateway'.", true)
	bash(b, "b5", "uv run ruff check src/app/models.py --fix", "Exit code 1\nF401 `typing.Optional` imported but unused\nFound 8 errors (7 fixed, 1 remaining).", true)
	bash(b, "b6", "eslint web/", "Exit code 127\n(eval):1: command not found: eslint", true)
	b.Say("m9", "The modules are written.")
	e := extractEN(t, b, "/home/dev/proj")
	got := strings.Join(e.Problems, "\n")
	if strings.Contains(got, "ruff check") {
		t.Errorf("a linter's findings are failures:\n%s", got)
	}
	if !strings.Contains(got, "npm run build") || !strings.Contains(got, "command not found: eslint") {
		t.Errorf("the real failures are lost:\n%s", got)
	}
}
