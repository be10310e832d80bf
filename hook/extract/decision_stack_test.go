package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A closing text that names what the work was built with ("… has been implemented with
// Svelte, Vite, and Bulma.") states the stack chosen: a decision. A thing made "with" a
// description, or with one name, is the work.
func TestStackStatedIsADecision(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Build the admin pages from the mockups")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/App.svelte", "content": "x"})
	b.Result("w1", "ok", false)
	b.Say("m2", "The admin pages have been implemented with Svelte, Vite, and Bulma.\n\n"+
		"README.md has been created with full notes on the layout and the routes. The form is built with Felte.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"The admin pages have been implemented with Svelte, Vite, and Bulma."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
