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

// A failed call keeps the line that opens with the failure, not the first log line that
// holds an error word nor a stack frame; a refusal keeps its own words.
func TestOutputLineOfAFailure(t *testing.T) {
	t.Parallel()
	testRun := "> check\nstderr | test/people.test.ts > validate\n[batch] Batch query failed, falling back: TypeError: x\n" +
		"    at runWithTimeout (file:///home/dev/proj/node_modules/runner/index.js:852:10)\n" +
		" FAIL  test/perf.test.ts > CRUD > should create record within budget\nAssertionError: expected undefined to be defined\n" +
		"husky - pre-commit script failed (code 1)"
	ruff := "a/client.py:102:37: F841 [*] Local variable `e` is assigned to but never used\n    |\n100 |  f\"API error after {n}\"\n    |\nFound 1 error."
	for _, c := range []struct {
		out    string
		failed bool
		want   string
	}{
		{testRun, true, "AssertionError: expected undefined to be defined"}, // the assertion that says why, not the runner's FAIL header
		{testRun, false, "[batch] Batch query failed, falling back: TypeError: x"},
		{ruff, true, "a/client.py:102:37: F841 [*] Local variable `e` is assigned to but never used"},
		{"Bash operation blocked by hook:\n- [guard]: BLOCKED: dangerous rm\nFAIL nothing", true, "Bash operation blocked by hook:"},
		{"Exit code 1\n    at runWithTimeout (file:///x/index.js:8:1)\nsomething broke: cannot open db", false, "something broke: cannot open db"},
	} {
		if got := outputLine(c.out, c.failed); got != c.want {
			t.Errorf("outputLine(%q, %v)\n = %q\nwant %q", c.out, c.failed, got, c.want)
		}
	}
}

// The runtime's verdict on the first line (a timeout) and git's refused ref stay the cause.
func TestOutputLineKeepsTheVerdict(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"Command timed out after 2m 0.0s\nTesting…\nFailed to fetch: Error: client not initialized\nError: client not initialized":                        "Command timed out after 2m 0.0s",
		"To https://github.com/o/r.git\n ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs to 'https://github.com/o/r.git'": "! [rejected]        main -> main (fetch first)",
		"Checking formatting...\n✖ 927 problems (0 errors, 927 warnings)\n[warn] Code style issues found in 2 files.":                                     "[warn] Code style issues found in 2 files.",
		"Command timed out after 2m 0.0s\nsrc/app.ts:3:9: error TS2304: Cannot find name 'Row'.":                                                          "Command timed out after 2m 0.0s",
	} {
		if got := outputLine(out, true); got != want {
			t.Errorf("outputLine(%q)\n = %q\nwant %q", out, got, want)
		}
	}
}

// A tool's verdict on the first line ("Build failed because of errors") says less than the
// located diagnostic under it, which is the cause kept; an error line with no place of its own
// under the verdict is a log line, and the verdict stays.
func TestLocatedDiagnosticUnderTheVerdict(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"Build failed because of webpack errors\n./src/pages/cart.tsx:12:5\nType error: Property 'total' does not exist on type 'Cart'.": "./src/pages/cart.tsx:12:5 Type error: Property 'total' does not exist on type 'Cart'.",
		"Build failed with 1 error:\nsrc/main.ts:4:10: ERROR: Could not resolve \"./util\"":                                              `src/main.ts:4:10: ERROR: Could not resolve "./util"`,
		"Deploy failed: 1 function errored\nError: connection reset by peer":                                                             "Deploy failed: 1 function errored",
	} {
		if got := outputLine(out, true); got != want {
			t.Errorf("outputLine(%q)\n = %q\nwant %q", out, got, want)
		}
	}
}

// A test runner's header names the test; the line under it says why it failed, and that is
// the cause kept (Go's "--- FAIL:", then the assertion; a header alone is kept when nothing
// under it says more).
func TestFailureLineIsTheAssertion(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"--- FAIL: TestGreet (0.00s)\n    greet_test.go:8: Greet(\"bob\") = \"hi bob\", want \"hello bob\"\nFAIL\nFAIL\tgreet\t0.002s\n": `greet_test.go:8: Greet("bob") = "hi bob", want "hello bob"`,
		"FAILED tests/test_x.py::test_sum - AssertionError: assert 1 == 2\n":                                                             "FAILED tests/test_x.py::test_sum - AssertionError: assert 1 == 2",
		"--- FAIL: TestGreet (0.00s)\nFAIL\n": "--- FAIL: TestGreet (0.00s)",
	} {
		if got := outputLine(out, true); got != want {
			t.Errorf("outputLine(%q) = %q, want %q", out, got, want)
		}
	}
}

