package memstore

import "testing"

// A day that states a subject's state twice, once as a headline ("Capture targets now use
// corner highlights…") and once under the file that holds it ("`styles.css`: capture
// squares now use radial gradients…"), keeps the latest, where the first was. Another
// subject's state stays; reverts that give no reason are not choices (see fold_undo.go).
func TestMergeKeepsTheLatestStateOfASubject(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Writer: "hook", Now: day("2026-03-22")}
	for _, d := range [][]string{
		{"Capture targets now use corner highlights instead of the green dot."},
		{"The API client now retries on a 502 response."},
		{"Reverted the hover overlay back to the inset shadow approach to restore the darker highlight."},
		{"`styles.css`: capture squares now use radial gradients per corner to form arc-shaped highlights instead of solid corner fills."},
		{"The API server now returns a 404 for unknown records."},
		{"`styles.css`: hover darkening now uses a `::after` overlay instead of an inset shadow."},
		{"Rolled back the logger to the stdlib instead of zap."},
		{"Reverted hover styling back to the inset shadow (`box-shadow: inset 0 0 0 9999px`) on `.square.hover-target`."},
	} {
		if _, err := p.Merge(Extraction{Decisions: d}, now); err != nil {
			t.Fatal(err)
		}
	}
	want := `# Log session — 2026-03-22

## Décisions prises
- ` + "`styles.css`: capture squares now use radial gradients per corner to form arc-shaped highlights instead of solid corner fills." + `
- The API client now retries on a 502 response.
- The API server now returns a 404 for unknown records.
`
	if got := readRel(t, p, p.LogPath("2026-03-22")); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

func TestSameStatedSubject(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"Capture targets now use corner highlights instead of the green dot.",
			"`styles.css`: capture squares now use radial gradients per corner to form arc-shaped highlights.", true},
		{"The API client now retries on a 502 response.", "The API server now returns a 404 for unknown records.", false},
		{"The cache now expires when not used, so memory stays low.", "The cache key now holds the user id, so it is not shared.", false},
		{"Bots are now filtered by type.", "PRs now filtered by type.", false},
	} {
		if got := sameStatedSubject(c.a, c.b); got != c.want {
			t.Errorf("sameStatedSubject(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
