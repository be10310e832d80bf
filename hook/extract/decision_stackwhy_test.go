package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A document's tech-stack list names the tools but not why. When the same document says
// what one of them is used for ("Uses localStorage for persistence"), those lines are the
// choice with its reason and take the list's place; without them the list stays.
func TestStackListGivesWayToItsReasons(t *testing.T) {
	t.Parallel()
	stack := "# Todo app\n\n## Tech Stack\n- **Framework**: Next.js 14 (App Router)\n- **Language**: TypeScript\n" +
		"- **Styling**: Tailwind CSS\n- **Storage**: localStorage\n\n"
	notes := "## Development Notes\n- Uses localStorage for persistence with JSON serialization\n" +
		"- Implements Redux-style actions for predictable state updates\n- All components are fully typed\n"
	for _, tc := range []struct {
		name, doc string
		want      []string
	}{
		{"reasons", stack + notes, []string{"Uses localStorage for persistence with JSON serialization",
			"Implements Redux-style actions for predictable state updates"}},
		{"no reason", stack, []string{"Framework: Next.js 14 (App Router); Language: TypeScript; Styling: Tailwind CSS; Storage: localStorage"}},
	} {
		b := &transcripttest.Claude{}
		b.Prompt("update CLAUDE.md for current changes")
		b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/CLAUDE.md", "content": tc.doc})
		b.Result("w1", "File created successfully at: /home/dev/proj/CLAUDE.md", false)
		b.Say("m2", "CLAUDE.md written.")
		e := extractEN(t, b, "/home/dev/proj")
		if !slices.Equal(e.Decisions, tc.want) {
			t.Errorf("%s: decisions = %q, want %q", tc.name, e.Decisions, tc.want)
		}
	}
}
