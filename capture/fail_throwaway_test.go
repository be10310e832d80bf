package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// writeNew adds a Write that created path, and its result, to b.
func writeNew(b *transcripttest.Claude, id, path string) {
	b.Use("m"+id, id, "Write", map[string]any{"file_path": path, "content": "x"})
	b.Add(map[string]any{"type": "user", "toolUseResult": map[string]any{"type": "create"}, "message": map[string]any{"role": "user",
		"content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": "File created successfully"}}}})
}

// A script the turn wrote to try something, then removed (even when the removal was
// refused), is a throwaway probe: its runs failing are not the session's problems. A
// failure of a script the turn keeps stays, and so does one of a file it did not write.
func TestThrowawayScriptFailureIsNoProblem(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Find out why the create call returns nothing")
	writeNew(b, "w1", "/home/dev/proj/probe-create.js")
	bash(b, "b1", "node probe-create.js 2>&1", "Exit code 1\nReferenceError: require is not defined in ES module scope", true)
	writeNew(b, "w2", "/home/dev/proj/probe-create.mjs")
	bash(b, "b2", "API_KEY=$API_KEY node probe-create.mjs 2>&1", "Command timed out after 2m 0.0s", true)
	writeNew(b, "w3", "/home/dev/proj/scripts/seed.mjs")
	bash(b, "b3", "node scripts/seed.mjs", "Exit code 1\nError: connect ECONNREFUSED 127.0.0.1:5432", true)
	bash(b, "b4", "node tools/report.js", "Exit code 1\nTypeError: rows is not iterable", true)
	bash(b, "b5", "rm probe-create.js probe-create.mjs", "Bash operation blocked by hook:\n- rm is not allowed", true)
	b.Say("m6", "The create call needed the record type.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{
		"`node scripts/seed.mjs` failed: Error: connect ECONNREFUSED 127.0.0.1:5432",
		"`node tools/report.js` failed: TypeError: rows is not iterable",
	}
	if !slices.Equal(e.Problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(e.Problems, "\n"), strings.Join(want, "\n"))
	}
}
