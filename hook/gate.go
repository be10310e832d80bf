package hook

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// The Stop gate (SPEC §3, on unless `[hook] gate = false`). At Stop (Gemini CLI: AfterAgent,
// whose exit 2 is a retry with stderr as the prompt; OpenCode: carnet's plugin sends stderr
// back as a prompt), it sends the agent back, once, to record what only it knows, when all
// of these hold:
//
//   - the window (since the gate's last block, the last record it saw, or the session's
//     start) holds substantial work: at least gateMinFiles distinct files edited, or a
//     commit with at least one file edited;
//   - nothing was recorded in that window: no `carnet add|done|edit|note` run from the
//     agent's shell, no carnet MCP write under any agent's naming of it, and the project's
//     record mark unchanged since the previous check (memstore.MarkRecorded: every CLI and
//     MCP write moves it, and `carnet add --nothing` records that nothing was worth keeping);
//   - at least `[hook] gate_every` (20 minutes) of session time, read from the transcript's
//     own timestamps, has passed since its previous block in this session.
//
// It never blocks the agent's answer to a block: stop_hook_active, or the gate's own retry
// (Gemini CLI sends it with stop_hook_active false: the state says a block is pending, or the
// prompt is the gate's message). Never in a subagent (SubagentStop has no gate), never on a
// turn the user interrupted. A record opens a new window, so a small edit after the notes
// passes. Its per-session state, in logs/.debug/gate/, remembers where the previous check
// stopped reading the transcript, so each check reads only what came after.

// gateMinFiles is how many distinct files a window must edit to be substantial without a commit.
const gateMinFiles = 3

// gateState is the per-session record of the gate.
type gateState struct {
	Offset  int64     `json:"offset"`            // transcript read so far (bytes; messages for Gemini CLI and OpenCode)
	Files   []string  `json:"files,omitempty"`   // files edited in the window, in the agent's spelling
	Commits int       `json:"commits,omitempty"` // commits made in the window
	Blocked time.Time `json:"blocked,omitzero"`  // session time of the last block
	Blocks  int       `json:"blocks"`
	Pending bool      `json:"pending,omitempty"` // the last stop was blocked: the next is the agent's answer
	Checked time.Time `json:"checked"`           // wall clock of the last check
	Mark    string    `json:"mark,omitempty"`    // the project's record mark at the last check (memstore.LastRecorded)
	// First and Last are the session time of the first check's turn and of the latest one:
	// how long the session has run, as the gate sees it (scripts/gate-replay.py reads them).
	First time.Time `json:"first,omitzero"`
	Last  time.Time `json:"last,omitzero"`
}

// GateResult is the gate's verdict.
type GateResult struct {
	Block   bool
	Message string // for the agent, on stderr, when Block
	Edits   []string
	Why     string // why it passed, for tests and the debug log
}

// gateCheck is what one check of the gate is given.
type gateCheck struct {
	Session, Transcript string
	Fix                 transcript.PathFixer
	Project             string        // named in the suggested commands when the workspace has several
	Every               time.Duration // [hook] gate_every
	Now                 time.Time     // wall clock
	SessionTime         time.Time     // the turn's newest timestamp (zero: Now)
	TurnStart           time.Time     // when the turn's prompt was written (zero when unknown)
	Prompt              string        // the turn's prompt (Gemini CLI: the payload's)
	Interrupted         bool          // the user stopped the turn
	Answer              bool          // stop_hook_active: the agent answers a block
}

// checkGate judges what the transcript shows since the previous check of this session, adds
// it to the window, and records the new state.
func checkGate(p *memstore.Project, c gateCheck) (GateResult, error) {
	if c.Transcript == "" {
		return GateResult{Why: "no transcript"}, nil // Codex with a null path, Kimi: nothing to judge
	}
	statePath := "gate/" + safeName(c.Session) + ".json"
	var st gateState
	if data, err := p.ReadState(statePath); err == nil {
		_ = json.Unmarshal(data, &st)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return GateResult{}, err
	}
	act, size, err := transcript.ReadActivity(c.Transcript, st.Offset)
	if err != nil {
		return GateResult{}, fmt.Errorf("gate: %w", err)
	}
	mark := p.LastRecorded()
	recorded := act.Stores > 0 || !st.Checked.IsZero() && mark != st.Mark // a record since the previous check
	st.Mark = mark
	st.Offset = size
	st.Checked = c.Now
	for _, e := range act.Edits {
		if !slices.Contains(st.Files, e) {
			st.Files = append(st.Files, e)
		}
	}
	st.Commits += act.Commits
	if !c.SessionTime.IsZero() {
		if st.First.IsZero() {
			st.First = cmp.Or(c.TurnStart, c.SessionTime)
		}
		st.Last = c.SessionTime
	}
	res := judge(&st, c, recorded)
	if res.Block {
		rel := make([]string, len(res.Edits))
		for i, e := range res.Edits {
			rel[i], _ = c.Fix.Rel(e)
		}
		res.Edits = rel
		res.Message = gateMessage(p.WS.Config.Language, rel, c.Project)
	}
	data, _ := json.Marshal(st)
	if err := p.WriteState(statePath, data); err != nil {
		return GateResult{}, fmt.Errorf("gate state: %w", err)
	}
	return res, nil
}

