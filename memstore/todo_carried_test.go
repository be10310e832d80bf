package memstore

import (
	"strings"
	"testing"
)

// "Run `x`, then test the page at `/p`" is done once `x` ran when another open item is the
// test of `/p`: that item keeps the later step; without it, the item stays open.
func TestRunThenStepCarriedByAnotherItem(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-21.md": "# Log session — 2026-03-21\n\n## À suivre\n" +
		"- Run `npx convex dev` to deploy the schema changes, then test the settings page at `/settings/edit` to verify the error is gone\n" +
		"- Open `/settings/edit`; change the colour; reload and verify it persists\n" +
		"- Run `make assets`, then check the page at `/home`\n"})
	_, err := p.Merge(Extraction{Evidence: []string{"npx convex dev", "make assets"}}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-21"))
	open, done, _ := strings.Cut(log, "## Finalisé")
	if !strings.Contains(done, "npx convex dev") || strings.Contains(open, "npx convex dev") {
		t.Errorf("the run whose later step another item keeps was not closed:\n%s", log)
	}
	for _, still := range []string{"Open `/settings/edit`", "make assets"} {
		if !strings.Contains(open, still) {
			t.Errorf("%q was closed:\n%s", still, log)
		}
	}
}
