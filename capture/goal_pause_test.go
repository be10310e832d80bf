package capture

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// Two dots typed as a pause between clauses ("… what it now is .. stress the payments")
// read as a semicolon in the goal; an ellipsis, a parent folder and a range stay.
func TestGoalReadsATypedPauseAsASemicolon(t *testing.T) {
	t.Parallel()
	for prompt, want := range map[string]string{
		"Rewrite the grant application from what the app now is .. stress the payments part": "what the app now is; stress the payments part",
		"Rewrite the grant application from the app.. stress the payments part":              "from the app; stress the payments part",
		"Copy the config from ../shared into the tests folder":                               "from ../shared into",
		"Make the retries wait... then back off over 1..5 seconds":                           "wait... then back off over 1..5 seconds",
	} {
		b := &transcripttest.Claude{}
		b.Prompt(prompt)
		b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/app.py"})
		b.Result("e1", "ok", false)
		e := extractEN(t, b, "/home/dev/proj")
		if len(e.Goal) != 1 || !strings.Contains(e.Goal[0], want) {
			t.Errorf("goal %q, want it to hold %q", e.Goal, want)
		}
	}
}
