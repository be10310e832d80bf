package transcript

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"carnet/shell"
)

// ReadTurn reads the last turn of the JSONL transcript at path, from the end of the file.
// Its cost depends on the size of the last turn, not of the file.
func ReadTurn(ctx context.Context, path string, opt ReadOptions) (*Turn, error) {
	return readSettled(ctx, path, opt, scanTurn)
}

// scanTurn walks the lines of r backwards until the prompt that opened the last turn.
func scanTurn(r io.ReaderAt, size int64, opt ReadOptions) (*Turn, error) {
	t := &Turn{Sidechain: opt.Sidechain}
	c := collector{reading: newReading(t), seenTools: map[string]bool{}}
	add := func(rl *rawLine) bool { return c.add(rl, opt.Sidechain) }
	return scanBack(r, size, opt, t, decodeLine, add, c.finish)
}

// decodeLine reads a transcript line; of an oversized one, what its head and tail hold.
// A line whose content is a list of blocks (most of them) is decoded once, blocks included;
// any other user or assistant line (a prompt's string content, no content, a value of an
// unexpected type) is decoded again the general way, which keeps its content for
// contentBlocks. Of other lines, whose content no reader looks at, only the head counts.
func decodeLine(ln backLine) (rl rawLine, err error) {
	if ln.Oversized {
		return salvage(ln.Head, ln.Tail)
	}
	var bl blockLine
	if json.Unmarshal(ln.Data, &bl) == nil && (bl.Message.Content != nil || (bl.Type != "user" && bl.Type != "assistant")) {
		rl.lineHead = bl.lineHead
		rl.Message.ID = bl.Message.ID
		rl.blocks, rl.decoded = bl.Message.Content, bl.Message.Content != nil
		return rl, nil
	}
	return rl, json.Unmarshal(ln.Data, &rl)
}

// rawLine is the part of a transcript line that carnet reads.
type rawLine struct {
	lineHead
	Message rawMessage `json:"message"`

	decoded bool       // blocks holds the content, already decoded (Message.Content is empty)
	blocks  []rawBlock // the content's blocks when decoded
}

// lineHead is what a transcript line says besides its message.
type lineHead struct {
	Type             string   `json:"type"`
	Subtype          string   `json:"subtype"`
	IsSidechain      bool     `json:"isSidechain"`
	IsMeta           bool     `json:"isMeta"`
	IsCompactSummary bool     `json:"isCompactSummary"`
	ToolUseResult    presence `json:"toolUseResult"`
	Cwd              string   `json:"cwd"`
	AgentID          string   `json:"agentId"` // a subagent's line, in its own file
	SessionID        string   `json:"sessionId"`
	Timestamp        string   `json:"timestamp"`
	AITitle          string   `json:"aiTitle"` // an ai-title line: the session's name, as Claude Code gave it
}

type rawMessage struct {
	ID      string          `json:"id"`
	Content json.RawMessage `json:"content"`
}

// blockLine is a transcript line whose content is decoded as blocks with the line: it
// fails on a content that is a string, which rawLine then reads.
type blockLine struct {
	lineHead
	Message struct {
		ID      string     `json:"id"`
		Content []rawBlock `json:"content"`
	} `json:"message"`
}

// hasContent reports whether a user or assistant line's message has a content (null and
// [] count).
func (rl *rawLine) hasContent() bool {
	return rl.decoded || len(bytes.TrimSpace(rl.Message.Content)) > 0
}

// contentBlocks returns the blocks of the line's content, or its text when the content is
// one string (isText); ok is false when the content cannot be read. It assumes hasContent.
func (rl *rawLine) contentBlocks() (blocks []rawBlock, text string, isText, ok bool) {
	if rl.decoded {
		return rl.blocks, "", false, true
	}
	content := bytes.TrimSpace(rl.Message.Content)
	if content[0] == '"' {
		return nil, text, true, json.Unmarshal(content, &text) == nil
	}
	return blocks, "", false, json.Unmarshal(content, &blocks) == nil
}

// presence records that a key was set without keeping its (possibly huge) value; it
// notes whether a tool result reports a file creation.
type presence struct {
	set    bool
	create bool
}

func (p *presence) UnmarshalJSON(b []byte) error {
	if bytes.Equal(b, []byte("null")) {
		return nil
	}
	p.set = true
	head := b[:min(len(b), 200)]
	p.create = bytes.Contains(head, []byte(`"type":"create"`))
	return nil
}

type rawBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text"`
	Thinking  string          `json:"thinking"`
	ID        string          `json:"id"`
	Name      string          `json:"name"`
	Input     toolInput       `json:"input"`
	ToolUseID string          `json:"tool_use_id"`
	Content   json.RawMessage `json:"content"`
	IsError   bool            `json:"is_error"`
}

