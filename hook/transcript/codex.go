package transcript

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"carnet/shell"
)

// Codex CLI writes each session as a "rollout" JSONL file
// ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-<ts>-<uuid>.jsonl). Every line is
// {"timestamp", "type", "payload"}, type being one of the RolloutItem variants of
// codex-rs/protocol: session_meta (first line), response_item, event_msg, turn_context,
// compacted (newer builds add others, which are skipped). The response items carnet reads:
//
//	{"type":"message","role":"user|assistant|developer","content":[{"type":"input_text|output_text","text":…}]}
//	{"type":"function_call","name":"shell|shell_command|exec_command|apply_patch|…","arguments":"<JSON text>","call_id":…}
//	{"type":"function_call_output","call_id":…,"output":"<text, or JSON text with output and metadata.exit_code>"}
//	{"type":"custom_tool_call","name":"apply_patch","input":"*** Begin Patch …","call_id":…}
//	{"type":"custom_tool_call_output","call_id":…,"output":…}
//	{"type":"local_shell_call","call_id":…,"action":{"type":"exec","command":[…]}}
//
// and the events: user_message (the typed prompt), agent_message, task_complete
// (last_agent_message), exec_command_end (call_id, exit_code, aggregated_output).

// codexRolloutTypes are the line types of a Codex rollout file.
var codexRolloutTypes = map[string]bool{"session_meta": true, "response_item": true, "event_msg": true, "turn_context": true, "compacted": true}

// IsCodexRollout reports whether the file at path is a Codex rollout: its first line is a
// session_meta item, or its last line has a rollout type and a payload. It reads a few KB.
func IsCodexRollout(path string) bool { return FormatOf(path) == FormatCodex }

func isCodexRollout(r io.ReaderAt, size int64) bool {
	head := make([]byte, 512)
	n, _ := r.ReadAt(head, 0)
	if bytes.Contains(head[:n], []byte(`"type":"session_meta"`)) {
		return true
	}
	br := newBackReader(r, size, 4*chunkSize)
	ln, err := br.next()
	if err != nil || ln.Oversized {
		return false
	}
	var probe struct {
		Type    string          `json:"type"`
		Payload json.RawMessage `json:"payload"`
	}
	return json.Unmarshal(ln.Data, &probe) == nil && codexRolloutTypes[probe.Type] && len(probe.Payload) > 0
}

// ReadCodexTurn reads the last turn of a Codex rollout file from its end, like ReadTurn does
// for a Claude Code transcript; its cost depends on the size of the last turn only.
func ReadCodexTurn(ctx context.Context, path string, opt ReadOptions) (*Turn, error) {
	return readSettled(ctx, path, opt, scanCodexTurn)
}

// scanCodexTurn walks the lines of a rollout backwards until the prompt of the last turn.
func scanCodexTurn(r io.ReaderAt, size int64, opt ReadOptions) (*Turn, error) {
	t := &Turn{}
	c := codexCollector{reading: newReading(t)}
	return scanBack(r, size, opt, t, decodeCodexLine, c.add, c.finish)
}

// errOversized skips a rollout line too big to decode: a huge output or instructions,
// nothing carnet needs.
var errOversized = errors.New("oversized line")

// decodeCodexLine reads a rollout line.
func decodeCodexLine(ln backLine) (cl codexLine, err error) {
	if ln.Oversized {
		return cl, errOversized
	}
	return cl, json.Unmarshal(ln.Data, &cl)
}

type codexLine struct {
	Timestamp string       `json:"timestamp"`
	Type      string       `json:"type"`
	Payload   codexPayload `json:"payload"`
}

