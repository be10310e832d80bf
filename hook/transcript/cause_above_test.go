package transcript

import "testing"

// A message whose location a tool prints on the line above keeps it: Next.js's
// "./src/app/page.tsx:12:5" over "Type error: …" (its "Failed to compile." says nothing of
// why), eslint's file over the rows of its findings ("38:55  Error: …", warnings skipped).
func TestCauseKeepsTheLocationAbove(t *testing.T) {
	t.Parallel()
	for out, want := range map[string]string{
		"Exit code 1\n   ▲ Next.js 15.5.2\n\n   Creating an optimized production build ...\nFailed to compile.\n\n./src/app/page.tsx:12:5\nType error: Property 'x' does not exist on type 'Y'.\n\n  10 | a\n> 12 | b\nNext.js build worker exited with code: 1 and signal: null":                                                                        "./src/app/page.tsx:12:5 Type error: Property 'x' does not exist on type 'Y'.",
		"`next lint` is deprecated.\n\n./src/app/(admin)/list.tsx\n104:3  Warning: 'onUpdate' is defined but never used.  @typescript-eslint/no-unused-vars\n\n./src/app/(admin)/card.tsx\n12:1  Warning: 'x' is defined but never used.  no-unused-vars\n38:55  Error: Unexpected any. Specify a different type.  @typescript-eslint/no-explicit-any\n": "./src/app/(admin)/card.tsx:38:55 Error: Unexpected any. Specify a different type. @typescript-eslint/no-explicit-any",
		"Exit code 1\n\n> app@1.0.0 lint\n> eslint .\n\n/home/u/app/src/a.ts\n  3:7  error  'x' is assigned a value but never used  @typescript-eslint/no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)\n":                                                                                                                                            "/home/u/app/src/a.ts:3:7 error 'x' is assigned a value but never used @typescript-eslint/no-unused-vars",
		"Exit code 1\nTraceback (most recent call last):\n  File \"x.py\", line 3\nSyntaxError: '(' was never closed":                                                                                                                                                                                                                                    "SyntaxError: '(' was never closed",
	} {
		if got := outputLine(out, true); got != want {
			t.Errorf("outputLine(%q)\n = %q\nwant %q", out, got, want)
		}
	}
}