// answersBlock reports a stop that is the agent's answer to a Stop hook's block:
// stop_hook_active, or (Gemini CLI, which sends it false) the gate's message as the prompt.
func (r *runner) answersBlock(turn *transcript.Turn) bool {
	if r.in.HookEventName != EventStop && r.in.HookEventName != EventAfterAgent {
		return false
	}
	return answers(r.in.StopHookActive, cmp.Or(r.in.Prompt, turn.Prompt))
}

// answers reports a stop that answers a block by what its payload says: stop_hook_active,
// or a prompt that is the gate's message (Gemini CLI's retry). The gate's state says more
// (a block it left pending), which only the gate reads.
func answers(active bool, prompt string) bool { return active || transcript.IsGatePrompt(prompt) }

// judge decides on the window in st, updating it: a record or a block opens a new window.
func judge(st *gateState, c gateCheck, recorded bool) GateResult {
	pending := st.Pending
	st.Pending = false
	switch {
	case recorded:
		st.Files, st.Commits = nil, 0
		return GateResult{Why: "recorded"}
	case answers(c.Answer, c.Prompt) || pending:
		return GateResult{Why: "the agent's answer to a block"}
	case c.Interrupted:
		return GateResult{Why: "interrupted"}
	case len(st.Files) < gateMinFiles && (st.Commits == 0 || len(st.Files) == 0):
		return GateResult{Why: "no substantial work"}
	}
	now := c.SessionTime
	if now.IsZero() {
		now = c.Now
	}
	if !st.Blocked.IsZero() && now.Sub(st.Blocked) < c.Every {
		return GateResult{Why: "blocked less than gate_every ago"}
	}
	res := GateResult{Block: true, Edits: st.Files}
	st.Files, st.Commits = nil, 0
	st.Blocked, st.Pending = now, true
	st.Blocks++
	return res
}

// gateMessage is the gate's message in lang: the files changed, what to record and how, in
// at most gateMessageMax characters.
func gateMessage(lang string, edits []string, project string) string {
	p := ""
	if project != "" {
		p = " -p " + project
	}
	say := gateMessageEN
	if lang == "fr" {
		say = gateMessageFR
	}
	for limit := gateFilesMax; limit >= 40; limit -= 10 { // a long project name leaves less room for the files
		if msg := say(gateFiles(edits, limit), p); utf8.RuneCountInString(msg) <= gateMessageMax {
			return msg
		}
	}
	// A project name too long to repeat: said once.
	once := fmt.Sprintf(" (-p %s for each command)", project)
	if lang == "fr" {
		once = fmt.Sprintf(" (-p %s à chaque commande)", project)
	}
	return say(gateFiles(edits, gateFilesMax-len(once)), "") + once
}

// gateMessageEN is the gate's message in English; files lists the edited files, p the -p flag.
func gateMessageEN(files, p string) string {
	return fmt.Sprintf(`carnet: this work changed %s and recorded nothing. Before stopping, record what the next session needs, one fact per command:
carnet add%[2]s -s decisions "<decision, and why>"
carnet add%[2]s -s knowledge "<lesson: how the code or a tool behaves, a command that works, a trap>"
carnet add%[2]s -s next "<left to do or half done>"
carnet done%[2]s "<open item this work finished>"
Nothing worth keeping: `+"`"+transcript.GateMark+"%[2]s`", files, p)
}

// gateMessageMax bounds the gate's message; gateFilesMax its list of files.
const (
	gateMessageMax = 600
	gateFilesMax   = 110
)

// gateFiles names the files of the message: all of them when they fit in limit characters,
// else grouped by folder ("hook/ (12), cmd/carnet/ (3)"), the largest first, else their number.
func gateFiles(edits []string, limit int) string {
	if all := strings.Join(edits, ", "); len(all) <= limit || len(edits) == 1 {
		return transcript.Clip(all, max(limit, 40))
	}
	count := map[string]int{}
	var dirs []string
	for _, e := range edits {
		d := path.Dir(filepath.ToSlash(e))
		if count[d] == 0 {
			dirs = append(dirs, d)
		}
		count[d]++
	}
	slices.SortStableFunc(dirs, func(a, b string) int { return count[b] - count[a] })
	var parts []string
	size := 0
	for i, d := range dirs {
		part := fmt.Sprintf("%s/ (%d)", d, count[d])
		if d == "." {
			part = fmt.Sprintf("./ (%d)", count[d])
		}
		if size+2+len(part) > limit-16 {
			if i == 0 {
				return fmt.Sprintf("%d files", len(edits))
			}
			return fmt.Sprintf("%d files: %s (+%d more folders)", len(edits), strings.Join(parts, ", "), len(dirs)-i)
		}
		parts = append(parts, part)
		size += 2 + len(part)
	}
	return fmt.Sprintf("%d files: %s", len(edits), strings.Join(parts, ", "))
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