type codexPayload struct {
	Type             string                     `json:"type"`
	Role             string                     `json:"role"`
	Content          json.RawMessage            `json:"content"`
	Name             string                     `json:"name"`
	Arguments        string                     `json:"arguments"`
	Input            string                     `json:"input"`
	CallID           string                     `json:"call_id"`
	Output           json.RawMessage            `json:"output"`
	Summary          json.RawMessage            `json:"summary"`
	Message          string                     `json:"message"`
	LastAgentMessage string                     `json:"last_agent_message"`
	ThreadName       string                     `json:"thread_name"` // thread_name_updated
	ExitCode         *int                       `json:"exit_code"`
	Success          *bool                      `json:"success"`
	Changes          map[string]json.RawMessage `json:"changes"` // patch_apply_begin / _end: path → {add|update|delete}
	AggregatedOutput string                     `json:"aggregated_output"`
	Stderr           string                     `json:"stderr"`
	Cwd              string                     `json:"cwd"`
	ID               string                     `json:"id"`
	Action           struct {
		Command          []string `json:"command"`
		WorkingDirectory string   `json:"working_directory"`
	} `json:"action"`
	Item *struct {
		Type     string   `json:"type"`
		Command  []string `json:"command"`
		ExitCode *int     `json:"exit_code"`
	} `json:"item"` // item_completed
}

// The exits a code-mode command's item_completed events report.
const (
	exitFailed = 1 << iota
	exitPassed
)

// codexCollector accumulates a turn from rollout lines handed newest first.
type codexCollector struct {
	reading        // its thoughts are the reasoning summaries
	final   string // task_complete's last_agent_message
	// execExits holds, per command a code-mode script ran, the exits its item_completed
	// events report (exitFailed, exitPassed): the script's output has no exit code.
	execExits map[string]int
	chunks    map[string]execChunk // unified exec outputs whose call is not read yet (codex_unified.go)
	polls     map[string][]string  // session → its write_stdin calls not claimed yet, newest first
	patched   map[string]bool      // files the patch events read since the last call named (patchEvent)
}

// add takes one line; it returns true when the line is the prompt that opened the turn.
func (c *codexCollector) add(cl *codexLine) bool {
	t, p := c.turn, &cl.Payload
	switch cl.Type {
	case "compacted":
		t.Compacted = true
		return false
	case "session_meta", "turn_context":
		if t.Cwd == "" {
			t.Cwd = CleanText(p.Cwd)
		}
		if cl.Type == "session_meta" && t.SessionID == "" {
			t.SessionID = p.ID
		}
		return false
	case "response_item", "event_msg":
	default:
		return false
	}
	ts := c.line(cl.Timestamp)
	if cl.Type == "event_msg" {
		switch p.Type {
		case "user_message":
			return c.prompt(p.Message, ts)
		case "agent_message":
			c.text(p.Message)
		case "task_complete":
			if c.final == "" {
				c.final = strings.TrimSpace(CleanText(p.LastAgentMessage))
			}
		case "exec_command_end":
			if _, ok := c.results[p.CallID]; !ok && p.CallID != "" && p.ExitCode != nil {
				out := p.AggregatedOutput
				if out == "" {
					out = p.Stderr
				}
				c.results[p.CallID] = newToolResult(out, *p.ExitCode)
			}
		case "item_completed":
			if it := p.Item; it != nil && it.Type == "CommandExecution" && it.ExitCode != nil {
				if c.execExits == nil {
					c.execExits = map[string]int{}
				}
				script, _ := shell.Script(it.Command)
				exit := exitPassed
				if *it.ExitCode != 0 {
					exit = exitFailed
				}
				c.execExits[script] |= exit
			}
		case "patch_apply_begin", "patch_apply_end":
			c.patchEvent(p, ts)
		case "context_compacted":
			t.Compacted = true
		case "turn_aborted":
			t.Interrupted = true // the user stopped the turn (reason "interrupted")
		case "thread_name_updated":
			if t.Title == "" { // lines come newest first: the latest name
				t.Title = CleanText(p.ThreadName)
			}
		}
		return false
	}
	return c.item(p, ts)
}

