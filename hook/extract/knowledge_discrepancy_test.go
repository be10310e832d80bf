package extract

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// The agent notices a discrepancy and states it in its next sentence, naming the code: the
// two shapes the next session would otherwise mix up again are knowledge. A discrepancy the
// agent only announces it will check is not.
func TestStatedDiscrepancyIsKnowledge(t *testing.T) {
	t.Parallel()
	for text, want := range map[string][]string{
		"I notice there's a discrepancy in the models. The models folder uses `OrderState` and the existing views use different field names. Let me check the app models:": {
			"There's a discrepancy in the models: the models folder uses `OrderState` and the existing views use different field names."},
		"I noticed that my search found some `unwrap()` calls. Let me verify this discrepancy:": nil,
		"I notice there's a discrepancy in the models. Let me check what the views use:":        nil,
	} {
		b := &transcripttest.Claude{}
		b.Prompt("Wire the order views to the models")
		b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/models/index.ts"})
		b.Result("r1", "export type OrderState = 'open' | 'closed'", false)
		b.Say("m2", text)
		e := extractEN(t, b, "/home/dev/proj")
		if !slices.Equal(e.Knowledge, want) {
			t.Errorf("%q: knowledge = %q, want %q", text, e.Knowledge, want)
		}
	}
}
