package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A prompt that only reports that the work still fails ("Still fails CI like lints") has no
// goal of its own: the turn's first to-do that names the failure says what it was for. A
// follow-up that reports no failure, and a list that names none, give no goal.
func TestStillFailsTakesTheFailureTodo(t *testing.T) {
	t.Parallel()
	list := []string{"Check PR #12 CI failures", "Fix linting errors", "Fix the type errors", "Run the tests", "Push the fixes"}
	for _, tc := range []struct {
		prompt string
		items  []string
		want   []string
	}{
		{"Still still fails CI tests like lints", list, []string{"Check PR #12 CI failures"}},
		{"It still fails the lint step on main", list, []string{"Check PR #12 CI failures"}},
		{"Still fails CI tests like lints", []string{"Read the workflow", "Update the lint config", "Run the linter", "Push"}, nil},
		{"still issues with the layout", list, nil},
	} {
		b := &transcripttest.Claude{}
		b.Prompt(tc.prompt)
		var todos []any
		for _, it := range tc.items {
			todos = append(todos, map[string]any{"content": it, "status": "pending"})
		}
		b.Use("m1", "t1", "TodoWrite", map[string]any{"todos": todos})
		b.Result("t1", "Todos have been modified", false)
		b.Say("m2", "The fixes are pushed.")
		e := extractEN(t, b, "/home/dev/proj")
		if !slices.Equal(e.Goal, tc.want) {
			t.Errorf("%q: goal %q, want %q", tc.prompt, e.Goal, tc.want)
		}
	}
}
