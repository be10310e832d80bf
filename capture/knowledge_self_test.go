package capture

import (
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// An answer to a question about how the agent came by its own idea ("how did you come up
// with this?") tells about the agent's reasoning, not a fact for next time; the same
// answer to a question about the world is kept.
func TestAnswerAboutTheAgentIsNoKnowledge(t *testing.T) {
	t.Parallel()
	closing := "# Honest answer\n\n**The scoring framework is a synthesis of several studies, not a reproduction.** " +
		"Each part has its own source.\n"
	for _, c := range []struct {
		prompt string
		kept   bool
	}{
		{"Is this random? How did you come up with this idea?", false},
		{"這是隨機的嗎？你是如何想到這個 idea 的？", false},
		{"Where does this scoring framework come from?", true},
		{"How did you fix the scoring framework?", true},
	} {
		b := &transcripttest.Claude{}
		b.Prompt(c.prompt)
		b.Say("m1", closing)
		e := extractEN(t, b, "/home/dev/proj")
		if got := len(e.Knowledge) > 0; got != c.kept {
			t.Errorf("%q: knowledge = %q, want kept %v", c.prompt, e.Knowledge, c.kept)
		}
	}
}
