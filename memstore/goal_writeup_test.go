package memstore

import (
	"strings"
	"testing"
)

// A turn that only changed a document the day already wrote, on a prompt that names that
// document ("update the readme to …", "add the timings to notes.md"), writes it up: a task
// of its own. A turn on the same document whose prompt does not name it stays a tweak.
func TestMergeKeepsTheGoalThatWritesUpADocumentOfTheDay(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, nil)
	now := Change{Now: day("2026-03-22")}
	steps := []Extraction{
		{Goal: []string{"Make a card game where each card has a timer"}, Work: []string{"Fichiers créés : index.html, app.js, README.md, docs/NOTES.md"}},
		{Goal: []string{"Update the readme to explain how to run it locally"}, Work: []string{"Fichiers modifiés : README.md"}},
		{Goal: []string{"Download the card faces from the shared folder"}, Work: []string{"Fichiers modifiés : README.md"}},
		{Goal: []string{"Write an approach summary and add the time spent to notes.md"}, Work: []string{"Fichiers modifiés : docs/NOTES.md"}},
		{Goal: []string{"Make the readme title shorter"}, Work: []string{"Fichiers modifiés : README.md, app.js"}},
	}
	for _, e := range steps {
		if _, err := p.Merge(e, now); err != nil {
			t.Fatal(err)
		}
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	for _, want := range []string{"- Update the readme to explain", "- Write an approach summary"} {
		if !strings.Contains(log, want) {
			t.Errorf("goal %q is missing:\n%s", want, log)
		}
	}
	for _, tweak := range []string{"card faces", "title shorter"} {
		if strings.Contains(log, tweak) {
			t.Errorf("the tweak %q was written as a goal:\n%s", tweak, log)
		}
	}
}
