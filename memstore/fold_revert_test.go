package memstore

import "testing"

// A choice the session undoes later in the day ("Reverted the hover overlay back to the
// inset shadow") goes: the latest choice on the same subject, not one on another subject.
// A revert that gives no reason is not a choice and is not written (x01's readers: it
// reads as work), whether or not an earlier choice of its subject was captured.
func TestMergeRevertReplacesTheChoiceItUndoes(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Writer: "hook", Now: day("2026-03-22")}
	for _, d := range [][]string{
		{"Serve the folder over HTTP instead of opening the file directly."},
		{"`styles.css`: hover darkening now uses a `::after` overlay instead of an inset shadow, so capture squares darken."},
		{"Reverted the hover styling back to the inset shadow approach."},
		{"Rolled back the logger to the stdlib instead of zap."},
	} {
		if _, err := p.Merge(Extraction{Decisions: d}, now); err != nil {
			t.Fatal(err)
		}
	}
	want := `# Log session — 2026-03-22

## Décisions prises
- Serve the folder over HTTP instead of opening the file directly.
`
	if got := readRel(t, p, p.LogPath("2026-03-22")); got != want {
		t.Errorf("log:\n%s\nwant:\n%s", got, want)
	}
}

func TestIsRevert(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		"Reverted the hover overlay back to the inset shadow approach.":  true,
		"Rolled back the migration to version 12.":                       true,
		"Went back to the polling loop instead of websockets.":           true,
		"J'ai annulé la migration du cache vers Redis.":                  true,
		"The fallback reverts to the history file when the export fails": false,
		"Serve the folder over HTTP instead of opening the file.":        false,
	} {
		if got := IsRevert(s); got != want {
			t.Errorf("IsRevert(%q) = %v, want %v", s, got, want)
		}
	}
}
