package capture

import (
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A long prompt that opens with context and asks for the work in a later sentence keeps
// the ask in its goal; a long prompt that opens with its ask keeps its first sentences.
func TestLongPromptKeepsItsLateAsk(t *testing.T) {
	t.Parallel()
	context := "The report tool builds the weekly summary (sales, refunds and a few other totals). " +
		"In the generated summary.md file, the \"total:\" line is meant to be the sum of the sales (this looks correct). " +
		"But the \"refunds:\" line is meant to be the refunds of that week. That doesn't look right. "
	for prompt, want := range map[string]string{
		context + "Try to fix the report tool so that the refunds line is the week's refunds":   "Try to fix the report tool",
		"Fix the refunds line of the weekly summary so it shows the week's refunds. " + context: "Fix the refunds line",
	} {
		b := &transcripttest.Claude{}
		b.Prompt(prompt)
		b.Use("m1", "e1", "Edit", map[string]any{"file_path": "/home/dev/proj/report.py"})
		b.Result("e1", "ok", false)
		e := extractEN(t, b, "/home/dev/proj")
		if len(e.Goal) != 1 || !strings.Contains(e.Goal[0], want) || len(e.Goal[0]) > 240 {
			t.Errorf("goal %q, want it to hold %q", e.Goal, want)
		}
	}
}
