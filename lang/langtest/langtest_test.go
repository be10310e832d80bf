package langtest

import (
	"slices"
	"testing"
)

func TestForeign(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		l, text string
		want    []string
	}{
		{"en", "Open next steps: 3 items", nil},
		{"en", "Open items (À suivre)", []string{"à", "suivre"}},
		{"en", "record it: `carnet add -s connaissances \"…\"`", []string{"connaissances"}},
		{"en", "carnet add --section a_suivre \"x\"", []string{"a_suivre"}},
		{"en", "the hit is archivé", []string{"archivé"}},
		{"en", "see memory_sessions/long_memory.md and memory_add", nil},
		{"en", "a session, a note, a plan, a promotion", nil},
		{"fr", "Mémoire de session — cmms_doc", nil},
		{"fr", "3 éléments ouverts · enter applique", nil},
		{"fr", "moves them to Finalisé", []string{"moves", "them", "to"}},
		{"fr", "Autres projets : `carnet load NOM` (outil MCP : memory_add)", nil},
		{"fr", "nothing to undo", []string{"nothing", "to", "undo"}},
		{"fr", "  carnet add -p api --section decisions \"<une décision>\"", nil},
		{"fr", "carnet done \"<un point>\" puis git add", nil},
		{"en", "carnet add --section connaissances", []string{"connaissances"}},
		{"fr", "# Log session — 2026-03-22", nil},
	} {
		got := Foreign(c.l, c.text)
		if !slices.Equal(got, c.want) {
			t.Errorf("Foreign(%s, %q) = %q, want %q", c.l, c.text, got, c.want)
		}
	}
}
