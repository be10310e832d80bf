package extract

import (
	"fmt"
	"slices"

	"carnet/hook/transcript"
)

// resumeAt is the to-do an interrupted turn leaves when its goal is already its own Goal
// bullet: it says where the work stopped, not the goal a second time.
var resumeAt = map[string]string{
	"fr": "Reprendre le travail interrompu (dernier fichier modifié : %s)",
	"en": "Resume the interrupted work (last file changed: %s)",
}

// resumeTodo is the to-do of an interrupted turn that edited files: the parts its prompt
// listed that are left to build (see partsLeft), else the last project file it changed, or
// the goal when none is inside the project.
func resumeTodo(t *transcript.Turn, fx PathFixer, goal string, w wording) string {
	if left := partsLeft(t, w); left != "" {
		return fmt.Sprintf(resumeLeft[w.lang], left)
	}
	for _, u := range slices.Backward(t.Tools) {
		if !u.Edits() || u.FilePath == "" || (u.HasResult && u.IsError) {
			continue
		}
		if p, inside := fx.Rel(u.FilePath); inside && p != "" && p != "." {
			return fmt.Sprintf(resumeAt[w.lang], p)
		}
	}
	return fmt.Sprintf(w.resume, clipGoal(goal))
}
