package memstore

import (
	"strings"
	"testing"
)

// A later exchange that shows an open item done in other words closes it: a completed
// to-do or a line of work with most of its words (its verb aside), the command a "Run `…`"
// item names; an item it only brushes against, one the same exchange opened, or a command
// to run with a later step ("…, then test the configuration page") stays open.
func TestMergeClosesTheItemsEvidenceShowsDone(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-21.md": "# Log session — 2026-03-21\n\n## À suivre\n" +
		"- Consider adding `#![warn(clippy::unwrap_used)]` to catch future issues\n" +
		"- Run `npx convex dev` to deploy the schema changes, then test the configuration page\n" +
		"- Run `./setup-git-hooks.sh` to enable local checks\n" +
		"- Run `make` to rebuild the assets\n" +
		"- Play a few games to confirm edge cases (castling, en passant, promotions)\n" +
		"- Layer in the cooldown mechanics on top of this baseline flow\n" +
		"- Deploy the dashboard to the staging cluster\n"})
	evidence := []string{
		"Add clippy warning for unwrap_used to catch future issues",
		"(base) gist-console git:(master) npx  convex dev",
		"Implemented the real-time cooldown variant",
		"Fix the castling bug",
		"Pushed the dashboard image; the staging cluster runs it",
		"cmake --build out",
		"chmod +x ./setup-git-hooks.sh && ./setup-git-hooks.sh",
	}
	res, err := p.Merge(Extraction{Next: []string{"Run `./setup-git-hooks.sh` to enable local checks"}, Evidence: evidence}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-21"))
	open, done, _ := strings.Cut(log, "## Finalisé")
	for _, closed := range []string{"clippy::unwrap_used", "staging cluster"} {
		if !strings.Contains(done, closed) || strings.Contains(open, closed) {
			t.Errorf("%q was not closed:\n%s", closed, log)
		}
	}
	for _, still := range []string{"npx convex dev", "setup-git-hooks", "`make`", "Play a few games", "cooldown mechanics"} {
		if !strings.Contains(open, still) {
			t.Errorf("%q was closed:\n%s", still, log)
		}
	}
	if len(res.Ticked) != 2 {
		t.Errorf("ticked %v", res.Ticked)
	}
}
