package tui

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"carnet/shell"
)

// openEditor suspends the UI, opens path (workspace-relative) in $EDITOR (at line when > 0
// and the editor takes +N) and reloads what it shows when the editor exits.
func openEditor(c *common, path string, line int) tea.Cmd {
	args := editorArgs(c.editor)
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

// editorArgs reads $EDITOR as the shell would ("code --wait", a quoted path with spaces):
// the words of its first command, vi when it names none.
func editorArgs(editor string) []string {
	if cmds := shell.Parse(editor).Commands; len(cmds) > 0 && len(cmds[0].Words) > 0 {
		return slices.Clone(cmds[0].Words)
	}
	return []string{"vi"}
}

// takesPlusLine reports whether an editor understands "+N" as "go to line N".
func takesPlusLine(editor string) bool {
	switch filepath.Base(editor) {
	case "vi", "vim", "nvim", "nano", "emacs", "emacsclient", "micro", "kak", "helix", "hx", "joe", "ne", "mg":
		return true
	}
	return false
}
