package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// "in favour of", "going with", "settled on" state a choice as plainly as "instead of".
func TestChoiceWordsAreDecisions(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Set up the front end")
	b.Use("m1", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/package.json", "content": "{}"})
	b.Result("w1", "ok", false)
	b.Say("m2", "Dropped webpack in favour of Vite for faster rebuilds. "+
		"I'm going with Tailwind for styling. We settled on React 19 for the new router. The page loads.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Dropped webpack in favour of Vite for faster rebuilds.", "I'm going with Tailwind for styling.", "We settled on React 19 for the new router."}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}
