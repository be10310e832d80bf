package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A closing text that names the root cause under its own heading and then replaces one
// thing by another (`A` → `B`) states the choice made and its reason; the replacement
// said twice is one choice, and a replacement with no root cause named stays work.
func TestRootCauseReplacementIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("the build job still fails")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/ci.yml", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "## Fixed\n\n### Root Cause\nThe registry removed `cache-tool@v1` last month. Every job using it fails.\n\n"+
		"### Solution Applied\n- Line 12: Changed `cache-tool@v1` → `cache-tool@v2`\n- Line 40: Changed `cache-tool@v1` → `cache-tool@v2`\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Changed `cache-tool@v1` → `cache-tool@v2` because the registry removed `cache-tool@v1` last month."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}

	b = &transcripttest.Claude{}
	b.Prompt("bump the tool")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/ci.yml", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "### Changes\n- Line 12: Changed `cache-tool@v1` → `cache-tool@v2`\n")
	if e := extractEN(t, b, "/home/dev/proj"); len(e.Decisions) != 0 {
		t.Errorf("decisions = %q, want none: no root cause named", e.Decisions)
	}
}
