package transcript

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"io"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Gemini CLI keeps each session as a chat file (~/.gemini/tmp/<project>/chats/session-*),
// the transcript_path of its hooks. Version 0.61 writes JSON lines: a header
// {sessionId, projectHash, startTime, …}, then messages {id, timestamp, type: user|gemini,
// content, toolCalls?} — a message is written again, whole, when it changes, so the last
// line with an id wins — and {"$set": {…}} lines that replace top-level keys (messages
// included). Older versions write one JSON object {sessionId, projectHash, messages: […]}.
// A tool call is {id, name, args, result: [{functionResponse: {response: {output|error}}}],
// status: success|error|cancelled, resultDisplay}.

// maxGeminiChat bounds what is read of a chat file (it is read whole: its messages are
// rewritten in place by "$set" lines, so it cannot be read from the end).
const maxGeminiChat = 32 << 20

// IsGeminiChat reports whether the file at path is a Gemini CLI chat file: its head holds
// the projectHash key of the header. It reads 1 KB.
func IsGeminiChat(path string) bool { return FormatOf(path) == FormatGemini }

// Format is the kind of transcript file an agent wrote.
type Format int

const (
	FormatClaude   Format = iota // Claude Code's JSON lines, and anything not recognised below
	FormatCodex                  // a Codex rollout
	FormatGemini                 // a Gemini CLI chat file
	FormatOpenCode               // an OpenCode session, as `opencode export` prints it
)

// FormatOf tells which agent wrote the file at path, opening it once (its head, and for a
// Codex rollout without its session line, its last line). A file that cannot be opened is
// FormatClaude: the Claude reader says why.
func FormatOf(path string) Format {
	f, size, err := openTranscript(path)
	if err != nil {
		return FormatClaude
	}
	defer f.Close()
	head := make([]byte, 1024)
	n, _ := f.ReadAt(head, 0)
	switch {
	case bytes.Contains(head[:n], []byte(`"projectHash"`)):
		return FormatGemini
	case isOpenCodeHead(head[:n]):
		return FormatOpenCode
	case isCodexRollout(f, size):
		return FormatCodex
	}
	return FormatClaude
}

type geminiMessage struct {
	ID        string          `json:"id"`
	Timestamp string          `json:"timestamp"`
	Type      string          `json:"type"`
	Content   json.RawMessage `json:"content"`
	ToolCalls []geminiCall    `json:"toolCalls"`
	Thoughts  []struct {
		Description string `json:"description"`
	} `json:"thoughts"`
}

type geminiCall struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Args struct {
		FilePath string `json:"file_path"`
		Path     string `json:"path"`
		Command  string `json:"command"`
		DirPath  string `json:"dir_path"`  // run_shell_command's folder (newer builds)
		Dir      string `json:"directory"` // older builds
		Message  string `json:"message"`
		Todos    []struct {
			Description string `json:"description"`
			Status      string `json:"status"`
		} `json:"todos"` // write_todos: the whole list, each time
	} `json:"args"`
	Result []struct {
		FunctionResponse struct {
			Response struct {
				Output string `json:"output"`
				Error  string `json:"error"`
			} `json:"response"`
		} `json:"functionResponse"`
	} `json:"result"`
	Status        string          `json:"status"`
	ResultDisplay json.RawMessage `json:"resultDisplay"`
	DisplayName   string          `json:"displayName"`
}

// ReadGeminiTurn reads the last turn of a Gemini CLI chat file: the last typed prompt
// (carnet's own <hook_context> echo removed), the files written, the shell commands and
// their failures, and the answer.
func ReadGeminiTurn(ctx context.Context, path string, opt ReadOptions) (*Turn, error) {
	return readSettled(ctx, path, opt, scanGeminiChat)
}

