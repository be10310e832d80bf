package capture

import (
	"slices"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// An answer that states what cannot be done and goes on "But there is a way:" with a list
// keeps the way (the list's first point) with the statement: the negative half alone
// tells next time only what does not work.
func TestAnswerKeepsTheWorkaroundAfterTheNegative(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		closing string
		want    []string
	}{
		{"The registry API does not expose who published a private package. But there are indirect signals:\n\n" +
			"- The PR that adds the publish workflow — its author usually owns the package\n" +
			"- Third-party mirrors carry no owner at all\n\n" +
			"**Conclusion**: not worth a score of its own.",
			[]string{"The registry API does not expose who published a private package. But there are indirect signals: " +
				"The PR that adds the publish workflow — its author usually owns the package"}},
		// no list after the contrast: the statement stays alone
		{"The registry API does not expose who published a private package. But there are indirect signals.\n\n" +
			"**Conclusion**: not worth a score of its own.",
			[]string{"The registry API does not expose who published a private package."}},
		// a list after a statement that is no contrast: the points stay out
		{"The registry API does not expose who published a private package. Here is what the docs list:\n\n" +
			"- The PR that adds the publish workflow — its author usually owns the package\n",
			[]string{"The registry API does not expose who published a private package."}},
	} {
		b := &transcripttest.Claude{}
		b.Prompt("Can we find out who published this package?")
		b.Use("m1", "r1", "Read", map[string]any{"file_path": "/home/dev/proj/doc.md"})
		b.Result("r1", "x", false)
		b.Say("m2", c.closing)
		e := extractEN(t, b, "/home/dev/proj")
		if !slices.Equal(e.Knowledge, c.want) {
			t.Errorf("knowledge = %q, want %q", e.Knowledge, c.want)
		}
	}
}
