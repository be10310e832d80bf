package transcript

import "testing"

// A linter's report: the diagnostic stands before the "-->" locator; the source excerpt
// under it, a path that holds "errors" and the count at the end are not the cause.
func TestCauseLineOfDiagnostics(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		// ruff: the message, then "--> file:line:col", then an excerpt whose code names an error
		"Exit code 1\nI001 [*] Import block is un-sorted or un-formatted\n  --> src/app/main.py:1:1\n   |\n 8 | | from slowapi.errors import RateLimitExceeded\n   |\nFound 3 errors.": "I001 [*] Import block is un-sorted or un-formatted",
		// uv's install banner before the first diagnostic
		"Exit code 1\nUsing CPython 3.14.0\nInstalled 41 packages in 288ms\nUP035 `typing.List` is deprecated, use `list` instead\n --> src/app/config.py:2:1\nFound 7 errors.": "UP035 `typing.List` is deprecated, use `list` instead",
		// eslint lists files by path: "api-errors.ts" names no error; prettier's verdict does
		"Analyzing\n[warn] test/perf.test.ts\n[warn] Code style issues found in the above file. Run Prettier with --write to fix.\n/home/dev/proj/src/errors/api-errors.ts\n  23:31  warning  Unexpected any": "[warn] Code style issues found in the above file. Run Prettier with --write to fix.",
		"/home/dev/proj/src/errors/api-errors.ts\n  23:31  warning  Unexpected any": "/home/dev/proj/src/errors/api-errors.ts",
		// a vitest excerpt line ("321|   expect(err)") is code, not the failure
		"Exit code 1\n    321|       expect(error).toBeDefined();\nAssertionError: expected undefined to be defined": "AssertionError: expected undefined to be defined",
	} {
		if got := firstUsefulLine(in); got != want {
			t.Errorf("firstUsefulLine(%q)\n = %q\nwant %q", in, got, want)
		}
	}
}
