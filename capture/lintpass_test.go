package capture

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A file-by-file lint-and-fix pass is routine: one linter's failures on several files of a
// turn are one bullet, the last one — the finding the pass ended with still open, not the
// first file it fixed; the turn's other failures keep their room.
func TestLintPassIsOneFailureItsLast(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Write the gateway modules")
	bash(b, "b1", "cd app && uv run ruff check src/app/config.py", "Exit code 1\nUP035 `typing.List` is deprecated, use `list` instead\n --> src/app/config.py:2:1\nFound 3 errors.", true)
	bash(b, "b2", "cd app && uv run ruff check src/app/config.py --fix", "Found 3 errors (3 fixed, 0 remaining).", false)
	bash(b, "b3", "uv run ruff check src/app/main.py", "Exit code 1\nI001 [*] Import block is un-sorted or un-formatted\n --> src/app/main.py:1:1", true)
	bash(b, "b4", "npm run build", "Exit code 1\nerror TS2304: Cannot find name 'Gateway'.", true)
	bash(b, "b5", "uv run ruff check src/app/models.py --fix", "Exit code 1\nF401 `typing.Optional` imported but unused\nFound 8 errors (7 fixed, 1 remaining).", true)
	b.Say("m9", "The modules are written.")
	e := extractEN(t, b, "/home/dev/proj")
	got := strings.Join(e.Problems, "\n")
	if n := strings.Count(got, "ruff check"); n != 1 {
		t.Errorf("a lint pass over several files gave %d failures, want 1:\n%s", n, got)
	}
	if !strings.Contains(e.Problems[0], "models.py") || strings.Contains(got, "UP035") {
		t.Errorf("the pass's bullet, first, is not the run it ended with (models.py, still open):\n%s", got)
	}
	if !strings.Contains(got, "npm run build") {
		t.Errorf("the real failure is lost:\n%s", got)
	}
}