func scanGeminiChat(r io.ReaderAt, size int64, _ ReadOptions) (*Turn, error) {
	data, err := io.ReadAll(io.NewSectionReader(r, max(0, size-maxGeminiChat), min(size, maxGeminiChat)))
	if err != nil {
		return nil, err
	}
	t := &Turn{}
	msgs := geminiMessages(data, t)
	t, err = geminiTurn(t, msgs)
	if size <= maxGeminiChat {
		t.End = int64(len(msgs)) // read whole: the next hook's missed turns start at this message
	}
	return t, err
}

// geminiTurn fills t with the last turn of msgs: from the last typed prompt to the end.
// t.Start is the index of its prompt: a chat file's messages keep their places as it grows
// (a message written again replaces itself), so it is where the turn starts in the file.
func geminiTurn(t *Turn, msgs []geminiMessage) (*Turn, error) {
	start := -1
	for i := len(msgs) - 1; i >= 0 && start < 0; i-- {
		if p := geminiPrompt(msgs[i]); p != "" {
			start = i
			t.Prompt, t.PromptTime = p, parseTime(msgs[i].Timestamp)
		}
	}
	for _, m := range msgs[start+1:] {
		t.Lines++
		if ts := parseTime(m.Timestamp); !ts.IsZero() {
			t.EndTime = ts
		}
		if m.Type != "gemini" {
			continue
		}
		if s := strings.TrimSpace(CleanText(geminiText(m.Content))); s != "" {
			t.Texts = append(t.Texts, s)
			t.Closing = s
		}
		for _, th := range m.Thoughts {
			if d := strings.TrimSpace(CleanText(Clip(th.Description, maxThought))); d != "" {
				t.Thoughts = append(t.Thoughts, d)
			}
		}
		for _, c := range m.ToolCalls {
			t.Tools = append(t.Tools, geminiTool(c, parseTime(m.Timestamp)))
		}
	}
	t.Thoughts = t.Thoughts[max(0, len(t.Thoughts)-maxThoughts):]
	t.Start = int64(max(start, 0))
	return t, finished(t)
}

// geminiMessages returns the messages of a chat file in either format, the last version of
// each; it sets t.SessionID from the header.
func geminiMessages(data []byte, t *Turn) []geminiMessage {
	var whole struct {
		SessionID string          `json:"sessionId"`
		Messages  []geminiMessage `json:"messages"`
	}
	if json.Unmarshal(data, &whole) == nil {
		t.SessionID = whole.SessionID
		return whole.Messages
	}
	var msgs []geminiMessage
	index := map[string]int{}
	for line := range bytes.Lines(data) {
		var l struct {
			geminiMessage
			SessionID string `json:"sessionId"`
			Set       *struct {
				Messages []geminiMessage `json:"messages"`
			} `json:"$set"`
		}
		if json.Unmarshal(line, &l) != nil {
			t.Skipped++
			continue
		}
		switch {
		case l.Set != nil && l.Set.Messages != nil:
			msgs, index = l.Set.Messages, map[string]int{}
			for i, m := range msgs {
				index[m.ID] = i
			}
		case l.Type != "" && l.ID != "":
			if i, ok := index[l.ID]; ok {
				msgs[i] = l.geminiMessage
			} else {
				index[l.ID] = len(msgs)
				msgs = append(msgs, l.geminiMessage)
			}
		case l.SessionID != "":
			t.SessionID = l.SessionID
		}
	}
	return msgs
}

// geminiPrompt is the text a user message typed, "" for tool results and the context
// Gemini CLI injects.
func geminiPrompt(m geminiMessage) string {
	if m.Type != "user" {
		return ""
	}
	s := strings.TrimSpace(StripHookContext(CleanText(geminiText(m.Content))))
	if strings.HasPrefix(s, "<session_context>") || IsGatePrompt(s) {
		return "" // the gate's retry continues the turn it stopped
	}
	return s
}

// geminiText joins the text parts of a message's content (a string or a list of parts).
func geminiText(content json.RawMessage) string {
	var s string
	if json.Unmarshal(content, &s) == nil {
		return s
	}
	var parts []struct {
		Text string `json:"text"`
	}
	_ = json.Unmarshal(content, &parts)
	var out []string
	for _, p := range parts {
		if p.Text != "" {
			out = append(out, p.Text)
		}
	}
	return strings.Join(out, "\n")
}

