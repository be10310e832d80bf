package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// "Fixed X by doing Y" says how a problem was solved: the means chosen is a decision. A fix
// without its means, or "by" naming who or when, is not.
func TestFixedByMeansIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("why is the last test failing?")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/test/perf.test.ts", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "All tests pass now.\n\nFixed the crash by guarding the nil map in the loader.\n\n"+
		"- Fixed the test failures by adding a mock configuration for the create call\n"+
		"- Fixed the flaky cache test in the perf suite\n- Fixed by the upstream maintainers in release 2.1 last week\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Fixed the crash by guarding the nil map in the loader.", "Fixed the test failures by adding a mock configuration for the create call"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
