package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// Following the pattern of existing code ("All fields follow the same pattern as the
// existing Border and Text fields") is a choice over a new shape; a checklist line that
// names no pattern ("Schema update follows existing pattern") adds nothing to it.
func TestFollowingAnExistingPatternIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("add the icon fields to the schema")
	b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/schema.ts", "old_string": "a", "new_string": "b"})
	b.Result("e1", "ok", false)
	b.Say("m2", "## Report\n\n**Result:**\n"+
		"- Schema now matches the frontend configuration\n"+
		"- All fields follow the same pattern as existing Border, Background, and Text appearance fields\n"+
		"- All fields are optional for backward compatibility\n\n"+
		"✅ Schema update follows existing pattern\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"All fields follow the same pattern as existing Border, Background, and Text appearance fields",
		"All fields are optional for backward compatibility"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
