package transcript

import "testing"

func TestErrorPart(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Error: Cannot find module 'left-pad'":                             "Error: Cannot find module 'left-pad'",
		" ⨯ [Error: `cookies` was called outside a request scope]":         "Error: `cookies` was called outside a request scope",
		"✖ Error: Unable to reach the deploy server":                       "Error: Unable to reach the deploy server",
		"now I get Caused by: org.acme.db.PoolException: FATAL: no slots":  "org.acme.db.PoolException: FATAL: no slots",
		"src/app.ts(12,5): error TS2322: Type 'string' is not assignable":  "src/app.ts(12,5): error TS2322: Type 'string' is not assignable",
		"- [uv run hooks/stop.py]: error: Failed to spawn":                 "error: Failed to spawn",
		"src/main.rs:4:5: mismatched types":                                "src/main.rs:4:5: mismatched types",
		"if (!user) return json({ error: \"missing\" }, { status: 401 });": "",
		"  error: \"missing\",":                                            "",
		"I see the error: nothing loads":                                   "",
		"warning: unused variable `x`":                                     "",
		"at run (file:///app/index.js:8:1)":                                "",
		"The page shows nothing when I click save":                         "",
	} {
		if got := ErrorPart(in); got != want {
			t.Errorf("ErrorPart(%q) = %q, want %q", in, got, want)
		}
	}
}
