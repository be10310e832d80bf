package capture

import (
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A turn whose prompt says nothing ("ok go") takes its goal from its to-do list only when the
// whole list fits in one line: the first items of a longer list are its first steps, not what
// the turn was for.
func TestTodoGoalOnlyFromAWholeList(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		items []string
		want  []string
	}{
		{[]string{"Fix the retry loop", "Add a test for empty input"}, []string{"Fix the retry loop; Add a test for empty input"}},
		{[]string{"Set up the project", "Fetch the data", "Filter the rows", "Compute the scores", "Build the dashboard"}, nil},
	} {
		b := &transcripttest.Claude{}
		b.Prompt("ok go")
		var todos []any
		for _, it := range tc.items {
			todos = append(todos, map[string]any{"content": it, "status": "pending"})
		}
		b.Use("m1", "t1", "TodoWrite", map[string]any{"todos": todos})
		b.Result("t1", "Todos have been modified", false)
		b.Say("m2", "Started.")
		e := extractEN(t, b, "/home/dev/proj")
		if len(e.Goal) != len(tc.want) || len(tc.want) == 1 && e.Goal[0] != tc.want[0] {
			t.Errorf("%d items: goal %q, want %q", len(tc.items), e.Goal, tc.want)
		}
	}
}