// item takes a response item; it returns true when the item is the prompt that opened the turn.
func (c *codexCollector) item(p *codexPayload, ts time.Time) bool {
	switch p.Type {
	case "message":
		texts := codexTexts(p.Content)
		switch p.Role {
		case "user":
			return c.prompt(strings.Join(texts, "\n"), ts)
		case "assistant":
			for _, text := range slices.Backward(texts) {
				c.text(text)
			}
		}
	case "function_call_output", "custom_tool_call_output":
		if p.CallID == "" {
			break
		}
		out := codexOutputText(p.Output)
		h, unified, at, ok := execHeader(out) // read once, for the result and for a command's polls
		if unified && p.Type == "function_call_output" {
			c.chunk(p.CallID, h)
		}
		if _, known := c.results[p.CallID]; !known {
			r := parseCodexOutput(out, h.code, at, ok)
			if bytes.Contains(p.Output, []byte("answers")) {
				r.answer = Clip(codexAnswerText(p.Output), maxAnswer) // request_user_input's answers
			}
			c.results[p.CallID] = r
		}
	case "function_call":
		c.call(p.CallID, p.Name, p.Arguments, ts)
		c.patched = nil // the events read so far were this call's (they follow it)
	case "custom_tool_call":
		c.custom(p.CallID, p.Name, p.Input, ts)
		c.patched = nil
	case "local_shell_call":
		c.shell(p.CallID, p.Action.Command, p.Action.WorkingDirectory, ts)
		c.patched = nil
	case "reasoning":
		c.thought(p.Summary)
	}
	return false
}

// custom records a custom tool call: an apply_patch, or a code-mode script (exec).
func (c *codexCollector) custom(id, name, input string, ts time.Time) {
	switch name {
	case "apply_patch":
		c.patch(id, input, "", ts)
	case "exec":
		c.codeMode(id, input, ts)
	}
}

// prompt decides whether a user text opens the turn: the context Codex injects as user
// messages (environment, AGENTS.md, aborted-turn markers) does not.
func (c *codexCollector) prompt(s string, ts time.Time) bool {
	s = CleanText(s)
	trimmed := strings.TrimSpace(s)
	if trimmed == "" || IsGatePrompt(trimmed) {
		return false // a Stop hook's reason continues the turn it stopped
	}
	for _, p := range []string{"<environment_context>", "<user_instructions>", "# AGENTS.md", "<turn_aborted>", "<user_shell_command>", "<permissions instructions>"} {
		if strings.HasPrefix(trimmed, p) {
			return false
		}
	}
	if objective, ok := goalObjective(trimmed); ok {
		return objective != "" && c.opens(objective, ts)
	}
	return c.opens(codexRequest(s), ts)
}

// goalContexts open the message Codex sends to go on with the goal the user set (/goal):
// its objective, in the user's words, is the turn's request; the rest is Codex's.
var goalContexts = []string{"<goal_context>", `<codex_internal_context source="goal"`}

// goalObjective reads the objective of a goal's continuation message (in <objective>,
// <untrusted_objective>, or after "Objective:"); ok is false for any other message.
func goalObjective(s string) (objective string, ok bool) {
	if !slices.ContainsFunc(goalContexts, func(p string) bool { return strings.HasPrefix(s, p) }) {
		return "", false
	}
	for _, tag := range []string{"objective", "untrusted_objective"} {
		if _, rest, found := strings.Cut(s, "<"+tag+">"); found {
			in, _, _ := strings.Cut(rest, "</"+tag+">")
			return strings.TrimSpace(in), true
		}
	}
	if _, rest, found := strings.Cut(s, "\nObjective:\n"); found {
		in, _, _ := strings.Cut(rest, "\n\n")
		return strings.TrimSpace(in), true
	}
	return "", true
}

// requestMarker opens what the user typed in a prompt the Codex app or IDE extension sent
// with its context before it ("# Context from my IDE setup:" and the open tabs, "# Files
// mentioned by the user:" and their paths, "# Selected text:"): what follows the last one.
const requestMarker = "## My request for Codex:"

// codexRequest is the user's own request of a prompt the Codex app framed with its
// context, else the prompt.
func codexRequest(s string) string {
	if !strings.HasPrefix(strings.TrimSpace(s), "# ") {
		return s
	}
	if i := strings.LastIndex(s, requestMarker); i >= 0 {
		return strings.TrimSpace(s[i+len(requestMarker):])
	}
	return s
}

func (c *codexCollector) text(s string) {
	if s = strings.TrimSpace(CleanText(s)); s != "" {
		c.keepText(s, s)
	}
}

