package difflines

import (
	"fmt"
	"strings"
	"testing"
)

func TestDiffLines(t *testing.T) {
	t.Parallel()
	diff := strings.Join([]string{
		"diff --git a/m.md b/m.md",
		"index 1234567..89abcde 100644",
		"--- a/m.md",
		"+++ b/m.md",
		"@@ -1,3 +1,3 @@",
		" # M",
		"---- a deleted rule",
		"+++ an added line starting with ++",
		"\\ No newline at end of file",
		"diff --git a/old.md b/new.md",
		"similarity index 100%",
		"rename from old.md",
		"rename to new.md",
		"diff --git a/n.md b/n.md",
		"new file mode 100644",
		"--- /dev/null",
		"+++ b/n.md",
		"@@ -0,0 +1 @@",
		"+- fact",
	}, "\n") + "\n"
	var got []string
	for ln, k := range All(diff) {
		got = append(got, fmt.Sprintf("%d %s", k, ln))
	}
	want := []Kind{Meta, Meta, FileHead, FileHead, HunkHead, Context, Deleted, Added, Context,
		Meta, Meta, Meta, Meta, Meta, Meta, FileHead, FileHead, HunkHead, Added}
	if len(got) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for i, w := range want {
		if !strings.HasPrefix(got[i], fmt.Sprint(w)+" ") {
			t.Errorf("line %d: %q, want kind %d", i, got[i], w)
		}
	}
}
