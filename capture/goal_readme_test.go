package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// readmeTurn is a turn asked by prompt that writes a README with text (created or not) and
// a to-do list of five steps, too long to be its goal.
func readmeTurn(t *testing.T, prompt, text string, created bool) []string {
	t.Helper()
	b := &transcripttest.Claude{}
	b.Prompt(prompt)
	var todos []any
	for _, s := range []string{"Fetch the data", "Clean it", "Score it", "Draw the page", "Deploy it"} {
		todos = append(todos, map[string]any{"content": s, "status": "pending"})
	}
	b.Use("m1", "t1", "TodoWrite", map[string]any{"todos": todos})
	b.Result("t1", "ok", false)
	b.Use("m2", "w1", "Write", map[string]any{"file_path": "/home/dev/proj/README.md", "content": text})
	kind, out := "update", "The file /home/dev/proj/README.md has been updated."
	if created {
		kind, out = "create", "File created successfully at: /home/dev/proj/README.md"
	}
	b.Add(map[string]any{"type": "user", "toolUseResult": map[string]any{"type": kind}, "message": map[string]any{"role": "user",
		"content": []any{map[string]any{"type": "tool_result", "tool_use_id": "w1", "content": out}}}})
	return extractEN(t, b, "/home/dev/proj").Goal
}

// A turn whose prompt says nothing ("ok, go") and that creates the project's README has the
// README's title as its goal: the project it set up. A README rewritten, one without a title
// of two words, or a prompt that says the task give no such goal.
func TestGoalOfAGoTurnIsTheTitleOfTheReadmeItCreated(t *testing.T) {
	t.Parallel()
	readme := "# Team Impact Dashboard\n\nRanks the engineers of a repository by the impact of their work.\n"
	cases := []struct {
		prompt, text string
		created      bool
		want         []string
	}{
		{"ok 開始", readme, true, []string{"Team Impact Dashboard"}},
		{"ok go", readme, false, nil},
		{"ok go", "# dashboard\n\nText.\n", true, nil},
		{"ok go", "Some notes\n\n# Team Impact Dashboard\n", true, nil},
		{"Build the impact dashboard from the plan", readme, true, []string{"Build the impact dashboard from the plan"}},
	}
	for _, c := range cases {
		if g := readmeTurn(t, c.prompt, c.text, c.created); !slices.Equal(g, c.want) {
			t.Errorf("goal of %q with README %q (created %v) = %q, want %q", c.prompt, c.text, c.created, g, c.want)
		}
	}
}
