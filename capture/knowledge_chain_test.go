package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A numbered list that a text opens with "Here's the problem:" lays out how the cause came
// about; its first item, naming code, says how the project works ("`conf/init.js` stubs
// the cache for every run unless `LIVE=1`") and is kept. The later steps of the chain, and
// a numbered list under any other lead-in, are not.
func TestCauseChainFirstStepIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("why does the size check still fail?")
	b.Say("m1", "The issue is that the size check reads a stubbed cache that returns nothing.\n\n"+
		"Here's the problem:\n1. `conf/init.js` stubs the cache for every run unless `LIVE=1`\n"+
		"2. The stub returns `null` for `get` with no value\n3. The check then sees size zero\n\n"+
		"Let me make the check tolerate the stub:")
	b.Use("m2", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/test/size.test.js", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m3", "Here's what changed:\n1. `test/size.test.js` now accepts an empty cache in stub mode\n\nThe size check passes.")
	e := extractEN(t, b, "/home/dev/proj")
	want := "`conf/init.js` stubs the cache for every run unless `LIVE=1`"
	if !slices.Contains(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q in it", e.Knowledge, want)
	}
	if got := strings.Join(e.Knowledge, "\n"); strings.Contains(got, "returns `null`") || strings.Contains(got, "size.test.js") {
		t.Errorf("a later step or another list kept:\n%s", got)
	}
}
