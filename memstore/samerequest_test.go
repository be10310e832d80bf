package memstore

import (
	"strings"
	"testing"
)

// A prompt said again with a word or two changed is one goal of the day; a different
// request, a shorter one or one naming another file is a goal of its own.
func TestMergeKeepsARepeatedRequestOnce(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Objectif\n" +
		"- what is the simplest path to this feature set? It is really important we don't make this ready for war. I am the only user, stay simple but do the job\n"})
	goals := []string{
		"what is the simplest path to this feature set? It is really important we don't make this ready for scaling. I am the only user, stay simple but do the job",
		"what is the simplest path to the export feature? Keep it small, I am the only user and the job is the sync",
		"fix the parser in parser.go",
		"fix the parser in lexer.go",
	}
	res, err := p.Merge(Extraction{Goal: goals}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if strings.Contains(log, "ready for scaling") {
		t.Errorf("the repeated request was kept:\n%s", log)
	}
	if len(res.Added) != 3 {
		t.Errorf("added %v, want the three other goals", res.Added)
	}
}
