package hook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"carnet/memstore"
)

// The gate (SPEC §3, `[hook] gate = true`): at Stop, when the turns since the previous
// check edited files and stored no memory, the hook exits 2 and tells the agent what to
// record. Its per-session state, in logs/.debug/gate/, remembers where the previous check
// stopped reading the transcript, so each check judges only what came after.

// gateMinTools is the session size under which the gate always passes.
const gateMinTools = 3

// gateScan bounds what a check reads: the first check of a session that turned the gate on
// late would otherwise read the whole transcript.
const gateScan = 8 << 20

// gateState is the per-session record of the gate.
type gateState struct {
	Offset  int64     `json:"offset"` // transcript size at the previous check
	Tools   int       `json:"tools"`  // tool calls seen in the session so far
	Checked time.Time `json:"checked"`
	Blocks  int       `json:"blocks"`
}

// activity is what the transcript shows between two checks.
type activity struct {
	tools  int
	edits  []string // files edited, in order, deduplicated
	stores int      // memory writes: carnet add/done, carnet MCP writes
}

// GateResult is the gate's verdict.
type GateResult struct {
	Block   bool
	Message string // for the agent, on stderr, when Block
	Edits   []string
}

// checkGate judges the transcript since the previous check of this session and records
// the new state. fx makes the edited paths relative for the message; project is named in
// the suggested commands when the workspace has several.
func checkGate(stateDir, session, transcript string, fx pathFixer, project string) (GateResult, error) {
	if transcript == "" {
		return GateResult{}, nil // no transcript (Codex with a null path): nothing to judge
	}
	statePath := filepath.Join(stateDir, "gate", safeName(session)+".json")
	var st gateState
	if data, err := os.ReadFile(statePath); err == nil {
		_ = json.Unmarshal(data, &st)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return GateResult{}, err
	}
	f, size, err := openTranscript(transcript)
	if err != nil {
		return GateResult{}, fmt.Errorf("gate: %w", err)
	}
	defer f.Close()
	if size < st.Offset { // the file was replaced: start over
		st.Offset = 0
	}
	scan := scanActivity
	if isCodexRollout(f, size) {
		scan = scanCodexActivity
	}
	act := scan(io.NewSectionReader(f, st.Offset, size-st.Offset), size-st.Offset)
	st.Offset = size
	st.Tools += act.tools
	st.Checked = time.Now().UTC()
	var res GateResult
	if st.Tools >= gateMinTools && len(act.edits) > 0 && act.stores == 0 {
		res.Block = true
		for _, e := range act.edits {
			r, _ := fx.rel(e)
			res.Edits = append(res.Edits, r)
		}
		res.Message = gateMessage(res.Edits, project)
		st.Blocks++
	}
	data, _ := json.Marshal(st)
	if err := memstore.WriteFileAtomic(statePath, data); err != nil {
		return GateResult{}, fmt.Errorf("gate state: %w", err)
	}
	return res, nil
}

// scanActivity reads a transcript region (newest first, bounded like ReadTurn) and counts
// tool calls, file edits and memory writes of the main conversation.
func scanActivity(r io.ReaderAt, size int64) activity {
	var act activity
	seen := map[string]bool{}
	var edits []string // newest first
	br := newBackReader(r, size, gateScan)
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
			act.tools++
			u := ToolUse{Name: b.Name, FilePath: firstNonEmpty(b.Input.FilePath, b.Input.NotebookPath), Command: b.Input.Command}
			switch {
			case u.Edits() && u.FilePath != "":
				if !seen[u.FilePath] {
					seen[u.FilePath] = true
					edits = append(edits, u.FilePath)
				}
			case storesMemory(&u):
				act.stores++
			}
		}
	}
	for i := len(edits) - 1; i >= 0; i-- {
		act.edits = append(act.edits, edits[i])
	}
	return act
}

// storesMemory reports a tool call that records memory on purpose: `carnet add`,
// `carnet done`, or a write through carnet's MCP server.
func storesMemory(u *ToolUse) bool {
	if strings.HasPrefix(u.Name, "mcp__carnet__") {
		switch strings.TrimPrefix(u.Name, "mcp__carnet__") {
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

func gateMessage(edits []string, project string) string {
	files := listFiles(edits)
	p := ""
	if project != "" {
		p = " -p " + project
	}
	return fmt.Sprintf(`carnet: this work changed files (%s) but recorded nothing in the project's memory since the last check.
Before stopping, record what the next session needs to know, one command per fact:
  carnet add%[2]s --section decisions "<a decision taken, and why>"
  carnet add%[2]s --section connaissances "<something learned about the code or the tools>"
  carnet add%[2]s --section a_suivre "<what remains to do>"
  carnet done%[2]s "<an open item this work finished>"
(or the carnet MCP tools memory_add / memory_done). Record only what is worth keeping, then stop again.`, files, p)
}

// safeName makes a session id usable as a file name.
func safeName(s string) string {
	if s == "" {
		return "unknown"
	}
	b := []byte(clip(s, 80))
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			b[i] = '_'
		}
	}
	return string(b)
}
