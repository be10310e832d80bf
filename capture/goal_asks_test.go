package capture

import (
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A numbered list of small asks for output or a pointer ("1. show the summary, 2. point me
// to the log file") that the turn only answered in words is marked Asked, like a question;
// a list with one task in it, or a list of tasks, is not.
func TestAskListIsAsked(t *testing.T) {
	t.Parallel()
	for prompt, asked := range map[string]bool{
		"1. 請直接輸出 the summary in one line, 2. please direct me to the config file of this service": true,
		"1. show me the final score 2. where is the report written?":                               true,
		"1) print the totals, 2) tell me which branch you used":                                    true,
		"1. show me the final score, 2. rename the report module to summary":                       false,
		"1. add the export button, 2. write its test":                                              false,
		"show me the final score and rename the report module":                                     false,
	} {
		b := &transcripttest.Claude{}
		b.Prompt(prompt)
		b.Say("m1", "Here is the answer, in words.")
		if e := extractEN(t, b, "/home/dev/proj"); e.Asked != asked || len(e.Goal) != 1 {
			t.Errorf("%q: asked %v, goals %q", prompt, e.Asked, e.Goal)
		}
	}
}
