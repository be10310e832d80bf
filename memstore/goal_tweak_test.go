package memstore

import (
	"strings"
	"testing"
)

// A turn that only changed files the day already worked on tweaks the day's task: its
// prompt is not a goal of its own. A turn that creates a file or changes one the day has
// not touched yet names a task.
func TestMergeFoldsTheGoalOfATweakOfTheDaysFiles(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Now: day("2026-03-22")}
	steps := []Extraction{
		{Goal: []string{"Make a chess variant where pieces have a cooldown"}, Work: []string{"Fichiers créés : index.html, app.js, styles.css"}},
		{Goal: []string{"Let's remove the red highlight for taking"}, Work: []string{"Fichiers modifiés : app.js, styles.css"}},
		{Goal: []string{"Use images for the pieces"}, Work: []string{"Fichiers créés : assets/wK.svg", "Fichiers modifiés : app.js"}},
		{Goal: []string{"Fix the export script so it writes the session file"}, Work: []string{"Fichiers modifiés : export.py"}},
		{Goal: []string{"Make a big separator line between each block"}, Work: []string{"Fichiers modifiés : export.py"}},
		{Goal: []string{"Implement the following plan: Split the exporter into reader and writer"}, Work: []string{"Fichiers modifiés : export.py"}},
	}
	for _, e := range steps {
		if _, err := p.Merge(e, now); err != nil {
			t.Fatal(err)
		}
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	for _, want := range []string{"- Make a chess variant", "- Use images for the pieces", "- Fix the export script", "Split the exporter"} {
		if !strings.Contains(log, want) {
			t.Errorf("goal %q is missing:\n%s", want, log)
		}
	}
	for _, tweak := range []string{"red highlight", "separator line"} {
		if strings.Contains(log, tweak) {
			t.Errorf("the tweak %q was written as a goal:\n%s", tweak, log)
		}
	}
}

// The day's first goal is written whatever files its turn changed.
func TestMergeKeepsTheFirstGoalOfTheDayOnKnownFiles(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Now: day("2026-03-22")}
	steps := []Extraction{
		{Work: []string{"Fichiers modifiés : app.js"}},
		{Goal: []string{"Add a dark mode to the board"}, Work: []string{"Fichiers modifiés : app.js"}},
	}
	for _, e := range steps {
		if _, err := p.Merge(e, now); err != nil {
			t.Fatal(err)
		}
	}
	if log := readRel(t, p, p.LogPath("2026-03-22")); !strings.Contains(log, "- Add a dark mode to the board") {
		t.Errorf("the day's first goal is missing:\n%s", log)
	}
}
