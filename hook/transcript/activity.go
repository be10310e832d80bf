package transcript

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"carnet/shell"
)

// activityScan bounds what ReadActivity reads back: the first read of a long session would
// otherwise read the whole transcript.
const activityScan = 8 << 20

// Activity is what a transcript shows after a given offset.
type Activity struct {
	Tools   int      // tool calls
	Edits   []string // files edited, once each, in the order of their last edit (as the agent wrote them)
	Stores  int      // memory writes: carnet add/done/edit/note, carnet MCP writes
	Commits int      // git commits run from a shell
}

// ReadActivity reads what the transcript at path (a Claude Code JSONL transcript or a Codex
// rollout) shows after byte offset, newest first within a budget. It returns the file's size,
// the offset of the next read; a file shorter than offset was replaced and is read whole.
//
// Gemini CLI chat files and OpenCode sessions are documents whose messages are rewritten in
// place: for them the offset counts messages, not bytes.
func ReadActivity(path string, offset int64) (Activity, int64, error) {
	switch FormatOf(path) {
	case FormatGemini:
		return messageActivity(path, offset, geminiToolsByMessage)
	case FormatOpenCode:
		return messageActivity(path, offset, openCodeToolsByMessage)
	}
	f, size, err := openTranscript(path)
	if err != nil {
		return Activity{}, 0, err
	}
	defer f.Close()
	if size < offset {
		offset = 0
	}
	scan := scanActivity
	if isCodexRollout(f, size) {
		scan = scanCodexActivity
	}
	return scan(io.NewSectionReader(f, offset, size-offset), size-offset), size, nil
}

// scanActivity reads a transcript region (newest first, bounded like ReadTurn) and counts
// tool calls, file edits (a shell's writes too) and memory writes of the main conversation.
func scanActivity(r io.ReaderAt, size int64) Activity {
	var act Activity
	seen := map[string]bool{}
	var edits []string // newest first
	br := newBackReader(r, size, activityScan)
	for {
		ln, err := br.next()
		if err != nil {
			break
		}
		if ln.Oversized || !bytes.Contains(ln.Data, []byte(`"tool_use"`)) {
			continue // a tool call line is small; huge lines are results or file bodies
		}
		rl, err := decodeLine(ln)
		if err != nil || rl.Type != "assistant" || rl.IsSidechain || !rl.hasContent() {
			continue
		}
		blocks, _, isText, ok := rl.contentBlocks()
		if !ok || isText {
			continue
		}
		for _, b := range blocks {
			if b.Type != "tool_use" || seen["id:"+b.ID] {
				continue
			}
			seen["id:"+b.ID] = true
			act.Tools++
			u := ToolUse{Name: b.Name, FilePath: cmp.Or(b.Input.FilePath, b.Input.NotebookPath), Command: b.Input.Command}
			switch {
			case u.Edits() && u.FilePath != "":
				if !seen[u.FilePath] {
					seen[u.FilePath] = true
					edits = append(edits, u.FilePath)
				}
			case storesMemory(&u):
				act.Stores++
			case u.Name == "Bash":
				committed, writes := shellWork(u.Command, rl.Cwd) // a relative path names a file of the line's folder
				if committed {
					act.Commits++
				}
				for _, w := range slices.Backward(writes) {
					if !seen[w] {
						seen[w] = true
						edits = append(edits, w)
					}
				}
			}
		}
	}
	for _, edit := range slices.Backward(edits) {
		act.Edits = append(act.Edits, edit)
	}
	return act
}

// carnetMCPTool returns the tool of a call to carnet's MCP server, as each agent names it:
// mcp__carnet__T (Claude Code, Codex), carnet__T (Codex), carnet_T (OpenCode), mcp_carnet_T.
func carnetMCPTool(name string) (string, bool) {
	name = strings.TrimPrefix(strings.TrimPrefix(name, "mcp__"), "mcp_")
	if tool, ok := strings.CutPrefix(name, "carnet__"); ok {
		return tool, true
	}
	return strings.CutPrefix(name, "carnet_")
}

// storesMemory reports a tool call that records memory on purpose: `carnet add`,
// `carnet done`, or a write through carnet's MCP server.
func storesMemory(u *ToolUse) bool {
	if tool, ok := carnetMCPTool(u.Name); ok {
		switch tool {
		case "memory_add", "memory_done", "memory_write", "memory_edit", "memory_forget":
			return true
		}
		return false
	}
	if u.Name != "Bash" {
		return false
	}
	for _, c := range shell.Parse(u.Command).Commands {
		if run := c.Run(); len(run) > 1 && path.Base(run[0]) == "carnet" && slices.Contains(carnetWrites, carnetCommand(run[1:])) {
			return true
		}
	}
	return false
}

// commits reports a shell call that runs git commit.
func commits(u *ToolUse) bool {
	return u.Name == "Bash" && shell.Parse(u.Command).Commits()
}

// carnetWrites are carnet's commands that record memory (`carnet note new` is "note").
var carnetWrites = []string{"add", "done", "edit", "note"}

// carnetCommand is the command of carnet's arguments: the first word that is neither a
// global option nor its value (-p NAME, --root DIR).
func carnetCommand(args []string) string {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "-p" || a == "--project" || a == "--root":
			i++
		case !strings.HasPrefix(a, "-"):
			return a
		}
	}
	return ""
}

// messageActivity counts the tool calls, edits and memory writes of the messages after the
// first offset ones of a session document; tools lists each message's tool calls. It returns
// the number of messages, the offset of the next read.
func messageActivity(path string, offset int64, tools func(data []byte) [][]*ToolUse) (Activity, int64, error) {
	f, size, err := openTranscript(path)
	if err != nil {
		return Activity{}, 0, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.NewSectionReader(f, 0, min(size, maxGeminiChat)))
	if err != nil {
		return Activity{}, 0, fmt.Errorf("transcript: %w", err)
	}
	msgs := tools(data)
	n := int64(len(msgs))
	if n < offset {
		offset = 0 // a shorter session: another one, read whole
	}
	var act Activity
	var edits []string // oldest first, each file at its last edit
	for _, m := range msgs[offset:] {
		for _, u := range m {
			act.Tools++
			switch {
			case u.Edits() && u.FilePath != "":
				edits = append(slices.DeleteFunc(edits, func(e string) bool { return e == u.FilePath }), u.FilePath)
			case storesMemory(u):
				act.Stores++
			case commits(u):
				act.Commits++
			}
		}
	}
	act.Edits = edits
	return act, n, nil
}
