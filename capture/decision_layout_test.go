package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A turn that splits existing code into new files and names each new file's role in its
// closing text has chosen a module layout: one decision, the files with their roles. A new
// project's files, with no existing file changed, are the work of the turn.
func TestModuleSplitIsTheLayoutChosen(t *testing.T) {
	t.Parallel()
	closing := "Refactored into modular files:\n\n- `rules.js`: all pure chess rules.\n- `ai.js`: evaluation + minimax search.\n" +
		"- `ui.js`: rendering, drag/drop.\n- `index.html`: now loads `ui.js`.\n"
	for _, tc := range []struct {
		name  string
		split bool
		want  []string
	}{
		{"split", true, []string{"Module layout: `rules.js` (all pure chess rules); `ai.js` (evaluation + minimax search); `ui.js` (rendering)"}},
		{"new project", false, nil},
	} {
		b := &transcripttest.Claude{}
		b.Prompt("Let's implement it")
		for _, f := range []string{"rules.js", "ai.js", "ui.js"} {
			b.Use("m"+f, "w"+f, "Write", map[string]any{"file_path": "/home/dev/proj/" + f, "content": "x"})
			b.Add(map[string]any{"type": "user", "toolUseResult": map[string]any{"type": "create"}, "message": map[string]any{"role": "user",
				"content": []any{map[string]any{"type": "tool_result", "tool_use_id": "w" + f, "content": "File created successfully"}}}})
		}
		if tc.split {
			b.Use("me", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/index.html", "old_string": "app.js", "new_string": "ui.js"})
			b.Result("e1", "ok", false)
		}
		b.Say("mz", closing)
		e := extractEN(t, b, "/home/dev/proj")
		if !slices.Equal(e.Decisions, tc.want) {
			t.Errorf("%s: decisions = %q, want %q", tc.name, e.Decisions, tc.want)
		}
	}
}
