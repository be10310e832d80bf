package hook

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"carnet/capture"
	"carnet/hook/transcript"
	"carnet/memstore"
)

// The gate (SPEC §3, `[hook] gate = true`): at Stop (Gemini CLI: AfterAgent, whose exit 2
// is a retry with stderr as the prompt), when the turns since the previous
// check edited files and stored no memory, the hook exits 2 and tells the agent what to
// record. Its per-session state, in logs/.debug/gate/, remembers where the previous check
// stopped reading the transcript, so each check judges only what came after.

// gateMinTools is the session size under which the gate always passes.
const gateMinTools = 3

// gateState is the per-session record of the gate.
type gateState struct {
	Offset  int64     `json:"offset"` // transcript size at the previous check
	Tools   int       `json:"tools"`  // tool calls seen in the session so far
	Checked time.Time `json:"checked"`
	Blocks  int       `json:"blocks"`
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
func checkGate(p *memstore.Project, session, transcriptPath string, fx capture.PathFixer, project string) (GateResult, error) {
	if transcriptPath == "" {
		return GateResult{}, nil // no transcript (Codex with a null path): nothing to judge
	}
	statePath := "gate/" + safeName(session) + ".json"
	var st gateState
	if data, err := p.ReadState(statePath); err == nil {
		_ = json.Unmarshal(data, &st)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return GateResult{}, err
	}
	act, size, err := transcript.ReadActivity(transcriptPath, st.Offset)
	if err != nil {
		return GateResult{}, fmt.Errorf("gate: %w", err)
	}
	st.Offset = size
	st.Tools += act.Tools
	st.Checked = time.Now().UTC()
	var res GateResult
	if st.Tools >= gateMinTools && len(act.Edits) > 0 && act.Stores == 0 {
		res.Block = true
		for _, e := range act.Edits {
			r, _ := fx.Rel(e)
			res.Edits = append(res.Edits, r)
		}
		res.Message = gateMessage(p.WS.Config.Language, res.Edits, project)
		st.Blocks++
	}
	data, _ := json.Marshal(st)
	if err := p.WriteState(statePath, data); err != nil {
		return GateResult{}, fmt.Errorf("gate state: %w", err)
	}
	return res, nil
}

func gateMessage(lang string, edits []string, project string) string {
	files := memstore.ListFiles(edits)
	p := ""
	if project != "" {
		p = " -p " + project
	}
	if lang == "fr" {
		return gateMessageFR(files, p)
	}
	return fmt.Sprintf(`carnet: this work changed files (%s) but recorded nothing in the project's memory since the last check.
Before stopping, record what the next session needs to know, one command per fact:
  carnet add%[2]s --section decisions "<a decision taken, and why>"
  carnet add%[2]s --section knowledge "<something learned about the code or the tools>"
  carnet add%[2]s --section next "<what remains to do>"
  carnet done%[2]s "<an open item this work finished>"
(or the carnet MCP tools memory_add / memory_done). Record only what is worth keeping, then stop again.`, files, p)
}

// safeName makes a session id usable as a file name.
func safeName(s string) string {
	if s == "" {
		return "unknown"
	}
	b := []byte(transcript.Clip(s, 80))
	for i, c := range b {
		if (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (c < '0' || c > '9') && c != '-' && c != '_' {
			b[i] = '_'
		}
	}
	return string(b)
}
