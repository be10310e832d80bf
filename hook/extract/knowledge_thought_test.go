package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// The cause an agent finds while thinking ("the absence of a main branch is the root
// cause") is knowledge when its answer states none, one bullet for two sentences in a row
// on it; a guess, or a cause its answer already gives, is not taken from there.
func TestRootCauseFoundInThinkingIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Push the app to the new repository")
	b.Use("m1", "p1", "mcp__github__push_files", map[string]any{"repo": "acme/app"})
	b.Result("p1", "failed to get branch reference: 409 Git Repository is empty.", true)
	b.ThinkText("m2", "I think the token may be wrong. I've realized the problem stems from the empty repository. "+
		"The absence of a `main` branch is the root cause. Now I will create a README first.")
	b.ThinkText("m3", "The user is waiting and I found the root cause - the schema in `convex/config.ts` is a second copy that also needs the field.")
	b.Use("m4", "p2", "mcp__github__create_or_update_file", map[string]any{"path": "README.md"})
	b.Result("p2", "ok", false)
	b.Say("m5", "Pushed the app.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The problem stems from the empty repository. The absence of a `main` branch is the root cause.",
		"The schema in `convex/config.ts` is a second copy that also needs the field."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}

	b = &transcripttest.Claude{}
	b.Prompt("Why does the workflow fail?")
	b.ThinkText("m1", "The root cause is the deprecated upload-artifact v3 action in the workflow file.")
	b.Say("m2", "The workflow fails because GitHub deprecated the upload-artifact v3 action in April 2024.")
	e = extractEN(t, b, "/home/dev/proj")
	if slices.Contains(e.Knowledge, "The root cause is the deprecated upload-artifact v3 action in the workflow file.") {
		t.Errorf("a thought taken though the answer gives the cause: %q", e.Knowledge)
	}
}

// "The real issue was…" states the cause found, as plainly as "the issue was".
func TestRealIssueIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("CI still fails on lint")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/test/perf.test.ts", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "I investigated and found that the real issue was not linting, but rather test failures in the perf test file.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"I investigated and found that the real issue was not linting, but rather test failures in the perf test file."}
	if !slices.Equal(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q", e.Knowledge, want)
	}
}
