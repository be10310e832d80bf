package memstore

import (
	"strings"
	"testing"
)

// A to-do that names a feature to build closes when a later prompt asks for the feature
// and the exchange reports it built; a to-do with words the work does not have (tests of
// the feature), one that asks no build, one the same exchange opened, or one of an
// earlier day, stays open.
func TestMergeClosesTheFeatureALaterPromptAskedAndGot(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-21.md": "# Log session — 2026-03-21\n\n## À suivre\n" +
		"- Implement the cooldown\n",
		"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## À suivre\n" +
			"- Layer in the cooldown mechanics on top of this baseline flow\n" +
			"- Add unit tests for the cooldown timer\n" +
			"- Play a few games to check the cooldown\n" +
			"- Implement the premove arrows\n"})
	prompt := "Now implement the realtime aspect: each piece has a cooldown of 10 seconds"
	delivered := []string{AskedWords(prompt, "Implement the real-time cooldown variant and modularized code")}
	if delivered[0] != "cooldown" {
		t.Fatalf("asked words = %q", delivered[0])
	}
	e := Extraction{Next: []string{"Implement the premove arrows"}, Delivered: append(delivered, "premove arrows")}
	if _, err := p.Merge(e, Change{Now: day("2026-03-22")}); err != nil {
		t.Fatal(err)
	}
	if older := readRel(t, p, p.LogPath("2026-03-21")); strings.Contains(older, "Finalisé") {
		t.Errorf("an earlier day's to-do was closed:\n%s", older)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	open, done, _ := strings.Cut(log, "## Finalisé")
	if !strings.Contains(done, "cooldown mechanics") || strings.Contains(open, "cooldown mechanics") {
		t.Errorf("the feature built is still open:\n%s", log)
	}
	for _, still := range []string{"unit tests", "Play a few games", "premove arrows"} {
		if !strings.Contains(open, still) {
			t.Errorf("%q was closed:\n%s", still, log)
		}
	}
}
