package memstore

import "testing"

// A revert that gives no reason ("undo the last change") is work done, not a choice: the
// day's choice it undoes goes, and the revert is not written, whether or not the choice it
// undoes was captured. A revert that says why replaces the choice it undoes; another
// subject's choice stays.
func TestMergeRevertWithNoReasonRemovesTheChoiceItUndoes(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Writer: "hook", Now: day("2026-03-22")}
	for _, d := range [][]string{
		{"Serve the folder over HTTP instead of opening the file directly."},
		{"`styles.css`: hover darkening now uses a `::after` overlay instead of an inset shadow, so capture squares darken."},
		{"Reverted the hover styling back to the inset shadow approach."},
		{"Reverted hover styling back to the inset shadow on `.square.hover-target`."},
		{"The cache now keeps entries for ten minutes."},
		{"Rolled back the cache to five minutes because stale prices reached the checkout."},
		{"Rolled back the cache to five minutes."},
	} {
		if _, err := p.Merge(Extraction{Decisions: d}, now); err != nil {
			t.Fatal(err)
		}
	}
	want := `# Log session — 2026-03-22

## Décisions prises
- Serve the folder over HTTP instead of opening the file directly.
- Rolled back the cache to five minutes because stale prices reached the checkout.
`
	if got := readRel(t, p, p.LogPath("2026-03-22")); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

func TestRevertGivesReason(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"Reverted the hover styling back to the inset shadow approach.":                          false,
		"Reverted the hover overlay back to the inset shadow approach to restore the highlight.": false,
		"Rolled back the cache to five minutes because stale prices reached the checkout.":       true,
		"Went back to polling so that the proxy stops dropping the socket.":                      true,
		"J'ai annulé la migration parce que Redis manquait en CI.":                               true,
	} {
		if got := revertGivesReason(s); got != want {
			t.Errorf("revertGivesReason(%q) = %v, want %v", s, got, want)
		}
	}
}
