package transcript

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"time"
)

// OpenCode keeps its sessions in SQLite; carnet's plugin (.opencode/plugins/carnet.js) hands
// the hook a file holding the session as `opencode export <id>` prints it: {info: {id,
// directory, parentID?, …}, messages: [{info: {id, role: user|assistant, time: {created}},
// parts: [...]}]}. A part is {type: text, text, synthetic?}, {type: tool, tool, callID,
// state: {status: completed|error, input, output, error, metadata: {exit, exists}}},
// or step-start/step-finish/patch/reasoning parts carnet does not read.

// maxOpenCodeSession bounds what is read of a session file (it is one JSON document).
const maxOpenCodeSession = 32 << 20

type openCodeSession struct {
	Info struct {
		ID        string `json:"id"`
		Directory string `json:"directory"`
		Title     string `json:"title"`
	} `json:"info"`
	Messages []openCodeMessage `json:"messages"`
}

// turn is a turn of the session with what the session says of all its turns: its id, its
// folder, its name.
func (s *openCodeSession) turn() *Turn {
	return &Turn{SessionID: s.Info.ID, Cwd: s.Info.Directory, Title: s.title()}
}

// title is the session's title, unless it is the one OpenCode gives a session before it
// names it ("New session - 2025-…", "Child session - …").
func (s *openCodeSession) title() string {
	t := CleanText(s.Info.Title)
	if strings.HasPrefix(t, "New session - ") || strings.HasPrefix(t, "Child session - ") {
		return ""
	}
	return t
}

type openCodeMessage struct {
	Info struct {
		ID   string `json:"id"`
		Role string `json:"role"`
		Time struct {
			Created   int64 `json:"created"`
			Completed int64 `json:"completed"`
		} `json:"time"`
	} `json:"info"`
	Parts []openCodePart `json:"parts"`
}

type openCodePart struct {
	Type      string `json:"type"`
	Text      string `json:"text"`
	Synthetic bool   `json:"synthetic"`
	Tool      string `json:"tool"`
	CallID    string `json:"callID"`
	State     struct {
		Status string `json:"status"`
		Input  struct {
			FilePath    string `json:"filePath"`
			Command     string `json:"command"`
			Workdir     string `json:"workdir"`
			Description string `json:"description"`
			Todos       []Todo `json:"todos"`
			PatchText   string `json:"patchText"` // apply_patch
		} `json:"input"`
		Output   string `json:"output"`
		Error    string `json:"error"`
		Metadata struct {
			Exit   *int  `json:"exit"`
			Exists *bool `json:"exists"`
		} `json:"metadata"`
	} `json:"state"`
}

// ReadOpenCodeTurn reads the last turn of an OpenCode session file: the last typed prompt, the
// files written, the shell commands and their failures, the to-do list, and the answer.
func ReadOpenCodeTurn(ctx context.Context, path string, opt ReadOptions) (*Turn, error) {
	return readSettled(ctx, path, opt, scanOpenCode)
}

func scanOpenCode(r io.ReaderAt, size int64, _ ReadOptions) (*Turn, error) {
	s, err := readOpenCodeSession(r, size)
	if err != nil {
		return nil, err
	}
	return openCodeTurn(s.turn(), s.Messages)
}

// openCodeTurn fills t with the last turn of msgs: from the last typed prompt to the end.
// t.Start is the index of its first message.
func openCodeTurn(t *Turn, msgs []openCodeMessage) (*Turn, error) {
	start := -1
	for i := len(msgs) - 1; i >= 0 && start < 0; i-- {
		if p := openCodePrompt(msgs[i]); p != "" {
			start = i
			t.Prompt, t.PromptTime = p, millis(msgs[i].Info.Time.Created)
		}
	}
	t.Start = int64(max(start, 0))
	for _, m := range msgs[start+1:] {
		t.Lines++
		t.EndTime = millis(max(m.Info.Time.Created, m.Info.Time.Completed))
		if m.Info.Role != "assistant" {
			continue
		}
		for _, p := range m.Parts {
			switch p.Type {
			case "text":
				if s := strings.TrimSpace(CleanText(p.Text)); s != "" && !p.Synthetic {
					t.Texts = append(t.Texts, s)
					t.Closing = s
				}
			case "tool":
				t.Tools = append(t.Tools, openCodeTools(p, t.EndTime)...)
			}
		}
	}
	return t, finished(t)
}