// call records a function call: a shell command (shell, container.exec, shell_command,
// exec_command, local_shell) or an apply_patch; other tools are kept by name only.
func (c *codexCollector) call(id, name, arguments string, ts time.Time) {
	var args struct {
		Command json.RawMessage `json:"command"`
		Cmd     string          `json:"cmd"`
		Input   string          `json:"input"`
		Patch   string          `json:"patch"`
		Workdir string          `json:"workdir"` // the folder a shell command runs in
		Plan    []struct {
			Step   string `json:"step"`
			Status string `json:"status"`
		} `json:"plan"` // update_plan: the whole plan, each time
		Questions []questionInput `json:"questions"`  // request_user_input
		SessionID json.RawMessage `json:"session_id"` // write_stdin
		Sandbox   string          `json:"sandbox_permissions"`
		Escalated bool            `json:"with_escalated_permissions"` // Codex before 0.100's form of it
	}
	_ = json.Unmarshal([]byte(arguments), &args)
	switch name {
	case "write_stdin":
		c.poll(id, args.SessionID, ts)
		return
	case "apply_patch":
		c.patch(id, cmp.Or(args.Input, args.Patch), args.Workdir, ts)
		return
	case "request_user_input":
		u := &ToolUse{ID: id, Name: name, Time: ts}
		for _, q := range args.Questions {
			u.Questions = append(u.Questions, q.question())
		}
		c.tools = append(c.tools, u)
		return
	case "update_plan":
		u := &ToolUse{ID: id, Name: "TodoWrite", Todos: []Todo{}, Time: ts}
		for _, st := range args.Plan {
			u.Todos = append(u.Todos, Todo{Content: CleanText(st.Step), Status: st.Status})
		}
		c.tools = append(c.tools, u)
		return
	}
	defer c.claimPolls(id)
	var argv []string
	var line string
	if len(args.Command) > 0 {
		if json.Unmarshal(args.Command, &argv) != nil {
			_ = json.Unmarshal(args.Command, &line)
		}
	}
	if line == "" {
		line = args.Cmd
	}
	n := len(c.tools)
	switch {
	case len(argv) > 0:
		c.shell(id, argv, args.Workdir, ts)
	case line != "":
		c.shellLine(id, line, args.Workdir, ts)
	default:
		c.tools = append(c.tools, &ToolUse{ID: id, Name: name, Time: ts})
	}
	for _, u := range c.tools[n:] { // run outside the sandbox: what failed inside it may go through
		u.Escalated = args.Sandbox == "require_escalated" || args.Escalated
	}
}

// shell records a command given as argv, run in the folder dir: a shell running a script
// (["bash", "-lc", "go test ./..."], pwsh -Command …) is that script (shell.Script).
func (c *codexCollector) shell(id string, argv []string, dir string, ts time.Time) {
	if len(argv) == 0 {
		return
	}
	if len(argv) == 2 && argv[0] == "apply_patch" {
		c.patch(id, argv[1], dir, ts)
		return
	}
	line, _ := shell.Script(argv)
	c.shellLine(id, line, dir, ts)
}

// shellLine records a shell command run in the folder dir; an apply_patch it runs (its patch
// in a here-document or an argument) is recorded as the edits of the patch.
func (c *codexCollector) shellLine(id, line, dir string, ts time.Time) {
	if strings.Contains(line, "apply_patch") {
		for _, cmd := range shell.Parse(line).Commands {
			if cmd.Name() != "apply_patch" {
				continue
			}
			if p := cmp.Or(cmd.Heredoc(), strings.Join(cmd.Argv()[1:], "\n")); strings.Contains(p, "*** Begin Patch") {
				c.patch(id, p, dir, ts)
				return
			}
		}
	}
	c.tools = append(c.tools, &ToolUse{ID: id, Name: "Bash", Command: CleanText(strings.TrimSpace(line)), Cwd: CleanText(dir), Time: ts})
}

// patch records the files an apply_patch touches, one Edit (or Write for an added file) each;
// a relative path is joined to dir, the folder the patch is applied in ("" for the session's).
func (c *codexCollector) patch(id, patch, dir string, ts time.Time) {
	for _, use := range slices.Backward(patchedFiles(id, patch, ts)) { // c.tools is newest first
		if dir != "" {
			use.FilePath = shell.JoinDir(CleanText(dir), use.FilePath)
		}
		if !c.patchedBy(use.FilePath) {
			c.tools = append(c.tools, use)
		}
	}
}

// patchedBy reports a file of a call's patch text that the call's events recorded already
// (patchEvent): by the same path, or by the absolute path a relative one stands for.
func (c *codexCollector) patchedBy(file string) bool {
	if c.patched[file] {
		return true
	}
	for p := range c.patched {
		if !isAbs(file) && strings.HasSuffix(p, "/"+strings.TrimPrefix(file, "./")) {
			return true
		}
	}
	return false
}

