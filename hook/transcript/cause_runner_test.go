package transcript_test

import (
	"context"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// failedCause is the cause kept of a failed Bash call that printed out, read back from a
// Claude Code transcript.
func failedCause(t *testing.T, out string) string {
	t.Helper()
	b := (&transcripttest.Claude{}).Prompt("run the tests").
		Use("m1", "t1", "Bash", map[string]any{"command": "make test"}).
		Result("t1", "Exit code 1\n"+out, true).
		Say("m2", "It fails.")
	s, err := transcript.ReadSession(context.Background(), b.Write(t), transcript.SessionOptions{})
	if err != nil || len(s.Turns) != 1 || len(s.Turns[0].Tools) != 1 {
		t.Fatalf("session %+v, %v", s, err)
	}
	return s.Turns[0].Tools[0].Output
}

// cargo test: the cause is the panic, its message and the values compared — Rust ≥ 1.73
// puts the location on the "panicked at" line and the message under it, older Rust quotes
// the message before the location — not cargo's "test result: FAILED." nor "error: test
// failed, to rerun pass `--lib`".
func TestCauseOfARustPanic(t *testing.T) {
	t.Parallel()
	const tail = "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n\n\nfailures:\n    tests::it_adds_two\n\n" +
		"test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\nerror: test failed, to rerun pass `--lib`\n"
	const head = "   Compiling adder v0.1.0 (/home/dev/adder)\n    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.57s\n" +
		"     Running unittests src/lib.rs (target/debug/deps/adder-92948b65e88960b4)\n\nrunning 2 tests\ntest tests::exploration ... ok\n" +
		"test tests::it_adds_two ... FAILED\n\nfailures:\n\n---- tests::it_adds_two stdout ----\n\n"
	for out, want := range map[string]string{
		head + "thread 'tests::it_adds_two' panicked at src/lib.rs:12:9:\nassertion `left == right` failed\n  left: 5\n right: 4\n" + tail:                     "thread 'tests::it_adds_two' panicked at src/lib.rs:12:9: assertion `left == right` failed, left: 5, right: 4",
		head + "thread 'tests::it_adds_two' panicked at src/lib.rs:17:9:\nMake this test fail\n" + tail:                                                        "thread 'tests::it_adds_two' panicked at src/lib.rs:17:9: Make this test fail",
		head + "thread 'tests::it_adds_two' (70151) panicked at src/lib.rs:12:9:\nassertion `left == right` failed: sum of two\n  left: 5\n right: 4\n" + tail: "thread 'tests::it_adds_two' (70151) panicked at src/lib.rs:12:9: assertion `left == right` failed: sum of two, left: 5, right: 4",
		head + "thread 'tests::it_adds_two' panicked at 'assertion failed: `(left == right)`\n  left: `5`,\n right: `4`', src/lib.rs:12:9\n" + tail:            "thread 'tests::it_adds_two' panicked at 'assertion failed: `(left == right)`, left: `5`, right: `4`', src/lib.rs:12:9",
		head + "thread 'tests::it_adds_two' panicked at 'Greeting did not contain name, value was `Hello!`', src/lib.rs:12:9\n" + tail:                         "thread 'tests::it_adds_two' panicked at 'Greeting did not contain name, value was `Hello!`', src/lib.rs:12:9",
		// cargo run: a panic in main, then the note
		"    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.01s\n     Running `target/debug/app`\n\nthread 'main' panicked at src/main.rs:4:6:\nindex out of bounds: the len is 3 but the index is 99\nnote: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n": "thread 'main' panicked at src/main.rs:4:6: index out of bounds: the len is 3 but the index is 99",
	} {
		if got := failedCause(t, out); got != want {
			t.Errorf("cause of\n%s\n = %q\nwant %q", out, got, want)
		}
	}
}

// Jest: the cause is the first message of the "● Suite › test" block, with the values it
// labels (Expected, Received), or the error thrown; not the file's FAIL header nor the run's
// summary ("Tests: 1 failed"). Jest's "● Console" block is what the test logged.
func TestCauseOfAJestFailure(t *testing.T) {
	t.Parallel()
	const summary = "\nTest Suites: 1 failed, 1 total\nTests:       1 failed, 1 passed, 2 total\nSnapshots:   0 total\nTime:        0.512 s\nRan all test suites.\n"
	for out, want := range map[string]string{
		"FAIL __tests__/sum.test.js\n  sum\n    ✓ adds 0 + 0 (1 ms)\n    ✕ adds 1 + 2 to equal 3 (5 ms)\n\n  ● sum › adds 1 + 2 to equal 3\n\n" +
			"    expect(received).toBe(expected) // Object.is equality\n\n    Expected: 3\n    Received: 4\n\n" +
			"      3 | describe('sum', () => {\n      4 |   test('adds 1 + 2 to equal 3', () => {\n    > 5 |     expect(sum(1, 2)).toBe(3);\n" +
			"        |                       ^\n      6 |   });\n\n      at Object.toBe (__tests__/sum.test.js:5:23)\n" + summary: "expect(received).toBe(expected) // Object.is equality, Expected: 3, Received: 4",
		"FAIL src/cart.test.ts\n  ✕ lists the items (3 ms)\n\n  ● lists the items\n\n    expect(received).toHaveLength(expected)\n\n" +
			"    Expected length: 3\n    Received length: 2\n    Received array:  [\"a\", \"b\"]\n\n      at Object.toHaveLength (src/cart.test.ts:9:20)\n" + summary: `expect(received).toHaveLength(expected), Expected length: 3, Received length: 2, Received array: ["a", "b"]`,
		"FAIL __tests__/done.test.js\n  ✕ done(Error) (2 ms)\n\n  ● done(Error)\n\n    this is an error\n\n      41 |\n    > 43 |   done(new Error('this is an error'));\n" +
			"         |        ^\n\n      at Object.<anonymous> (__tests__/done.test.js:43:8)\n" + summary: "this is an error",
		"FAIL __tests__/config.test.js\n  ● Test suite failed to run\n\n    Cannot find module './missing' from '__tests__/config.test.js'\n" + summary: "Cannot find module './missing' from '__tests__/config.test.js'",
		"FAIL __tests__/api.test.js\n  ● Console\n\n    console.log\n      fetching /users\n\n      at log (src/api.js:3:11)\n\n  ● api › lists users\n\n" +
			"    expect(received).toEqual(expected) // deep equality\n\n    - Expected  - 1\n    + Received  + 1\n\n      at Object.toEqual (__tests__/api.test.js:8:20)\n" + summary: "expect(received).toEqual(expected) // deep equality",
	} {
		if got := failedCause(t, out); got != want {
			t.Errorf("cause of\n%s\n = %q\nwant %q", out, got, want)
		}
	}
	// a "●" line with no runner's FAIL header above it is no test's record (systemctl status)
	out := "● web.service - Web app\n     Loaded: loaded (/etc/systemd/system/web.service; enabled)\n     Active: failed (Result: exit-code)\n"
	if got := failedCause(t, out); got == "Loaded: loaded (/etc/systemd/system/web.service; enabled)" {
		t.Errorf("systemctl status: cause %q", got)
	}
}

// Jest lists its failing tests (✕) before their records: a long list does not hide them.
func TestCauseOfJestUnderALongList(t *testing.T) {
	t.Parallel()
	out := "FAIL __tests__/math.test.js\n  math\n"
	for range 30 {
		out += "    ✕ rounds (1 ms)\n"
	}
	out += "\n  ● math › rounds\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: 2\n    Received: 1\n"
	if got, want := failedCause(t, out), "expect(received).toBe(expected) // Object.is equality, Expected: 2, Received: 1"; got != want {
		t.Errorf("cause %q, want %q", got, want)
	}
}

// RSpec: "Failure/Error:" names the line that failed; what it expected and got, or the
// exception raised, is under it.
func TestCauseOfAnRSpecFailure(t *testing.T) {
	t.Parallel()
	const tail = "\nFinished in 0.01 seconds (files took 0.1 seconds to load)\n1 example, 1 failure\n\nFailed examples:\n\nrspec ./spec/calculator_spec.rb:3 # Calculator adds two numbers\n"
	for out, want := range map[string]string{
		"F\n\nFailures:\n\n  1) Calculator adds two numbers\n     Failure/Error: expect(Calculator.new.add(2, 2)).to eq(5)\n\n" +
			"       expected: 5\n            got: 4\n\n       (compared using ==)\n     # ./spec/calculator_spec.rb:4:in `block (2 levels) in <top (required)>'\n" + tail: "Failure/Error: expect(Calculator.new.add(2, 2)).to eq(5), expected: 5, got: 4",
		"F\n\nFailures:\n\n  1) User#name returns the full name\n     Failure/Error: user.full_name\n\n     NoMethodError:\n" +
			"       undefined method `full_name' for #<User id: nil>\n     # ./spec/models/user_spec.rb:5:in `block (3 levels) in <top (required)>'\n" + tail: "Failure/Error: user.full_name, NoMethodError: undefined method `full_name' for #<User id: nil>",
	} {
		if got := failedCause(t, out); got != want {
			t.Errorf("cause of\n%s\n = %q\nwant %q", out, got, want)
		}
	}
}

// dotnet test (vstest): the cause is the test's "Error Message:" with the values it gives,
// not xUnit's "[FAIL]" progress line nor the "Failed TestName" header.
func TestCauseOfADotnetTestFailure(t *testing.T) {
	t.Parallel()
	const head = "  Determining projects to restore...\n  All projects are up-to-date for restore.\n" +
		"  Calc.Tests -> /home/dev/Calc.Tests/bin/Debug/net8.0/Calc.Tests.dll\nTest run for /home/dev/Calc.Tests/bin/Debug/net8.0/Calc.Tests.dll (.NETCoreApp,Version=v8.0)\n" +
		"Microsoft (R) Test Execution Command Line Tool Version 17.8.0 (x64)\nCopyright (c) Microsoft Corporation.  All rights reserved.\n\n" +
		"Starting test execution, please wait...\nA total of 1 test files matched the specified pattern.\n"
	const tail = "  Stack Trace:\n     at Calc.Tests.CalcTests.Add() in /home/dev/Calc.Tests/CalcTests.cs:line 15\n\n" +
		"Failed!  - Failed:     1, Passed:    11, Skipped:     0, Total:    12, Duration: 254 ms - Calc.Tests.dll (net8.0)\n"
	for out, want := range map[string]string{
		head + "[xUnit.net 00:00:00.45]     Calc.Tests.CalcTests.Add [FAIL]\n  Failed Calc.Tests.CalcTests.Add [12 ms]\n  Error Message:\n" +
			"   Assert.Equal() Failure: Values differ\nExpected: 4\nActual:   5\n" + tail: "Assert.Equal() Failure: Values differ, Expected: 4, Actual: 5",
		head + "  Failed Calc.Tests.CalcTests.Divide [1 ms]\n  Error Message:\n   System.DivideByZeroException : Attempted to divide by zero.\n" + tail: "System.DivideByZeroException : Attempted to divide by zero.",
	} {
		if got := failedCause(t, out); got != want {
			t.Errorf("cause of\n%s\n = %q\nwant %q", out, got, want)
		}
	}
}

// Forms already read right, kept so: go build's first diagnostic under the package line,
// mocha's assertion (chai's message, node's AssertionError with its code), vitest's
// assertion under its FAIL line.
func TestCauseOfOtherRunners(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"# example.com/hello\n./main.go:3:2: undefined: y\n./main.go:8:2: \"os\" imported and not used\n": "./main.go:3:2: undefined: y",
		"  Calculator\n    #add\n      1) should work\n\n\n  0 passing (21ms)\n  1 failing\n\n  1) Calculator #add should work:\n\n" +
			"      AssertionError: expected 6 to equal 7\n      + expected - actual\n\n      -6\n      +7\n\n      at Context.<anonymous> (test/Calculator.spec.js:12:38)\n": "AssertionError: expected 6 to equal 7",
		"\n RUN  v3.2.4 /repo\n\n ❯ test/cart.test.js (2 tests | 1 failed) 3ms\n       × applies a whole percentage 3ms\n\n⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\n\n" +
			" FAIL  test/cart.test.js > cart > applies a whole percentage\nAssertionError: expected 25000 to be 750 // Object.is equality\n\n- Expected\n+ Received\n\n- 750\n+ 25000\n\n" +
			" ❯ test/cart.test.js:10:39\n\n Test Files  1 failed (1)\n      Tests  1 failed | 1 passed (2)\n": "AssertionError: expected 25000 to be 750 // Object.is equality",
	} {
		if got := failedCause(t, out); got != want {
			t.Errorf("cause of\n%s\n = %q\nwant %q", out, got, want)
		}
	}
}
