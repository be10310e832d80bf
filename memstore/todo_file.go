package memstore

import (
	"path"
	"slices"
	"strings"
)

// EditedPrefix opens a line of evidence that names a file the exchange edited by its base
// name ("edited: SUBMISSION.md"), for the to-dos that ask to update that file.
const EditedPrefix = "edited: "

// updateVerbs open a to-do that asks to update a file ("更新 `SUBMISSION.md` — 填入 URL").
var updateVerbs = []string{"update", "更新", "修改", "填入"}

// fileStep is the base name of the one file a to-do asks to update, in backquotes right
// after its verb ("Update `notes.md` with the URL"), or "".
func fileStep(item string) string {
	verb, rest, _ := strings.Cut(strings.TrimSpace(item), " ")
	if !slices.Contains(updateVerbs, strings.ToLower(verb)) || !strings.HasPrefix(rest, "`") {
		return ""
	}
	name, _, closed := strings.Cut(rest[1:], "`")
	if !closed || strings.ContainsAny(name, " \t") || !strings.Contains(path.Base(name), ".") || strings.Count(item, "`") != 2 {
		return ""
	}
	return path.Base(name)
}

// fileStepDone reports whether the evidence shows the file edited (see EditedPrefix).
func fileStepDone(name string, evidence []string) bool {
	return slices.Contains(evidence, EditedPrefix+name)
}
