package transcript

import (
	"bytes"
	"cmp"
	"encoding/json"
	"io"
	"path/filepath"
	"slices"
	"strings"
)

// activityScan bounds what ReadActivity reads back: the first read of a long session would
// otherwise read the whole transcript.
const activityScan = 8 << 20

// Activity is what a transcript shows after a given offset.
type Activity struct {
	Tools  int      // tool calls
	Edits  []string // files edited, once each, in the order of their last edit (as the agent wrote them)
	Stores int      // memory writes: carnet add/done, carnet MCP writes
}

// ReadActivity reads what the transcript at path (a Claude Code JSONL transcript or a Codex
// rollout) shows after byte offset, newest first within a budget. It returns the file's size,
// the offset of the next read; a file shorter than offset was replaced and is read whole.
func ReadActivity(path string, offset int64) (Activity, int64, error) {
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
// tool calls, file edits and memory writes of the main conversation.
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
		var rl rawLine
		if json.Unmarshal(ln.Data, &rl) != nil || rl.Type != "assistant" || rl.IsSidechain {
			continue
		}
		var blocks []rawBlock
		if json.Unmarshal(rl.Message.Content, &blocks) != nil {
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
			}
		}
	}
	for _, edit := range slices.Backward(edits) {
		act.Edits = append(act.Edits, edit)
	}
	return act
}

// storesMemory reports a tool call that records memory on purpose: `carnet add`,
// `carnet done`, or a write through carnet's MCP server.
func storesMemory(u *ToolUse) bool {
	if after, ok := strings.CutPrefix(u.Name, "mcp__carnet__"); ok {
		switch after {
		case "memory_add", "memory_done", "memory_write", "memory_forget":
			return true
		}
		return false
	}
	if u.Name != "Bash" {
		return false
	}
	words := strings.Fields(u.Command)
	for i, w := range words {
		if filepath.Base(strings.Trim(w, `"'`)) != "carnet" {
			continue
		}
		for _, next := range words[i+1 : min(len(words), i+6)] { // flags such as -p NAME may come first
			if next == "add" || next == "done" {
				return true
			}
		}
	}
	return false
}