// The frame a shell or an agent puts around a failure is not its cause: PowerShell's error
// record (the "At line:N char:N" locator, the quoted command, CategoryInfo) stands under the
// message; Codex's notice of a truncated output stands above what the command printed.
func TestCauseLineIsNotTheFrame(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"mvn : The term 'mvn' is not recognized as the name of a cmdlet, function, script file, or operable program.\nAt line:1 char:1\n+ mvn -q package\n+ ~~~\n    + CategoryInfo          : ObjectNotFound: (mvn:String) [], CommandNotFoundException\n    + FullyQualifiedErrorId : CommandNotFoundException": "mvn : The term 'mvn' is not recognized as the name of a cmdlet, function, script file, or operable program.",
		"Warning: truncated output (original token count: 9120)\nTotal output lines: 812\n\nseeding 40 rows into orders\n[... omitted 700 of 812 lines ...]\nseed aborted at row 41":                                                                                                                              "seed aborted at row 41",
		"Total output lines: 300\n\nwaiting for port 5432\nwaiting for port 5432": "waiting for port 5432",
	} {
		if got := outputLine(out, true); got != want {
			t.Errorf("outputLine(%q)\n = %q\nwant %q", out, got, want)
		}
	}
}

// Gemini CLI writes "(empty)" where a command printed nothing: that is no cause.
func TestReadGeminiEmptyOutput(t *testing.T) {
	t.Parallel()
	chat := `{"sessionId":"s1","projectHash":"h","messages":[
{"id":"1","timestamp":"2026-03-22T10:01:00Z","type":"user","content":"Is the env file there?"},
{"id":"2","timestamp":"2026-03-22T10:01:05Z","type":"gemini","content":"","toolCalls":[
 {"id":"c1","name":"run_shell_command","args":{"command":"make check"},"result":[{"functionResponse":{"response":{"output":"Command: make check\nDirectory: (root)\nOutput: (empty)\nError: (none)\nExit Code: 2\nSignal: (none)\nBackground PIDs: (none)\nProcess Group PGID: 411"}}}],"status":"success"},
 {"id":"c2","name":"run_shell_command","args":{"command":"make lint"},"result":[{"functionResponse":{"response":{"output":"Command: make lint\nDirectory: (root)\nStdout: (empty)\nStderr: (empty)\nExit Code: 2\nSignal: (none)"}}}],"status":"success"}]},
{"id":"3","timestamp":"2026-03-22T10:01:09Z","type":"gemini","content":"No."}]}`
	turn := readGeminiChat(t, chat)
	for _, u := range turn.Tools {
		if !u.IsError || u.Output != "" {
			t.Errorf("%s: error %v, output %q", u.Command, u.IsError, u.Output)
		}
	}
}

// A failed call's output: npm's own lines that its script failed are not the cause, the
// script's line is; a header that only announces the error gives way to the line under it.
func TestOutputLineOfNpmAndHeaders(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"npm error code 1\nnpm error command failed\n> pkg@1.0.0 prepare\n✅ Checked files\n❌ Release check failed: tree is dirty":                          "❌ Release check failed: tree is dirty",
		"❌ Owners conflict:\n- a.json: two owners\nFailed to parse reply: 1 file has two owners":                                                           "Failed to parse reply: 1 file has two owners",
		"npm error Missing script: \"build\"\nnpm error A complete log of this run can be found in: /tmp/x.log":                                            "npm error Missing script: \"build\"",
		"npm error code 1\nnpm error path /srv/app\nnpm error command failed\nnpm error\nnpm error A complete log of this run can be found in: /tmp/x.log": "npm error code 1",
		"npm error code ERESOLVE\nnpm error ERESOLVE unable to resolve dependency tree\nnpm error\nnpm error Found: react@18":                              "npm error code ERESOLVE",
	} {
		if got := outputLine(in, true); got != want {
			t.Errorf("outputLine(%q)\n = %q\nwant %q", in, got, want)
		}
	}
}
