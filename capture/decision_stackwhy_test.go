package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A document's "Uses X for Y" notes ("Uses localStorage for persistence", "Implements
// Redux-style actions for predictable state updates") describe features, not why
// anything was chosen: both c08 readers scored them below the stack list they had
// replaced (decisions 2 → 1). The stack list stays the document's one decision.
func TestDocFeatureNotesDoNotReplaceStackList(t *testing.T) {
	t.Parallel()
	stack := "# Todo app\n\n## Tech Stack\n- **Framework**: Next.js 14 (App Router)\n- **Language**: TypeScript\n" +
		"- **Styling**: Tailwind CSS\n- **Storage**: localStorage\n\n"
	notes := "## Development Notes\n- Uses localStorage for persistence with JSON serialization\n" +
		"- Implements Redux-style actions for predictable state updates\n- All components are fully typed\n"
	want := []string{"Framework: Next.js 14 (App Router); Language: TypeScript; Styling: Tailwind CSS; Storage: localStorage"}
	for _, doc := range []string{stack + notes, stack} {
		b := &transcripttest.Claude{}
		b.Prompt("update CLAUDE.md for current changes")
		b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/CLAUDE.md", "content": doc})
		b.Result("w1", "File created successfully at: /home/dev/proj/CLAUDE.md", false)
		b.Say("m2", "CLAUDE.md written.")
		e := extractEN(t, b, "/home/dev/proj")
		if !slices.Equal(e.Decisions, want) {
			t.Errorf("decisions = %q, want %q", e.Decisions, want)
		}
	}
}
