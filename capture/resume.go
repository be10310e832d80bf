package capture

import (
	"fmt"
	"slices"

	"carnet/hook/transcript"
)

// resumeTodo is the to-do of an interrupted turn that edited files: the parts its prompt
// listed that are left to build (see partsLeft), else the last project file it changed, or
// the goal when none is inside the project.
func resumeTodo(t *transcript.Turn, fx PathFixer, goal string, w wording) string {
	if left := partsLeft(t, w); left != "" {
		return fmt.Sprintf(w.resumeLeft, left)
	}
	for _, u := range slices.Backward(t.Tools) {
		if !u.Edits() || u.FilePath == "" || (u.HasResult && u.IsError) {
			continue
		}
		if p, inside := fx.Rel(u.FilePath); inside && p != "" && p != "." {
			return fmt.Sprintf(w.resumeAt, p)
		}
	}
	return fmt.Sprintf(w.resume, clipGoal(goal))
}
