package capture

import (
	"path"
	"strings"

	"carnet/hook/transcript"
)

// minReadmeTitleWords is how many words a README's title has at least to name a project
// ("Team Impact Dashboard"), not only a folder ("dashboard").
const minReadmeTitleWords = 2

// readmeGoal gives a turn whose prompt says nothing ("ok, go") and whose to-do list is too
// long to be its goal (had is empty) the title of the README it created: the project the
// turn set up.
func readmeGoal(t *transcript.Turn, had []string) []string {
	if len(had) > 0 {
		return nil
	}
	for _, u := range t.Tools {
		if u.Name != "Write" || !u.Created || u.Doc == "" || u.IsError || !strings.EqualFold(path.Base(u.FilePath), "README.md") {
			continue
		}
		if title := readmeTitle(u.Doc); len(strings.Fields(title)) >= minReadmeTitleWords {
			return []string{title}
		}
	}
	return nil
}

// readmeTitle is the level-one heading a README opens with, "" when it opens otherwise.
func readmeTitle(doc string) string {
	for l := range strings.Lines(doc) {
		s := strings.TrimSpace(l)
		if s == "" {
			continue
		}
		if title, ok := strings.CutPrefix(s, "# "); ok {
			return stripMarkup(strings.TrimSpace(title))
		}
		return ""
	}
	return ""
}
