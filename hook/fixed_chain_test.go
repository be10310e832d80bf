package hook

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A chain of checks that failed is fixed in a later turn once each of its parts went
// through there; a chain with a part that did not stays open.
func TestChainFixedInALaterTurn(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Check the exporter")
	b.Use("m1", "b1", "Bash", map[string]any{"command": "make vet && make unit 2>&1 | tail -3"})
	b.Result("b1", "Exit code 2\nunit: FAIL TestExport", true)
	b.Use("m1", "b2", "Bash", map[string]any{"command": "make vet && make e2e"})
	b.Result("b2", "Exit code 2\ne2e: FAIL TestServe", true)
	b.Say("m2", "The exporter test fails.")
	log := turnsLog(t, ws, b, func() {
		b.Prompt("fix it")
		b.Use("m3", "b7", "Bash", map[string]any{"command": "make vet"})
		b.Result("b7", "", false)
		b.Use("m3", "b8", "Bash", map[string]any{"command": "make unit"})
		b.Result("b8", "ok", false)
		b.Say("m4", "The tests pass.")
	})
	if !strings.Contains(log, "- corrigé : Échec de `make vet && make unit") || !strings.Contains(log, "- Échec de `make vet && make e2e`") {
		t.Errorf("the chain whose parts went through is not fixed, or the other one is:\n%s", log)
	}
}

// A package script that failed is fixed in a later turn by any call that ran it and went
// through: the script with other arguments, or a commit whose hook ran it. A script no
// call ran again stays open.
func TestScriptFixedByACallThatRanIt(t *testing.T) {
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Prompt("Get the checks green")
	b.Use("m1", "b1", "Bash", map[string]any{"command": "npm run lint"})
	b.Result("b1", "Exit code 1\n> app@1.0.0 lint\n> eslint .\n\nsrc/a.ts\n  3:1  error  'x' is never used  no-unused-vars", true)
	b.Use("m1", "b2", "Bash", map[string]any{"command": "npm run typecheck && npm run build"})
	b.Result("b2", "Exit code 2\nsrc/b.ts(4,1): error TS2304: Cannot find name 'y'.", true)
	b.Use("m1", "b3", "Bash", map[string]any{"command": "npm run e2e"})
	b.Result("b3", "Exit code 1\nError: browser not found", true)
	b.Say("m2", "Lint and types fail.")
	log := turnsLog(t, ws, b, func() {
		b.Prompt("fix them and commit")
		b.Use("m3", "b4", "Bash", map[string]any{"command": "npm run typecheck -- --pretty false"})
		b.Result("b4", "> app@1.0.0 typecheck\n> tsc --noEmit --pretty false", false)
		b.Use("m3", "b5", "Bash", map[string]any{"command": "npm run build 2>&1 | tail -2"})
		b.Result("b5", "built in 2s", false)
		b.Use("m3", "b6", "Bash", map[string]any{"command": "git commit -am 'Fix lint and types'"})
		b.Result("b6", "> app@1.0.0 lint\n> eslint .\n\n[main 1a2b3c4] Fix lint and types\n 2 files changed", false)
		b.Say("m4", "Committed.")
	})
	for _, want := range []string{"- corrigé : Échec de `npm run lint`", "- corrigé : Échec de `npm run typecheck && npm run build`", "- Échec de `npm run e2e`"} {
		if !strings.Contains(log, want) {
			t.Errorf("%q missing:\n%s", want, log)
		}
	}
}
