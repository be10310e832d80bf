package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// fitTurn is a turn whose text says a new thing was made to match what exists; created
// tells whether the turn then wrote a new file.
func fitTurn(text string, created bool) *transcripttest.Claude {
	b := &transcripttest.Claude{}
	b.Prompt("Wire the page")
	b.Say("m1", text)
	if created {
		b.Use("m2", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/src/useSimpleStore.ts", "content": "x"})
		b.Add(map[string]any{"type": "user", "toolUseResult": map[string]any{"type": "create"}, "message": map[string]any{"role": "user",
			"content": []any{map[string]any{"type": "tool_result", "tool_use_id": "w1", "content": "File created successfully"}}}})
	}
	b.Say("m3", "The page is wired.")
	return b
}

// "I need to create a simpler X that matches the existing Y", in a turn that created a
// file, is a choice made to fit what exists: one decision, told as done
// ("Created a simpler X to match the existing Y").
func TestMadeToMatchTheExistingIsADecision(t *testing.T) {
	t.Parallel()
	b := fitTurn("The app keeps its own types. I need to create a simpler store hook that matches the existing app structure. Let me create that first:", true)
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"Created a simpler store hook to match the existing app structure"}
	if !slices.Equal(e.Decisions, want) {
		t.Errorf("decisions = %q, want %q", e.Decisions, want)
	}
}

// With no file created, or with nothing existing to match, it is no decision.
func TestMadeToMatchWithoutFileIsNoDecision(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text    string
		created bool
	}{
		{"I need to create a simpler store hook that matches the existing app structure.", false},
		{"I need to create a commit. I should write a clear message.", true},
	} {
		if e := extractEN(t, fitTurn(c.text, c.created), "/home/dev/proj"); len(e.Decisions) != 0 {
			t.Errorf("text %q: decisions = %q, want none", c.text, e.Decisions)
		}
	}
}
