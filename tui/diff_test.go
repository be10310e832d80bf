package tui

import (
	"strings"
	"testing"

	"carnet/memstore/gitrepo/difflines"
)

// A wrapped diff line says its sign once: its other rows are the same line going on, not
// more lines removed or added.
func TestWrapDiffLineSignOnce(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		line string
		k    difflines.Kind
	}{
		{"-" + strings.Repeat("mot ", 20), difflines.Deleted},
		{"+" + strings.Repeat("mot ", 20), difflines.Added},
		{" " + strings.Repeat("mot ", 20), difflines.Context},
	} {
		got := wrapDiffLine(tc.line, tc.k, 20)
		if len(got) < 2 || got[0][:1] != tc.line[:1] {
			t.Fatalf("%q: %q", tc.line[:1], got)
		}
		for _, p := range got[1:] {
			if strings.HasPrefix(p, "-") || strings.HasPrefix(p, "+") || len(p) > 0 && p[0] != ' ' {
				t.Errorf("%q: a continuation row %q looks like a line of its own", tc.line[:1], p)
			}
		}
	}
}