type toolInput struct {
	FilePath     string          `json:"file_path"`
	NotebookPath string          `json:"notebook_path"`
	Command      string          `json:"command"`
	Description  string          `json:"description"`
	Todos        []Todo          `json:"todos"`
	Plan         string          `json:"plan"`
	Content      string          `json:"content"`
	Subject      string          `json:"subject"`
	Title        string          `json:"title"`
	TaskID       scalar          `json:"taskId"`
	Status       scalar          `json:"status"`
	PullNumber   scalar          `json:"pullNumber"`
	Message      string          `json:"message"`
	Questions    []questionInput `json:"questions"` // AskUserQuestion
}

// scalar is a tool input that an agent may send as a string or as a number; anything else
// is left empty rather than failing the whole line.
type scalar string

func (s *scalar) UnmarshalJSON(b []byte) error {
	var v any
	if json.Unmarshal(b, &v) == nil {
		switch x := v.(type) {
		case string:
			*s = scalar(x)
		case float64:
			*s = scalar(strconv.FormatFloat(x, 'f', -1, 64))
		}
	}
	return nil
}

// collector accumulates a turn from lines handed newest first.
type collector struct {
	reading
	closingID string   // message id of the newest assistant text
	closing   []string // its text blocks, newest first
	seenTools map[string]bool
	// inline reports subagent lines written into the main transcript (older builds: no
	// agentId), all at once when the subagent ended: their cwd is not their calls'.
	inline bool
	newest bool // a line of the turn's own was taken: the lines after it are older
}

// add takes one line; it returns true when the line is the prompt that opened the turn.
func (c *collector) add(rl *rawLine, sidechain bool) bool {
	t := c.turn
	if rl.Type != "user" && rl.Type != "assistant" {
		if rl.Type == "system" && rl.Subtype == "compact_boundary" && rl.IsSidechain == sidechain {
			t.Compacted = true
		}
		if rl.Type == "ai-title" && t.Title == "" { // lines come newest first: the latest name
			t.Title = CleanText(rl.AITitle)
		}
		return false // progress, snapshots, queue operations, summaries, unknown types
	}
	if rl.IsSidechain != sidechain {
		return false
	}
	c.inline = c.inline || rl.IsSidechain && rl.AgentID == ""
	ts := c.line(rl.Timestamp)
	if t.Cwd == "" {
		t.Cwd = rl.Cwd
	}
	if rl.Cwd != "" {
		t.StartCwd = rl.Cwd // lines come newest first: the last one seen is the oldest
	}
	if t.SessionID == "" {
		t.SessionID = rl.SessionID
	}
	if !rl.hasContent() {
		return false
	}
	if rl.Type == "assistant" {
		c.newest = true
		c.addAssistant(rl, ts)
		return false
	}
	if rl.IsMeta { // stop-hook feedback and injected text continue the same turn
		return false
	}
	if rl.IsCompactSummary {
		t.Compacted = true
		return false
	}
	newest := !c.newest
	c.newest = true
	blocks, s, isText, ok := rl.contentBlocks()
	if !ok {
		return false
	}
	if isText {
		return c.maybePrompt(rl, s, ts)
	}
	var text []string
	hasResult := false
	for i := range blocks {
		b := &blocks[i]
		switch b.Type {
		case "tool_result":
			hasResult = true
			if _, ok := c.results[b.ToolUseID]; !ok {
				txt := resultText(b.Content)
				r := toolResult{isError: b.IsError, output: outputLine(txt, b.IsError), created: rl.ToolUseResult.create}
				r.commitHash, r.commitSubject = commitSubject(txt)
				r.pull = PullShown(txt)
				r.apiCommit = apiCommit(txt)
				r.scripts = scriptsRun(txt)
				if strings.Contains(txt[:min(len(txt), 200)], "answered") {
					r.answer = Clip(txt, maxAnswer) // the user's answers to AskUserQuestion
				}
				c.results[b.ToolUseID] = r
			}
		case "text":
			text = append(text, b.Text)
		}
	}
	if hasResult || rl.ToolUseResult.set || len(text) == 0 {
		t.EndsOnResult = t.EndsOnResult || newest && hasResult
		return false
	}
	return c.maybePrompt(rl, strings.Join(text, "\n"), ts)
}

// maybePrompt decides whether a user text opens the turn. Interruption markers and the
// output of local slash commands do not: they end or decorate a turn.
func (c *collector) maybePrompt(rl *rawLine, s string, ts time.Time) bool {
	s = CleanText(s)
	trimmed := strings.TrimSpace(s)
	switch {
	case !strings.HasPrefix(trimmed, "[Request interrupted"):
	case strings.Contains(trimmed, "for tool use"):
		c.turn.TurnedDown = true // a refused tool call is no interruption of the work
	default:
		c.turn.Interrupted = true
	}
	if trimmed == "" || !isPrompt(trimmed) || IsGatePrompt(trimmed) {
		return false
	}
	if rl.ToolUseResult.set {
		return false
	}
	return c.opens(s, ts)
}

// isPrompt reports whether a user text is something the user asked, as opposed to a
// marker, a command's output or a background task's notification (the turn it belongs
// to is the one the user opened).
func isPrompt(s string) bool {
	for _, p := range []string{"[Request interrupted", "<task-notification>", "<local-command-stdout>", "<local-command-stderr>", "<local-command-caveat>", "<bash-stdout>", "<bash-stderr>"} {
		if strings.HasPrefix(s, p) {
			return false
		}
	}
	return true
}

