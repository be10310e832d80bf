package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// The to-do of an unanswered proposal of several items, each a bold line ("**Commit 1:
// FEAT: Add the parser**"), names them, their numbering label aside, not the heading.
func TestUnansweredProposalNamesItsItems(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("/ai-commit")
	b.Say("m1", "Based on my analysis:\n\n## Proposed Commit Plan:\n\n**Commit 1: FEAT: Add the parser**\nFiles: parser.py\n\n"+
		"**Commit 2: CHORE: Update the data models**\nFiles: models/*.json\n\n**Note:** the logs stay out\n\n"+
		"Would you like me to proceed with creating these commits?")
	tr := read(t, b.Write(t), transcript.ReadOptions{})
	tr.Root, tr.SessionEnded = "/home/dev/proj", true
	want := []string{"Unanswered proposal: proceed with creating these commits: FEAT: Add the parser; CHORE: Update the data models"}
	if e := (Heuristic{Language: "en"}).extract(tr); !slices.Equal(e.Next, want) {
		t.Errorf("next = %q, want %q", e.Next, want)
	}
}
