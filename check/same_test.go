package check

import (
	"strings"
	"testing"
)

func TestSameOrOpposite(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want Kind // "" for nothing reported
	}{
		{"Use SQLite for the rate cache.", "Do not use SQLite for the rate cache.", Contradiction},
		{"Use SQLite for the rate cache.", "Never use SQLite for the rate cache", Contradiction},
		{"The gate is enabled by default.", "The gate is disabled by default.", Contradiction},
		{"Le cache des taux utilise SQLite.", "Le cache des taux n'utilise pas SQLite.", Contradiction},
		{"La porte est activée par défaut.", "La porte est désactivée par défaut.", Contradiction},
		{"Use SQLite for the rate cache.", "use sqlite for the rate cache !7 #db", Duplicate},
		{"Use SQLite for the rate cache. <!-- agent:claude -->", "Use SQLite for the rate cache.", Duplicate},
		// not flagged: a different fact, a double negation, too few words, a superseded bullet
		{"Use SQLite for the rate cache.", "Prefer Postgres for the rate cache.", ""},
		{"Use SQLite for the rate cache.", "Do not never use SQLite for the rate cache.", ""},
		{"Use SQLite.", "Use Postgres, not SQLite.", ""},
		{"No.", "Yes.", ""},
		{"Use SQLite for the rate cache.", "~~Do not use SQLite for the rate cache.~~ (superseded on 2026-03-02)", ""},
	} {
		r := &Report{}
		r.sameOrOpposite("long.md", []bullet{{2, c.a}, {5, c.b}})
		var got Kind
		if len(r.Problems) > 0 {
			got = r.Problems[0].Kind
			if r.Problems[0].Line != 6 || !strings.Contains(r.Problems[0].Text, "line 3") {
				t.Errorf("%q / %q: %v", c.a, c.b, r.Problems[0])
			}
		}
		if got != c.want || len(r.Problems) > 1 {
			t.Errorf("%q / %q: %v, want %q", c.a, c.b, r.Problems, c.want)
		}
	}
}
