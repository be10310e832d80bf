package capture

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A question the turn answered by changing files ("what is the simplest path to …?") has
// for goal what the closing text says the turn did ("I've implemented …"); a question
// answered in words keeps its words.
func TestQuestionAnsweredWithWorkTakesWhatTheTurnDid(t *testing.T) {
	t.Parallel()
	const prompt = "what is the simplest path to this feature set? It's important we keep it small. I am the only user."
	const closing = "## Summary\n\nI've successfully implemented a manual refresh of the database mapping:\n\n1. `refresh()` rediscovers the tables\n"
	for edits, want := range map[bool]string{
		true:  "Implement a manual refresh of the database mapping",
		false: "what is the simplest path to this feature set?",
	} {
		b := &transcripttest.Claude{}
		b.Prompt(prompt)
		if edits {
			b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/client.py"})
			b.Result("e1", "ok", false)
		}
		b.Say("m2", closing)
		e := extractEN(t, b, "/home/dev/proj")
		if len(e.Goal) != 1 || !strings.HasPrefix(e.Goal[0], want) {
			t.Errorf("edits %v: goal %q, want it to open with %q", edits, e.Goal, want)
		}
	}
}
