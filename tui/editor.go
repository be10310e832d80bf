package tui

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// openEditor suspends the UI, opens path (workspace-relative) in $EDITOR (at line when > 0
// and the editor takes +N) and reloads what it shows when the editor exits.
func openEditor(c *common, path string, line int) tea.Cmd {
	args := strings.Fields(c.editor)
	if len(args) == 0 {
		args = []string{"vi"}
	}
	if line > 0 && takesPlusLine(args[0]) {
		args = append(args, fmt.Sprintf("+%d", line))
	}
	args = append(args, c.ws.Abs(path))
	cmd := exec.Command(args[0], args[1:]...)
	c.log.Printf("editor: %s", strings.Join(args, " "))
	return tea.ExecProcess(cmd, func(err error) tea.Msg {
		if err != nil {
			err = fmt.Errorf("%s: %w", args[0], err)
		}
		return editorDoneMsg{path: path, err: err}
	})
}

// takesPlusLine reports whether an editor understands "+N" as "go to line N".
func takesPlusLine(editor string) bool {
	switch filepath.Base(editor) {
	case "vi", "vim", "nvim", "nano", "emacs", "emacsclient", "micro", "kak", "helix", "hx", "joe", "ne", "mg":
		return true
	}
	return false
}
