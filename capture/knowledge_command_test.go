package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A sentence that explains the one-line command shown just above it ("This copies the
// templates to …") names that command: "This" alone says nothing next time. A sentence
// after a longer code block, or after prose, keeps its words.
func TestSentenceAfterACommandNamesIt(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("how do I refresh the installed templates?")
	b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/src/cli.py"})
	b.Result("r1", "def install(): ...", false)
	b.Say("m2", "To refresh them anytime:\n\n```bash\nuv run tool install --force\n```\n\n"+
		"This copies the skill templates from your local source code to the commands folder.\n\n"+
		"```python\nimport os\nos.sync()\n```\n\nThis flushes every pending write of the process to the disk.\n")
	e := extractEN(t, b, "/home/dev/proj")
	want := "`uv run tool install --force` copies the skill templates from your local source code to the commands folder."
	if !slices.Contains(e.Knowledge, want) {
		t.Errorf("knowledge = %q, want %q in it", e.Knowledge, want)
	}
	if got := strings.Join(e.Knowledge, "\n"); strings.Contains(got, "`import os`") {
		t.Errorf("a block of several lines named as a command:\n%s", got)
	}
}