// geminiTool reads a Gemini tool call under carnet's names (geminiToolNames), with its result.
func geminiTool(c geminiCall, ts time.Time) *ToolUse {
	in := callInput{FilePath: c.Args.FilePath, Command: c.Args.Command, Dir: cmp.Or(c.Args.DirPath, c.Args.Dir)}
	if c.Name == "write_todos" {
		in.Todos = []Todo{}
		for _, td := range c.Args.Todos {
			in.Todos = append(in.Todos, Todo{Content: CleanText(td.Description), Status: td.Status})
		}
	}
	u := namedTool(geminiToolNames, c.ID, c.Name, in, ts)
	out, failed := "", c.Status == "error"
	for _, r := range c.Result {
		resp := r.FunctionResponse.Response
		if resp.Error != "" {
			out, failed = resp.Error, true
			out, u.MCP = geminiMCPError(out)
		} else if out == "" {
			out = resp.Output
		}
	}
	if geminiMCPServer(c.DisplayName) {
		u.MCP = true
		if e := mcpAnswerError(out); e != "" && !failed {
			out, failed = e, true // the server answered with an error: a rate limit, a refusal
		}
	}
	if m := geminiExitCode.FindStringSubmatch(out); m != nil {
		code, _ := strconv.Atoi(m[1])
		failed = failed || code != 0
	}
	var display string
	if json.Unmarshal(c.ResultDisplay, &display) == nil && strings.TrimSpace(display) != "" && u.Name == "Bash" {
		out = display
	}
	out = geminiShellNoise.ReplaceAllString(out, "")
	u.HasResult = c.Status != "" || len(c.Result) > 0
	u.IsError = failed && c.Status != "cancelled" // the user denied or stopped it: nothing failed
	u.Output = outputLine(out, failed)
	u.CommitHash, u.CommitSubject = commitSubject(out)
	u.Pull = PullShown(out)
	if GitHubCommitTool(c.Name) && !failed {
		u.CommitHash, u.CommitSubject = apiCommit(out), firstLine(CleanText(c.Args.Message))
	}
	u.Created = u.Name == "Write" && strings.Contains(out, "created")
	return u
}

var (
	geminiExitCode = regexp.MustCompile(`(?m)^Exit Code: (-?\d+)`)
	// geminiShellNoise is the frame of run_shell_command's output: its field names, the
	// "(empty)" of a stream that printed nothing, and the <untrusted_context> wrapper.
	geminiShellNoise = regexp.MustCompile(`(?m)^(?:</?untrusted_context>|Command: .*|Directory: .*|(?:Output|Stdout|Stderr): \(empty\)|Error: \(none\)|Exit Code: .*|Signal: .*|Background PIDs: .*|Process Group PGID: .*)$|^(?:Output|Stdout|Stderr): `)
)

// StripHookContext removes the <hook_context>…</hook_context> blocks Gemini CLI puts before a
// prompt: the text a SessionStart hook (carnet's memory) added, echoed back.
func StripHookContext(s string) string {
	for {
		i := strings.Index(s, "<hook_context>")
		if i < 0 {
			return s
		}
		j := strings.Index(s[i:], "</hook_context>")
		if j < 0 {
			return s[:i]
		}
		s = s[:i] + s[i+j+len("</hook_context>"):]
	}
}

// geminiToolsByMessage lists the tool calls of each message of a chat file.
func geminiToolsByMessage(data []byte) [][]*ToolUse {
	msgs := geminiMessages(data, &Turn{})
	out := make([][]*ToolUse, len(msgs))
	for i, m := range msgs {
		for _, c := range m.ToolCalls {
			out[i] = append(out[i], geminiTool(c, time.Time{}))
		}
	}
	return out
}
