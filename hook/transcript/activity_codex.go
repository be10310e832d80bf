package transcript

import (
	"bytes"
	"encoding/json"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"

	"carnet/shell"
)

// The activity of a Codex rollout file. Codex edits files with apply_patch (a custom_tool_call,
// or a function_call / shell call carrying the patch) and with shell commands that write
// files; it stores memory with shell commands (`carnet add`, `carnet done`) and with calls
// to carnet's MCP server. Codex names an MCP tool "<server>__<tool>" (older builds) or
// "mcp__<server>__<tool>"; builds that group MCP tools into namespaces write the server part
// in the call's "namespace" field. Codex also logs mcp_tool_call_end events naming the
// server and the tool: they count as stores too (once per call id).

// codexGateLine is what the gate reads of a rollout line.
type codexGateLine struct {
	Type    string           `json:"type"`
	Payload codexGatePayload `json:"payload"`
}

// codexGatePayload is what the gate reads of a rollout line's payload.
type codexGatePayload struct {
	Type       string `json:"type"`
	Name       string `json:"name"`
	Namespace  string `json:"namespace"`
	Arguments  string `json:"arguments"`
	Input      string `json:"input"`
	CallID     string `json:"call_id"`
	Invocation struct {
		Server string `json:"server"`
		Tool   string `json:"tool"`
	} `json:"invocation"`
	Action struct {
		Command          []string `json:"command"`
		WorkingDirectory string   `json:"working_directory"`
	} `json:"action"`
}

// escapedPatchFile finds the file headers of an apply_patch inside JSON text.
var escapedPatchFile = regexp.MustCompile(`\*\*\* (?:Add|Update|Delete) File: ((?:[^\\"]|\\[^n])+?)\\n`)

// scanCodexActivity reads a rollout region (newest first, bounded like scanActivity) and
// counts tool calls, file edits and memory writes.
func scanCodexActivity(r io.ReaderAt, size int64) Activity {
	sc := codexActivityScan{seenCall: map[string]bool{}, seenStore: map[string]bool{}, seenFile: map[string]bool{}}
	br := newBackReader(r, size, activityScan)
	for {
		ln, err := br.next()
		if err != nil {
			break
		}
		if ln.Oversized {
			sc.oversized(ln)
		} else {
			sc.line(ln.Data)
		}
	}
	return sc.result()
}

// codexActivityScan is the state of scanCodexActivity as it reads lines, newest first.
type codexActivityScan struct {
	act       Activity
	seenCall  map[string]bool // tool calls already counted
	seenStore map[string]bool // call ids already counted as stores
	seenFile  map[string]bool
	edits     []string // newest first
}

// addEdit records an edited file once.
func (sc *codexActivityScan) addEdit(p string) {
	if p != "" && !sc.seenFile[p] {
		sc.seenFile[p] = true
		sc.edits = append(sc.edits, p)
	}
}

// store counts a memory write once per call id (every time when the id is empty).
func (sc *codexActivityScan) store(callID string) {
	if callID == "" || !sc.seenStore[callID] {
		sc.seenStore[callID] = true
		sc.act.Stores++
	}
}

// oversized reads a line too big to decode: a huge patch, whose file headers are in its head.
func (sc *codexActivityScan) oversized(ln backLine) {
	has := func(s string) bool { return bytes.Contains(ln.Head, []byte(s)) || bytes.Contains(ln.Tail, []byte(s)) }
	if !has(`"response_item"`) || !has(`apply_patch`) || !has(`_call"`) || has(`_call_output"`) {
		return
	}
	sc.act.Tools++
	ms := escapedPatchFile.FindAllSubmatch(ln.Head, -1)
	for _, m := range slices.Backward(ms) {
		sc.addEdit(strings.TrimSpace(string(m[1])))
	}
}

// line reads one decodable rollout line.
func (sc *codexActivityScan) line(data []byte) {
	if !bytes.Contains(data, []byte(`_call`)) {
		return // every line the gate needs has a *_call type or a call_id
	}
	var cl codexGateLine
	if json.Unmarshal(data, &cl) != nil {
		return
	}
	p := &cl.Payload
	switch cl.Type {
	case "event_msg":
		if (p.Type == "mcp_tool_call_end" || p.Type == "mcp_tool_call_begin") && isCarnetMCPWrite(p.Invocation.Server+"__"+p.Invocation.Tool) {
			sc.store(p.CallID)
		}
	case "response_item":
		sc.toolCall(p)
	}
}

// toolCall reads a response item: a tool call is counted once per call id, then read for
// memory writes and file edits.
func (sc *codexActivityScan) toolCall(p *codexGatePayload) {
	switch p.Type {
	case "function_call", "custom_tool_call", "local_shell_call":
	default:
		return
	}
	if p.CallID != "" {
		if sc.seenCall[p.CallID] {
			return
		}
		sc.seenCall[p.CallID] = true
	}
	sc.act.Tools++
	c := codexCollector{reading: reading{turn: &Turn{}}}
	switch p.Type {
	case "function_call":
		c.call(p.CallID, p.Name, p.Arguments, time.Time{})
	case "custom_tool_call":
		c.custom(p.CallID, p.Name, p.Input, time.Time{})
	case "local_shell_call":
		c.shell(p.CallID, p.Action.Command, p.Action.WorkingDirectory, time.Time{})
	}
	name := p.Name
	if p.Namespace != "" {
		name = strings.TrimRight(p.Namespace, "_") + "__" + name
	}
	if p.Type == "function_call" && isCarnetMCPWrite(name) {
		sc.store(p.CallID)
		return
	}
	sc.toolUses(c.tools)
}

// toolUses reads the tool uses of one call (newest first) for file edits and memory writes.
func (sc *codexActivityScan) toolUses(tools []*ToolUse) {
	for _, u := range tools {
		switch {
		case u.Edits():
			sc.addEdit(u.FilePath)
		case u.Name == "Bash" && storesMemory(u):
			sc.act.Stores++
		case u.Name == "Bash":
			committed, writes := shellWork(u.Command, u.Cwd)
			if committed {
				sc.act.Commits++
			}
			for _, w := range slices.Backward(writes) {
				sc.addEdit(w)
			}
		}
	}
}

// result is the activity read, its edits oldest first.
func (sc *codexActivityScan) result() Activity {
	act := sc.act
	for _, edit := range slices.Backward(sc.edits) {
		act.Edits = append(act.Edits, edit)
	}
	return act
}

// isCarnetMCPWrite reports a Codex MCP tool name ("carnet__memory_add",
// "mcp__carnet__memory_add") that writes memory.
func isCarnetMCPWrite(name string) bool {
	if !strings.HasPrefix(strings.TrimPrefix(name, "mcp__"), "carnet__") {
		return false
	}
	return storesMemory(&ToolUse{Name: name})
}

// shellWork reads a shell call once for what the gate counts: whether it commits, and the
// files it writes or removes (shell.Line.Writes, Removes), /proc and temporary files left
// out, a relative one named from the call's folder dir.
func shellWork(cmd, dir string) (commits bool, writes []string) {
	l := shell.Parse(cmd)
	for _, p := range append(l.Writes(), l.Removes()...) {
		if strings.HasPrefix(p, "/proc/") || strings.HasPrefix(p, "/tmp/") || strings.HasPrefix(p, "/var/tmp/") {
			continue
		}
		if dir != "" {
			p = shell.JoinDir(dir, p)
		}
		writes = append(writes, p)
	}
	return l.Commits(), writes
}
