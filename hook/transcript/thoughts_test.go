package transcript

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// The model's thinking (Claude Code's thinking blocks, Gemini CLI's thoughts) is read
// apart from its texts, in order: a choice is sometimes stated only there.
func TestThoughtsAreRead(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("build the layout")
	b.ThinkText("m1", "I've decided on a standard sidebar.").Say("m1", "Building it.")
	b.ThinkText("m2", "Now the header.").Say("m2", "Done.")
	tr := read(t, b.Write(t), ReadOptions{})
	if want := []string{"I've decided on a standard sidebar.", "Now the header."}; !slices.Equal(tr.Thoughts, want) {
		t.Errorf("claude thoughts = %q, want %q", tr.Thoughts, want)
	}
	if want := []string{"Building it.", "Done."}; !slices.Equal(tr.Texts, want) {
		t.Errorf("texts = %q, want %q", tr.Texts, want)
	}

	chat := `{"sessionId":"s1","projectHash":"h","messages":[
{"id":"1","timestamp":"2026-03-22T10:00:00Z","type":"user","content":"Build the layout"},
{"id":"2","timestamp":"2026-03-22T10:01:00Z","type":"gemini","content":"","thoughts":[{"subject":"Constructing the Layout","description":"I've decided on a standard sidebar."}]},
{"id":"3","timestamp":"2026-03-22T10:01:09Z","type":"gemini","content":"Done.","thoughts":[{"subject":"Wrapping Up","description":"All set."}]}]}`
	g := readGeminiChat(t, chat)
	if want := []string{"I've decided on a standard sidebar.", "All set."}; !slices.Equal(g.Thoughts, want) {
		t.Errorf("gemini thoughts = %q, want %q", g.Thoughts, want)
	}
}
