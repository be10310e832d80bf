package capture

import (
	"slices"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A path named under the folder the shell already went into ("cd types && …", then "cat >
// types/README.md") fails on where the shell stands: no failure. The same error on a path
// the earlier "cd" does not explain stays.
func TestPathUnderTheFolderTheShellIsInIsNoFailure(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Write the types and document them")
	bash(b, "b1", "cd types && npx tsc --noEmit *.ts", "", false)
	bash(b, "b2", "cat > types/README.md << 'EOF'\n# Types\nEOF", "Exit code 1\n(eval):1: no such file or directory: types/README.md", true)
	bash(b, "b3", "cat docs/guide.md", "Exit code 1\ncat: docs/guide.md: No such file or directory", true)
	b.Say("m4", "The types are documented.")
	e := extractEN(t, b, "/home/dev/proj")
	want := []string{"`cat docs/guide.md` failed: cat: docs/guide.md: No such file or directory"}
	if !slices.Equal(e.Problems, want) {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(e.Problems, "\n"), strings.Join(want, "\n"))
	}
}
