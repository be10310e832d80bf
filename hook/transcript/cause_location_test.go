package transcript

import "testing"

// A Go test's failure whose location line holds no message ("cmd_test.go:62: ", testify's
// Error Trace / Error / Test block under it, or a t.Errorf message that opens with a new
// line) keeps the location with the message under it as its cause, not the bare location;
// the block's trace and test name are left out.
func TestLocationOnlyLineTakesTheMessageUnderIt(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"--- FAIL: TestInit (0.00s)\n    cmd_test.go:62: \n        \tError Trace:\t/home/u/p/cmd/cmd_test.go:62\n        \tError:      \tunable to find file \"views/layout.templ\"\n        \tTest:       \tTestInit\nFAIL\nFAIL\tgithub.com/u/p/cmd\t0.02s":        "cmd_test.go:62: unable to find file \"views/layout.templ\"",
		"=== RUN   TestGreet\n    greet_test.go:8: \n        \tError Trace:\tgreet_test.go:8\n        \tError:      \tNot equal: \n        \t            \texpected: \"hello bob\"\n        \t            \tactual  : \"hi bob\"\n--- FAIL: TestGreet (0.00s)\nFAIL": "greet_test.go:8: Not equal: expected: \"hello bob\", actual : \"hi bob\"",
		"--- FAIL: TestParse (0.00s)\n    parse_test.go:19: \n        got rows: 2\n        want rows: 3\nFAIL":                                                                                                                                                       "parse_test.go:19: got rows: 2, want rows: 3",
		"--- FAIL: TestX (0.00s)\n    x_test.go:12: got 2, want 3\nFAIL": "x_test.go:12: got 2, want 3",
	} {
		if got := outputLine(out, true); got != want {
			t.Errorf("outputLine(%q)\n = %q\nwant %q", out, got, want)
		}
	}
}