// patchedFiles reads the files an apply_patch text touches ("*** Add File: a.go"), one Edit
// (or Write for an added file) each, in order.
func patchedFiles(id, patch string, ts time.Time) []*ToolUse {
	var uses []*ToolUse
	for l := range strings.Lines(patch) {
		l = strings.TrimRight(l, "\r\n")
		for _, h := range []struct{ prefix, name string }{
			{"*** Add File: ", "Write"}, {"*** Update File: ", "Edit"}, {"*** Delete File: ", "Edit"}, {"*** Move to: ", "Edit"},
		} {
			if rest, ok := strings.CutPrefix(l, h.prefix); ok && strings.TrimSpace(rest) != "" {
				u := &ToolUse{ID: id, Name: h.name, FilePath: CleanText(strings.TrimSpace(rest)), Time: ts}
				u.Created = h.name == "Write"
				u.Deleted = h.prefix == "*** Delete File: "
				uses = append(uses, u)
			}
		}
	}
	return uses
}

// codexAnswerText is a function call's output as text: a JSON string's value, else the JSON.
func codexAnswerText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

// patchEvent records the files a patch_apply_begin or _end event names: Codex writes these
// events for every patch it applies, whatever called it (a code-mode script passing the
// patch in a variable names no file itself). Lines come newest first, so the events of a
// call are read before it: a file the call's other events named already (its begin, its
// end) is recorded once, and the call's own patch text skips what they recorded (patched).
func (c *codexCollector) patchEvent(p *codexPayload, ts time.Time) {
	if len(p.Changes) == 0 {
		return
	}
	if p.Type == "patch_apply_end" && p.Success != nil && !*p.Success {
		return // nothing was written
	}
	if c.patched == nil {
		c.patched = map[string]bool{}
	}
	paths := slices.Sorted(maps.Keys(p.Changes))
	for _, path := range slices.Backward(paths) { // c.tools is newest first
		path := CleanText(path)
		if c.patched[path] {
			continue
		}
		c.patched[path] = true
		var ch struct {
			Add    json.RawMessage `json:"add"`
			Delete json.RawMessage `json:"delete"`
			Type   string          `json:"type"`
		}
		_ = json.Unmarshal(p.Changes[path], &ch)
		created := len(ch.Add) > 0 || ch.Type == "add"
		u := &ToolUse{ID: p.CallID, Name: "Edit", FilePath: path, Time: ts, HasResult: true, Created: created,
			Deleted: len(ch.Delete) > 0 || ch.Type == "delete"}
		if created {
			u.Name = "Write"
		}
		c.tools = append(c.tools, u)
	}
}

func (c *codexCollector) finish() {
	t := c.turn
	switch {
	case c.final != "":
		t.Closing = c.final
	case len(c.texts) > 0:
		t.Closing = c.texts[0]
	}
	c.reading.finish(func(u *ToolUse) {
		if r, ok := c.results[u.ID]; ok && u.ID != "" {
			u.HasResult, u.Output = true, r.output
			// a command run more than once with both exits is told by its output alone
			u.IsError = r.isError || r.script && (c.execExits[u.Command] == exitFailed || reportsOwnError(u.Command, r.output))
			if len(u.Questions) > 0 {
				u.Answer = CleanText(r.answer)
			}
			u.CommitHash, u.CommitSubject, u.Pull = r.commitHash, r.commitSubject, r.pull
			u.Scripts = r.scripts
		}
	})
}

// codexTexts returns the texts of a message's content items (input_text, output_text, text).
func codexTexts(content json.RawMessage) []string {
	content = bytes.TrimSpace(content)
	if len(content) == 0 {
		return nil
	}
	if content[0] == '"' {
		var s string
		_ = json.Unmarshal(content, &s)
		return []string{s}
	}
	var items []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = json.Unmarshal(content, &items)
	var out []string
	for _, it := range items {
		switch it.Type {
		case "input_text", "output_text", "text":
			if strings.TrimSpace(it.Text) != "" {
				out = append(out, it.Text)
			}
		}
	}
	return out
}
