package extract

import (
	"strings"

	"carnet/memstore"
)

// askOnly marks the goal of a turn that changed nothing (no file, no commit) and whose
// prompt asks a question: after the day's first goal a question discussed in words is no
// task of its own (see memstore.Extraction.Asked).
func askOnly(e *memstore.Extraction, changed bool) {
	if changed || len(e.Goal) != 1 || !strings.ContainsAny(e.Goal[0], "?？") {
		return
	}
	e.Asked = true
}
