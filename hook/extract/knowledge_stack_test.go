package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A closing sentence that names what the app is built with ("The admin dashboard has been
// implemented with React, Vite, and Tailwind CSS.") is the project's stack: knowledge for
// next time. A sentence that says how well it was built names no stack.
func TestStatedStackIsKnowledge(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("build the dashboard from the design")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/App.tsx", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m2", "The admin dashboard has been implemented with React, Vite, and Tailwind CSS.\n\n"+
		"**Key Features Implemented:**\n*   **Layout:** Sidebar and header.\n"+
		"*   The sidebar was built with care and attention to detail.\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := "The admin dashboard has been implemented with React, Vite, and Tailwind CSS."
	if !slices.Contains(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q in it", e.Knowledge, want)
	}
	if slices.ContainsFunc(e.Knowledge, func(k string) bool { return k != want }) {
		t.Errorf("a sentence naming no stack kept as knowledge: %q", e.Knowledge)
	}
}
