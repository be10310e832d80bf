package memstore

import (
	"strings"
	"testing"
)

// A turn on the day's files that gives the user a new capability ("make it so I can drag
// the pieces"), implements a part of the task or changes a rule names a task of its own; a
// look-and-feel tweak on the same files does not.
func TestMergeKeepsAFeatureOnTheDaysFiles(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Now: day("2026-03-22")}
	steps := []Extraction{
		{Goal: []string{"Make a card game where each card has a timer"}, Work: []string{"Fichiers créés : index.html, app.js, styles.css"}},
		{Goal: []string{"make it so i can drag and drop the cards to play them"}, Work: []string{"Fichiers modifiés : app.js, styles.css"}},
		{Goal: []string{"Make the timer circle slightly larger"}, Work: []string{"Fichiers modifiés : app.js, styles.css"}},
		{Goal: []string{"Now let's go forward and implement the scoring of a round"}, Work: []string{"Fichiers modifiés : app.js"}},
		{Goal: []string{"Change the rule such that the game ends when the deck is empty"}, Work: []string{"Fichiers modifiés : app.js"}},
		{Goal: []string{"Let's implement it"}, Work: []string{"Fichiers modifiés : app.js"}},
	}
	for _, e := range steps {
		if _, err := p.Merge(e, now); err != nil {
			t.Fatal(err)
		}
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	for _, want := range []string{"- make it so i can drag and drop", "implement the scoring of a round", "- Change the rule such that"} {
		if !strings.Contains(log, want) {
			t.Errorf("goal %q is missing:\n%s", want, log)
		}
	}
	for _, tweak := range []string{"slightly larger", "implement it"} {
		if strings.Contains(log, tweak) {
			t.Errorf("the tweak %q was written as a goal:\n%s", tweak, log)
		}
	}
}
