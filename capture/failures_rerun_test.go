package capture

import (
	"fmt"
	"strings"
	"testing"

	"carnet/hook/transcript"
)

// A check run again another way fixes it: through the module runner (python -m), another
// package manager's spelling of the same script (pnpm build, npm test), on the folder that
// holds what failed, or on the whole project ("./...", "."); a lint script's fix or check
// variant (lint:fix, format:check) is the same script.
func TestFailuresFixedByAnotherSpelling(t *testing.T) {
	t.Parallel()
	cases := []struct{ failed, passed string }{
		{"python -m pytest tests/test_auth.py -x", "pytest"},
		{"uv run python3 -m mypy src", "mypy src"},
		{"pnpm build", "npm run build"},
		{"npm test", "yarn test"},
		{"yarn run typecheck", "pnpm typecheck"},
		{"go test ./internal/store/", "go test ./..."},
		{"cargo test -p core parser", "cargo test ."},
		{"pytest tests/unit/test_parse.py::test_empty", "pytest tests/unit"},
		{"go test ./internal/store/...", "go test ./internal"},
		{"npm run lint", "npm run lint:fix"},
		{"pnpm run format:check", "pnpm run format"},
	}
	for _, c := range cases {
		s := &Session{}
		Capture(turn("fix it", "Failing.", bash("1", c.failed, "E   AssertionError: expected 2, got 3", true)), s, "en")
		r := Capture(turn("again", "Passing.", edit("/repo/src/a.py"), bash("2", c.passed, "ok", false)), s, "en")
		if len(r.Fixed) != 1 {
			t.Errorf("%q after %q: fixed %q", c.passed, c.failed, r.Fixed)
		}
	}
	// another operand, another script, another package's folder: not the same check
	for _, c := range []struct{ failed, passed string }{
		{"pytest tests/test_auth.py", "pytest tests/test_api.py"},
		{"go test ./internal/store/", "go test ./internal/st"},
		{"pnpm build", "npm run build:docs"},
		{"npm run test:e2e", "npm run test:unit"},
		{"yarn add left-pad", "yarn add right-pad"},
		{"python -m pytest", "python -m pytest tests/test_a.py"},
	} {
		s := &Session{}
		Capture(turn("fix it", "Failing.", bash("1", c.failed, "E   AssertionError: expected 2, got 3", true)), s, "en")
		if r := Capture(turn("again", "Passing.", edit("/repo/src/a.py"), bash("2", c.passed, "ok", false)), s, "en"); len(r.Fixed) != 0 {
			t.Errorf("%q after %q: fixed %q", c.passed, c.failed, r.Fixed)
		}
	}
}

// A linter's findings that the turn itself fixed (its --fix, the formatter, an edit and a
// clean re-run) are no failure to remember; a test or a build fixed in the turn is marked
// fixed, and a finding still there at the end of the turn stays open.
func TestLintFixedInTheTurnIsDropped(t *testing.T) {
	t.Parallel()
	r := Capture(turn("add the module", "Done.",
		edit("/repo/src/config.py"),
		bash("1", "ruff check src/config.py", "F401 `os` imported but unused", true),
		bash("2", "ruff check src/config.py --fix", "Found 1 error (1 fixed, 0 remaining).", false),
		bash("3", "npx prettier --check src", "[warn] src/a.ts", true),
		bash("4", "npx prettier --write src", "src/a.ts 20ms", false),
		bash("5", "cargo fmt --check", "Diff in src/main.rs at line 3:", true),
		bash("6", "cargo fmt", "", false),
		bash("7", "go test ./...", "a_test.go:9: got 1, want 2", true),
		edit("/repo/a.go"),
		bash("8", "go test ./...", "ok", false),
		bash("9", "ruff check src/models.py --fix", "F841 Local variable `e` is assigned to but never used", true)), &Session{}, "en")
	if len(r.Problems) != 2 || !strings.HasPrefix(r.Problems[0], "fixed: `go test ./...`") || !strings.HasPrefix(r.Problems[1], "`ruff check src/models.py --fix`") {
		t.Errorf("problems = %q", r.Problems)
	}
	// a finding of an earlier turn fixed now is still marked fixed
	s := &Session{}
	Capture(turn("lint", "One left.", bash("1", "eslint src", "3:1 error 'x' is never used", true)), s, "en")
	if r := Capture(turn("fix it", "Clean.", edit("/repo/src/a.js"), bash("2", "eslint --fix src", "", false)), s, "en"); len(r.Fixed) != 1 {
		t.Errorf("fixed later = %q", r.Fixed)
	}
}

