package memstore

import (
	"strings"
	"testing"
)

// A prompt said again with a word or two changed is one goal of the day; a different
// request, a shorter one or one naming another file is a goal of its own.
func TestMergeKeepsARepeatedRequestOnce(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Objectif\n" +
		"- what is the simplest path to this feature set? It is really important we don't make this ready for war. I am the only user, stay simple but do the job\n"})
	goals := []string{
		"what is the simplest path to this feature set? It is really important we don't make this ready for scaling. I am the only user, stay simple but do the job",
		"what is the simplest path to the export feature? Keep it small, I am the only user and the job is the sync",
		"fix the parser in parser.go",
		"fix the parser in lexer.go",
	}
	res, err := p.Merge(Extraction{Goal: goals}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if strings.Contains(log, "ready for scaling") {
		t.Errorf("the repeated request was kept:\n%s", log)
	}
	if len(res.Added) != 3 {
		t.Errorf("added %v, want the three other goals", res.Added)
	}
}

// A statement of work done closes the one open item that has all its words (plurals
// folded); it closes nothing when two different items have them, or when it has fewer
// than three words.
func TestMergeClosesTheItemWorkDoneNames(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## À suivre\n" +
		"- Fix the two silent failure cases identified above\n- Add tests for the parser\n- Add tests for the lexer\n- Deploy the app\n"})
	res, err := p.Merge(Extraction{NextDone: []string{"Fix Silent Failures", "Add tests", "Add parser and lexer tests", "Deploy the app to staging"}}, Change{Now: day("2026-03-22")})
	if err != nil {
		t.Fatal(err)
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	open, done, _ := strings.Cut(log, "## Finalisé")
	if !strings.Contains(done, "Fix the two silent failure cases") || strings.Contains(open, "silent") {
		t.Errorf("the silent failures item was not closed:\n%s", log)
	}
	for _, still := range []string{"- Add tests for the parser", "- Add tests for the lexer", "- Deploy the app"} {
		if !strings.Contains(open, still) {
			t.Errorf("%q was closed:\n%s", still, log)
		}
	}
	if len(res.Ticked) != 1 {
		t.Errorf("ticked %v", res.Ticked)
	}
}

// Prompts that go on with the task of the day's last goal (the same subject, the same file,
// most of its words) are that goal, not new ones; a question, another file or another
// subject opens a goal of its own. A plan's title on the task of the prompt that asked for
// it is that task; a plan the user hands over ("Implement the following plan:") is a task
// of its own.
func TestMergeFoldsPromptsOnTheSameTask(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Objectif\n" +
		"- The cooldown should go the other way, clockwise instead of counter-clockwise\n"})
	turns := [][]string{
		{"The cooldown should start at the top, not the left"},
		{"Make the export script write exported-session.jsonl first"},
		{"The script didn't write exported-session.jsonl, try again in the working directory"},
		{"Why does the export skip the assistant replies?"},
		{"Change the rule such that the game is lost when the king is captured, no check"},
		{"When a king is under check, the game goes on: check has no effect on the rules"},
		{"Plan : King capture rules"},
		{"Implement the following plan: King capture rules"},
		{"Plan : Leaderboard storage"},
		{"Create the login page"},
		{"Create the signup page"},
		{"Goal number 1 of the day"},
		{"Goal number 2 of the day"},
	}
	for _, g := range turns {
		if _, err := p.Merge(Extraction{Goal: g}, Change{Now: day("2026-03-22")}); err != nil {
			t.Fatal(err)
		}
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	for _, folded := range []string{"start at the top", "didn't write", "under check", "Plan : King capture"} {
		if strings.Contains(log, folded) {
			t.Errorf("%q was kept as a goal of its own:\n%s", folded, log)
		}
	}
	for _, kept := range []string{"clockwise", "write exported-session.jsonl first", "Why does the export", "game is lost", "following plan: King capture", "Plan : Leaderboard", "login page", "signup page", "number 1 of", "number 2 of"} {
		if !strings.Contains(log, kept) {
			t.Errorf("%q was dropped:\n%s", kept, log)
		}
	}
}

// A measure ("by 3%", "12px") tunes the task under way: it is no new item number.
func TestMergeFoldsATweakByAMeasure(t *testing.T) {
	t.Parallel()
	_, p := newTestWorkspace(t, map[string]string{"logs/2026-03-22.md": "# Log session — 2026-03-22\n\n## Objectif\n" +
		"- The cooldown should go the other way, clockwise instead of counter-clockwise\n"})
	for _, g := range []string{"Make the cooldown circle slightly larger (by 3% or so)", "Make the cooldown ring 2 rows lower"} {
		if _, err := p.Merge(Extraction{Goal: []string{g}}, Change{Now: day("2026-03-22")}); err != nil {
			t.Fatal(err)
		}
	}
	log := readRel(t, p, p.LogPath("2026-03-22"))
	if strings.Contains(log, "slightly larger") || !strings.Contains(log, "2 rows lower") {
		t.Errorf("a tweak by a measure is a goal of its own, or a new number is not:\n%s", log)
	}
}