func (c *collector) addAssistant(rl *rawLine, ts time.Time) {
	blocks, s, isText, ok := rl.contentBlocks()
	if !ok {
		return
	}
	if isText {
		blocks = []rawBlock{{Type: "text", Text: s}}
	}
	// Blocks of one line are in order; lines come newest first, so walk blocks backwards.
	for i := len(blocks) - 1; i >= 0; i-- {
		b := &blocks[i]
		switch b.Type {
		case "text":
			txt := strings.TrimSpace(CleanText(b.Text))
			if txt == "" {
				continue
			}
			if !c.keepText(rl.Message.ID+"\x00"+txt, txt) {
				continue
			}
			switch {
			case len(c.texts) == 1:
				c.closingID = rl.Message.ID
				c.closing = append(c.closing, txt)
			case c.closingID != "" && rl.Message.ID == c.closingID:
				c.closing = append(c.closing, txt) // the closing message, split over lines
			}
		case "thinking":
			c.keepThought(b.Thinking)
		case "tool_use":
			if b.ID != "" && c.seenTools[b.ID] {
				continue
			}
			c.seenTools[b.ID] = true
			u := &ToolUse{
				ID: b.ID, Name: b.Name, Time: ts,
				FilePath:    CleanText(cmp.Or(b.Input.FilePath, b.Input.NotebookPath)),
				Command:     CleanText(b.Input.Command),
				Cwd:         CleanText(rl.Cwd),
				Description: CleanText(b.Input.Description),
				Todos:       b.Input.Todos,
				Plan:        CleanText(b.Input.Plan),
				Subject:     CleanText(cmp.Or(b.Input.Subject, b.Input.Title)),
				PullNumber:  string(b.Input.PullNumber),
			}
			if GitHubCommitTool(b.Name) {
				u.Subject = firstLine(CleanText(b.Input.Message))
			}
			for _, q := range b.Input.Questions {
				u.Questions = append(u.Questions, q.question())
			}
			if b.Name == "Write" && strings.HasSuffix(strings.ToLower(u.FilePath), ".md") {
				u.Doc = CleanText(Clip(b.Input.Content, maxDoc))
			}
			if b.Name == "TaskCreate" || b.Name == "TaskUpdate" {
				u.Task = &Task{ID: string(b.Input.TaskID), Subject: u.Subject, Status: string(b.Input.Status)}
				u.Subject = ""
				if b.Name == "TaskCreate" && u.Task.Status == "" {
					u.Task.Status = "pending"
				}
			}
			c.tools = append(c.tools, u)
		}
	}
}

var taskNumber = regexp.MustCompile(`^Task #(\d+)\b`)

// finish puts the collected items in file order and pairs tool uses with their results.
func (c *collector) finish() {
	t := c.turn
	for _, v := range slices.Backward(c.closing) {
		if t.Closing != "" {
			t.Closing += "\n\n"
		}
		t.Closing += v
	}
	dir := "" // an inline subagent's folder: where its calls' cd's took its shell, which keeps it
	c.reading.finish(func(u *ToolUse) {
		if c.inline {
			u.Cwd = dir
			if u.Name == "Bash" {
				if dir = shell.JoinDir(dir, shell.Parse(u.Command).EndDir); strings.ContainsAny(dir, "$~") {
					dir = "" // a folder the shell would expand: not known
				}
			}
		}
		if r, ok := c.results[u.ID]; ok {
			u.HasResult, u.IsError, u.Output, u.Created = true, r.isError, r.output, r.created
			u.Scripts = r.scripts
			if len(u.Questions) > 0 {
				u.Answer = CleanText(r.answer)
			}
			u.CommitHash, u.CommitSubject, u.Pull = r.commitHash, r.commitSubject, r.pull
			if GitHubCommitTool(u.Name) && !r.isError {
				u.CommitHash, u.CommitSubject = r.apiCommit, u.Subject
			}
			if m := taskNumber.FindStringSubmatch(r.output); u.Task != nil && u.Task.ID == "" && m != nil {
				u.Task.ID = m[1] // TaskCreate's result: "Task #3 created successfully: …"
			}
		}
		for j := range u.Todos {
			u.Todos[j].Content = CleanText(u.Todos[j].Content)
		}
	})
}

// resultText returns the text of a tool_result content (a string or text blocks).
func resultText(content json.RawMessage) string {
	content = bytes.TrimSpace(content)
	if len(content) == 0 {
		return ""
	}
	if content[0] == '"' {
		var s string
		_ = json.Unmarshal(content, &s)
		return s
	}
	var blocks []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if json.Unmarshal(content, &blocks) != nil {
		return ""
	}
	var sb strings.Builder
	for _, b := range blocks {
		if b.Type == "text" {
			sb.WriteString(b.Text)
			sb.WriteByte('\n')
		}
	}
	return sb.String()
}
