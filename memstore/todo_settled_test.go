package memstore

import (
	"strings"
	"testing"
)

// A finding that settles a to-do's concern (the calls to replace are not there) takes the
// to-do off the list without ticking it; the other to-dos stay open.
func TestMergeDropsTheToDosASettledFindingMakesMoot(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-21.md": "# Log session — 2026-03-21\n\n## À suivre\n" +
		"- Excessive use of `unwrap()` calls: Replace them with proper error handling using `Result` types\n" +
		"- Document the safety invariants of the unsafe blocks\n"})
	settled := []string{"The review found NO `.unwrap()` calls in production code. It uses proper error handling with `Result` types throughout."}
	res, err := p.Merge(Extraction{Settled: settled}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-21"))
	if strings.Contains(log, "unwrap") || strings.Contains(log, "Finalisé") || !strings.Contains(log, "- Document the safety invariants") {
		t.Errorf("log:\n%s", log)
	}
	if len(res.Dropped) != 1 || len(res.Ticked) != 0 {
		t.Errorf("dropped %v, ticked %v", res.Dropped, res.Ticked)
	}
}