// isOpenCodeHead reports whether the head of a file opens an OpenCode session document: an
// object whose info names a session (ids start with ses_).
func isOpenCodeHead(head []byte) bool {
	head = bytes.TrimSpace(head)
	return bytes.HasPrefix(head, []byte("{")) && bytes.Contains(head, []byte(`"info"`)) && bytes.Contains(head, []byte(`"ses_`))
}

func readOpenCodeSession(r io.ReaderAt, size int64) (*openCodeSession, error) {
	data, err := io.ReadAll(io.NewSectionReader(r, 0, min(size, maxOpenCodeSession)))
	if err != nil {
		return nil, err
	}
	var s openCodeSession
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, ErrNoTurn
	}
	return &s, nil
}

// openCodePrompt is the text a user message typed ("" for messages OpenCode made itself).
func openCodePrompt(m openCodeMessage) string {
	if m.Info.Role != "user" {
		return ""
	}
	var texts []string
	for _, p := range m.Parts {
		if p.Type == "text" && !p.Synthetic {
			texts = append(texts, p.Text)
		}
	}
	s := strings.TrimSpace(CleanText(strings.Join(texts, "\n")))
	// `opencode run a b` joins its arguments, quoting those with a space: one quoted
	// argument is the prompt itself.
	if inner, ok := strings.CutPrefix(s, `"`); ok && strings.HasSuffix(inner, `"`) && !strings.Contains(inner[:len(inner)-1], `"`) {
		s = inner[:len(inner)-1]
	}
	if IsGatePrompt(s) {
		return "" // carnet's plugin sent the gate's message back: it continues the turn
	}
	return s
}

// openCodeTools is an OpenCode tool call as carnet's calls: one, or one per file an
// apply_patch touches (each with the call's result).
func openCodeTools(p openCodePart, ts time.Time) []*ToolUse {
	u := openCodeTool(p, ts)
	if p.Tool != "apply_patch" {
		return []*ToolUse{u}
	}
	uses := patchedFiles(p.CallID, p.State.Input.PatchText, ts)
	for _, f := range uses {
		f.HasResult, f.IsError, f.Output = u.HasResult, u.IsError, u.Output
	}
	if len(uses) == 0 {
		return []*ToolUse{u}
	}
	return uses
}

// openCodeTool reads an OpenCode tool call under carnet's names (openCodeToolNames), with its
// result.
func openCodeTool(p openCodePart, ts time.Time) *ToolUse {
	st := p.State
	in := st.Input
	u := namedTool(openCodeToolNames, p.CallID, p.Tool, callInput{FilePath: in.FilePath, Command: in.Command, Description: in.Description, Dir: in.Workdir, Todos: in.Todos}, ts)
	out := st.Output
	u.HasResult = st.Status == "completed" || st.Status == "error"
	u.IsError = st.Status == "error" || (st.Metadata.Exit != nil && *st.Metadata.Exit != 0)
	if st.Status == "error" {
		out = st.Error
	}
	u.Output = outputLine(out, u.IsError)
	u.CommitHash, u.CommitSubject = commitSubject(out)
	u.Pull = PullShown(out)
	u.Created = u.Name == "Write" && st.Metadata.Exists != nil && !*st.Metadata.Exists
	return u
}

func millis(ms int64) time.Time {
	if ms <= 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}

// openCodeToolsByMessage lists the tool calls of each message of a session file.
func openCodeToolsByMessage(data []byte) [][]*ToolUse {
	var s openCodeSession
	if json.Unmarshal(data, &s) != nil {
		return nil
	}
	out := make([][]*ToolUse, len(s.Messages))
	for i, m := range s.Messages {
		for _, p := range m.Parts {
			if p.Type == "tool" {
				out[i] = append(out[i], openCodeTools(p, time.Time{})...)
			}
		}
	}
	return out
}
