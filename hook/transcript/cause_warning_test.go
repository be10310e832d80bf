package transcript

import "testing"

// A failed call's cause is its error, not what stands before it: a warning or a note in a
// compiler's or a runtime's diagnostic form, a deprecation notice, a test framework's frame
// ("file:N: in name"), the count of failing tests, the progress line of a failing test.
func TestCauseSkipsWhatStandsBeforeTheError(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"src/util.c:4:7: warning: unused variable 'n' [-Wunused-variable]\nsrc/util.c:9:1: error: expected ';' before '}' token\n1 warning and 1 error generated.":           "src/util.c:9:1: error: expected ';' before '}' token",
		"app/models.py:3: DeprecationWarning: the imp module is deprecated\n  import imp\napp/models.py:12: error: Incompatible return value type":                           "app/models.py:12: error: Incompatible return value type",
		"app/views.py:8: note: Revealed type is \"builtins.int\"\napp/views.py:9: error: Name \"x\" is not defined":                                                          "app/views.py:9: error: Name \"x\" is not defined",
		"warning: failed to read ~/.config/tool.toml, using defaults\nerror: could not find `Cargo.toml` in `/work` or any parent directory":                                 "error: could not find `Cargo.toml` in `/work` or any parent directory",
		"(node:4411) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.\nError: Cannot find module './config'":                                               "Error: Cannot find module './config'",
		"tests/test_login.py:14: in test_login\n    client.post(\"/login\")\napp/auth.py:22: in login\n    raise ValueError(\"no secret\")\nE   ValueError: no secret":       "E   ValueError: no secret",
		"  0 passing (12ms)\n  1 failing\n\n  1) parser\n       reads an empty file:\n     AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n1 !== 0": "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:",
		" ✓ sums (2ms)\n × divides by zero 3ms\n ✓ multiplies\n ✓ subtracts\n ✓ rounds\n ✓ parses\n ✓ formats\n ✓ prints\n ✓ reads\n ✓ writes\n ✓ opens\n ✓ closes\n ✓ sorts\n ✓ maps\n ✓ filters\n ✓ reduces\n ✓ zips\n ✓ splits\n ✓ joins\n ✓ trims\n ✓ pads\n ✓ cuts\n\n FAIL  src/math.test.ts > divides by zero\nAssertionError: expected Infinity to be +0": "AssertionError: expected Infinity to be +0",
	} {
		if got := outputLine(out, true); got != want {
			t.Errorf("outputLine(%q)\n = %q\nwant %q", out, got, want)
		}
	}
	// a warning alone, or a progress line with nothing under it, stays the cause
	for out, want := range map[string]string{
		"src/util.c:4:7: warning: unused variable 'n' [-Werror]": "src/util.c:4:7: warning: unused variable 'n' [-Werror]",
		" ✓ sums\n × divides by zero 3ms":                        "× divides by zero 3ms",
	} {
		if got := outputLine(out, true); got != want {
			t.Errorf("outputLine(%q)\n = %q\nwant %q", out, got, want)
		}
	}
}
