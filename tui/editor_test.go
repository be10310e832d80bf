package tui

import (
	"slices"
	"testing"
)

// $EDITOR is read as the shell reads it: options, a quoted path with spaces; vi when empty.
func TestEditorArgs(t *testing.T) {
	t.Parallel()
	for editor, want := range map[string][]string{
		"code --wait": {"code", "--wait"},
		`'/Applications/Sublime Text.app/Contents/SharedSupport/bin/subl' -w`: {"/Applications/Sublime Text.app/Contents/SharedSupport/bin/subl", "-w"},
		`vim -c "set tw=80"`: {"vim", "-c", "set tw=80"},
		"":                   {"vi"},
		"   ":                {"vi"},
	} {
		if got := editorArgs(editor); !slices.Equal(got, want) {
			t.Errorf("%q: %q, want %q", editor, got, want)
		}
	}
}