// A retry on the failing file renamed (probe.js, then probe.mjs) supersedes it: one bullet,
// in the retry's state.
func TestFailureRetriedOnARenamedFile(t *testing.T) {
	t.Parallel()
	r := Capture(turn("try the endpoint", "Timed out.",
		bash("1", "node probe.js", "ReferenceError: require is not defined in ES module scope", true),
		bash("2", "node probe.mjs", "Command timed out after 2m 0.0s", true)), &Session{}, "en")
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "probe.mjs") {
		t.Errorf("failed again: %q", r.Problems)
	}
	r = Capture(turn("try the endpoint", "Works.",
		bash("1", "node probe.js", "ReferenceError: require is not defined in ES module scope", true),
		bash("2", "node probe.mjs", "201 Created", false)), &Session{}, "en")
	if len(r.Problems) != 1 || !strings.HasPrefix(r.Problems[0], "fixed: ") {
		t.Errorf("went through: %q", r.Problems)
	}
}

// A step retried with other options keeps one bullet in its latest state: the same package
// script, or the same program on a file in common. Another file of the same program is
// another failure.
func TestFailureRetriedWithOtherOptions(t *testing.T) {
	t.Parallel()
	r := Capture(turn("fix the parser tests", "Still failing.",
		bash("1", "pytest tests/test_parse.py", "E   AssertionError: assert 3 == 4", true),
		bash("2", "pytest -x -vv tests/test_parse.py", "E   AssertionError: assert [] == ['a']", true),
		bash("3", "npm run build", "error TS2304: Cannot find name 'Row'.", true),
		bash("4", "npm run build -- --verbose", "error TS2322: Type 'string' is not assignable to type 'number'.", true),
		bash("5", "pytest tests/test_lex.py", "E   KeyError: 'tok'", true)), &Session{}, "en")
	if len(r.Problems) != 3 || !strings.Contains(r.Problems[0], "['a']") || !strings.Contains(r.Problems[1], "TS2322") || !strings.Contains(r.Problems[2], "test_lex") {
		t.Errorf("problems = %q", r.Problems)
	}
}

// A chain stops at its part that fails: when its last part later goes through on its own,
// the chain's failure is fixed ("pip install -r requirements.txt && pytest", then
// "pytest").
func TestFailuresFixedByTheirRetry(t *testing.T) {
	t.Parallel()
	s := &Session{}
	Capture(turn("fix the tests", "Failing.", bash("1", "pip install -r requirements.txt && pytest", "E   AssertionError: expected 2, got 3", true)), s, "en")
	if r := Capture(turn("again", "Passing.", edit("/repo/src/a.ts"), bash("2", "pytest", "4 passed", false)), s, "en"); len(r.Fixed) != 1 {
		t.Errorf("the chain's last part went through: fixed %q", r.Fixed)
	}
}

// Commands of one program that fail the same way on other operands (six packages' tools run
// before the install, five runs polled until the call's time ran out) are one bullet that
// says how many more there were, fixed only when every one of them is; the budget is left
// for the failures that differ. Another program, or another error, is a bullet of its own.
func TestFailuresAlikeAreOne(t *testing.T) {
	t.Parallel()
	var calls []*transcript.ToolUse
	for i, pkg := range []string{"react", "vite", "typescript", "@tanstack/react-query", "@radix-ui/react-dialog", "tailwindcss"} {
		calls = append(calls, bash(fmt.Sprint(i), fmt.Sprintf("node web/node_modules/%s/cli.js --version", pkg),
			fmt.Sprintf("Error: Cannot find module './web/node_modules/%s/package.json'", pkg), true))
	}
	calls = append(calls,
		bash("10", "cd web && npm run build", "src/env.ts(9,44): error TS2339: Property 'env' does not exist on type 'ImportMeta'.", true),
		bash("11", "uvicorn app:main --port 8000", "ERROR:    [Errno 48] error while attempting to bind on address ('0.0.0.0', 8000): address already in use", true),
		bash("12", "gh run view 4711", "Command timed out after 2m 0.0s", true),
		bash("13", "gh run view 4712", "Command timed out after 2m 0.0s", true),
		bash("14", "gh run view 4711 --log-failed", "build\tRun npm test\tFAIL src/a.test.ts", false))
	r := Capture(turn("scaffold the frontend", "Built.", calls...), &Session{}, "en")
	want := []string{
		"`node web/node_modules/react/cli.js --version` failed: Error: Cannot find module './web/node_modules/react/package.json' (and 5 more that failed the same way)",
		"`npm run build` failed: src/env.ts(9,44): error TS2339: Property 'env' does not exist on type 'ImportMeta'.",
		"`uvicorn app:main --port 8000` failed: ERROR: [Errno 48] error while attempting to bind on address ('0.0.0.0', 8000): address already in use",
		"`gh run view 4712` failed: Command timed out after 2m 0.0s (and 1 more that failed the same way)",
	}
	if strings.Join(r.Problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems =\n%s\nwant\n%s", strings.Join(r.Problems, "\n"), strings.Join(want, "\n"))
	}
}
