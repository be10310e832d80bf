package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A report item that says which command created the project ("Created using `npx
// create-next-app@latest todo-app` with TypeScript…") tells where the app lives and how it
// was set up: knowledge for next time. An item created by hand names no command.
func TestScaffoldCommandIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("set up the project")
	b.Use("m1", "s1", "Bash", map[string]any{"command": "npx create-next-app@latest todo-app --ts"})
	b.Result("s1", "Success! Created todo-app", false)
	b.Say("m2", "## Summary\n\n**Project Creation & Configuration:**\n"+
		"- Created using `npx create-next-app@latest todo-app` with TypeScript, Tailwind CSS, ESLint, and App Router\n"+
		"- Created `src/lib/utils.ts` for helpers\n- Created with `useReducer` and a custom hook\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := "Created using `npx create-next-app@latest todo-app` with TypeScript, Tailwind CSS, ESLint, and App Router"
	if !slices.Contains(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q in it", e.Knowledge, want)
	}
	if slices.ContainsFunc(e.Knowledge, func(k string) bool { return k != want }) {
		t.Errorf("a file created by hand or a hook kept as knowledge: %q", e.Knowledge)
	}
}
