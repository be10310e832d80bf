// Package transcript reads what an agent did from the end of its session file: the last turn
// of a Claude Code JSONL transcript or of a Codex rollout (Turn), and the tool calls, file
// edits and memory writes since a given offset (Activity). Its cost depends on the size of
// what it reads back, never on the size of the file. Of carnet it imports only the shell parser.
package transcript

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// Turn is what happened in the last turn of a session: from the user's prompt to the
// assistant's closing text, as read from the end of the transcript.
type Turn struct {
	Prompt     string    // the user's prompt that opened the turn ("" when not reached)
	PromptTime time.Time // when the prompt was written
	EndTime    time.Time // the newest timestamp of the turn
	Texts      []string  // the assistant's texts, in order (thinking left out)
	Thoughts   []string  // the model's thinking, in order: its latest maxThoughts blocks, each clipped to maxThought bytes
	Closing    string    // the assistant's closing text (last_assistant_message when given)
	Tools      []*ToolUse
	Cwd        string // the working directory recorded in the transcript (its newest line)
	StartCwd   string // the working directory at the turn's oldest line read (before any cd)
	SessionCwd string // the working directory of the session's first line (where the agent was started)
	SessionID  string
	// Title is the name the agent gave the session, when the lines read carry it: Claude
	// Code's ai-title, a Codex thread name, an OpenCode session's title (not its default one).
	Title     string
	Sidechain bool // read from a subagent transcript
	// SessionEnded reports a turn read when its session ended (SessionEnd): the question
	// it ends with got no answer.
	SessionEnded bool
	// AnswersBlock reports a turn read when the agent answered a Stop hook's block (the
	// gate's message, stop_hook_active): its closing answers the hook, not the user.
	AnswersBlock bool

	// Root is the workspace root; the caller sets it so that extractors write
	// paths relative to it.
	Root string

	Lines       int  // lines of the turn that were parsed
	Skipped     int  // lines that could not be parsed (half-written, garbage) or were oversized
	Compacted   bool // a compaction happened inside the turn
	Interrupted bool // the user stopped the assistant during the turn ("[Request interrupted")
	TurnedDown  bool // the user refused a call to say what to do instead ("[Request interrupted by user for tool use]")
	Truncated   bool // the scan budget ran out before the prompt was found
	// EndsOnResult reports a turn whose newest line is a call's result: the agent never
	// answered after it (Claude Code), as in a session that ended in the middle of the turn.
	EndsOnResult bool
	// Start is the offset in the file of the turn's oldest line read (its prompt's, when
	// found): the file before it holds the earlier turns (see ReadSession).
	Start int64
	// End is where the file ended when the turn was read (a JSONL transcript's size, the
	// messages of a Gemini chat file read whole): the next hook reads the turns that started
	// after it and no hook saw (ReadMissed).
	End int64
}

// ToolUse is one tool call of the turn with the essentials of its input and its result.
type ToolUse struct {
	ID       string
	Name     string
	FilePath string // Edit, Write, MultiEdit, NotebookEdit, Read
	Command  string // Bash
	// Cwd is the folder the call ran in, as the transcript gives it (Claude Code's line, or
	// an inline subagent's earlier cd's; a Codex call's workdir, a Gemini or OpenCode shell
	// call's folder): absolute, or relative to the project; "" when it does not say.
	Cwd         string
	Description string     // Bash
	Todos       []Todo     // TodoWrite
	Plan        string     // ExitPlanMode: the plan shown to the user
	Doc         string     // Write of a Markdown file (a plan, a spec, notes): its text, at most maxDoc bytes
	Subject     string     // a pull request's title, a commit's message (GitHub MCP tools)
	PullNumber  string     // GitHub MCP tools: the pull request
	Task        *Task      // TaskCreate, TaskUpdate (Claude Code 2.1's task list, one item per call)
	Questions   []Question // AskUserQuestion, request_user_input: what the agent asked
	Answer      string     // their result: the user's answers, at most maxAnswer bytes
	Time        time.Time

	HasResult bool
	IsError   bool
	Output    string // the first useful line of the result
	Created   bool   // Write reported a new file
	Deleted   bool   // an apply_patch's "*** Delete File:"
	MCP       bool   // a tool of an MCP server whose name does not say so (Gemini's failed calls)
	Escalated bool   // a Codex shell call run outside its sandbox (sandbox_permissions: require_escalated)

	CommitHash, CommitSubject string // from git's "[branch abc1234] subject" output line, or a GitHub MCP commit
	// Pull is the number of the pull request whose address the output shows ("gh pr create"
	// prints it, a GitHub MCP create_pull_request answers with it), "" when none does.
	Pull string

	Scripts []string // the package scripts the result shows run, in order (see scriptsRun)
}

// Task is the item a TaskCreate or TaskUpdate call names. TaskCreate gives the subject (its
// status is pending; its ID comes from its result, "Task #N created…"); TaskUpdate gives the
// ID and the new status (pending, in_progress, completed, deleted), the subject when renamed.
type Task struct {
	ID, Subject, Status string
}

// Question is one question the agent put to the user through its tool for that, with the
// options it offered.
type Question struct {
	ID, Header, Text string
	Options          map[string]string // each option's label → its description (what choosing it means)
}

// questionInput is a question as Claude Code's AskUserQuestion and Codex's
// request_user_input take it.
type questionInput struct {
	ID       string `json:"id"`
	Header   string `json:"header"`
	Question string `json:"question"`
	Options  []struct {
		Label       string `json:"label"`
		Description string `json:"description"`
	} `json:"options"`
}

// question is the question the agent asked, cleaned, with its options.
func (q questionInput) question() Question {
	out := Question{ID: q.ID, Header: CleanText(q.Header), Text: CleanText(q.Question)}
	for _, o := range q.Options {
		if l := CleanText(o.Label); l != "" {
			if out.Options == nil {
				out.Options = map[string]string{}
			}
			out.Options[l] = CleanText(o.Description)
		}
	}
	return out
}

// Todo is one item of a TodoWrite list.
type Todo struct {
	Content string `json:"content"`
	Status  string `json:"status"` // pending, in_progress, completed
}

// Edits reports whether the tool call changes a file (Edit, Write, MultiEdit, NotebookEdit).
func (u *ToolUse) Edits() bool {
	switch u.Name {
	case "Edit", "Write", "MultiEdit", "NotebookEdit":
		return true
	}
	return false
}

// HasActivity reports whether the assistant did or said anything in the turn.
func (t *Turn) HasActivity() bool { return len(t.Texts) > 0 || len(t.Tools) > 0 || t.Closing != "" }

// ReadOptions tune ReadTurn.
type ReadOptions struct {
	// LastAssistant is the hook input's last_assistant_message; it becomes the closing
	// text, since the file often lags behind the Stop event.
	LastAssistant string
	// Settle is how long to keep re-reading a transcript that shows no assistant activity
	// after the last prompt (the file lags). Zero reads once.
	Settle time.Duration
	// Sidechain selects subagent lines (isSidechain) instead of the main conversation's.
	Sidechain bool
	// Limit overrides the number of bytes read back (maxScan) when positive.
	Limit int64
}

// maxDoc bounds the text of a Markdown file a turn wrote that ToolUse keeps.
const maxDoc = 16 << 10

// maxThoughts bounds the thinking blocks a turn keeps (the latest), maxThought the bytes of
// each: a choice said there is said in a sentence, not in pages.
const (
	maxThoughts = 100
	maxThought  = 2 << 10
)

// ErrNoTurn is returned when the transcript holds no readable turn.
var ErrNoTurn = errors.New("no turn found in the transcript")

// toolResult is what a tool call's result says, paired with the call by its id.
type toolResult struct {
	isError                   bool
	output                    string
	created                   bool
	commitHash, commitSubject string
	pull                      string // the pull request whose address the output shows (PullShown)
	script                    bool   // the output of a Codex code-mode script, which has no exit code
	apiCommit                 string // the commit a GitHub API answer reports (GitHub MCP tools)

	scripts []string
	answer  string // the head of the text, for a question's answers (see ToolUse.Answer)
}

// maxAnswer bounds the text of a question tool's result that a ToolUse keeps.
const maxAnswer = 4 << 10

// settlePoll is how often a lagging transcript is re-read.
const settlePoll = 100 * time.Millisecond

// scanFunc reads the last turn of a transcript of size bytes, from its end.
type scanFunc func(r io.ReaderAt, size int64, opt ReadOptions) (*Turn, error)

// readSettled runs scan on the file at path and, while the file lags behind the hook (it shows
// the prompt and nothing after it), reads it again every settlePoll until opt.Settle is spent.
func readSettled(ctx context.Context, path string, opt ReadOptions, scan scanFunc) (*Turn, error) {
	if path == "" {
		return nil, errors.New("no transcript path in the hook input")
	}
	var deadline time.Time
	if opt.Settle > 0 {
		deadline = time.Now().Add(opt.Settle)
	}
	for {
		t, err := readOnce(path, opt, scan)
		if err != nil && !errors.Is(err, ErrNoTurn) {
			return nil, err
		}
		// The file lags when it shows the prompt and nothing after it; a file with no
		// readable turn at all is not waited for.
		lagging := t != nil && t.Prompt != "" && !t.HasActivity() && opt.LastAssistant == ""
		if !lagging || deadline.IsZero() || time.Now().Add(settlePoll).After(deadline) {
			if t == nil {
				return nil, err
			}
			if opt.LastAssistant != "" {
				t.Closing = CleanText(opt.LastAssistant)
			}
			if err := finished(t); err != nil {
				return nil, err
			}
			return t, nil
		}
		select {
		case <-ctx.Done():
			return t, ctx.Err()
		case <-time.After(settlePoll):
		}
	}
}

func readOnce(path string, opt ReadOptions, scan scanFunc) (*Turn, error) {
	f, size, err := openTranscript(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t, err := scan(f, size, opt)
	if t != nil {
		t.SessionCwd = sessionCwd(f, size)
		if t.End == 0 {
			t.End = size // a JSONL transcript's size; a Gemini chat file counts its messages
		}
	}
	return t, err
}

// openTranscript opens a transcript for reading from its end; it must be a regular file.
func openTranscript(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, fmt.Errorf("transcript: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, fmt.Errorf("transcript: %w", err)
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, 0, fmt.Errorf("transcript %s is not a regular file", path)
	}
	return f, st.Size(), nil
}

// walkBack hands each line of r to each, from the last one back, until each returns true or
// the file or the scan budget (limit) ends; an exhausted budget marks the turn truncated.
func walkBack(r io.ReaderAt, size, limit int64, t *Turn, each func(backLine) bool) error {
	br := newBackReader(r, size, limit)
	t.Start = size
	for {
		ln, err := br.next()
		switch {
		case errors.Is(err, io.EOF):
			t.Start = 0
			return nil
		case errors.Is(err, errScanBudget):
			t.Truncated = true
			return nil
		case err != nil:
			return fmt.Errorf("transcript: %w", err)
		}
		t.Start = ln.Start
		if each(ln) {
			return nil
		}
	}
}

// scanBack reads the last turn t of a transcript from its end: each line, newest first, is
// decoded (a line that cannot be is skipped) and handed to add, until add reports the prompt
// that opened the turn or the file or the budget ends; finish completes the turn.
func scanBack[L any](r io.ReaderAt, size int64, opt ReadOptions, t *Turn, decode func(backLine) (L, error), add func(*L) bool, finish func()) (*Turn, error) {
	err := walkBack(r, size, opt.Limit, t, func(ln backLine) bool {
		l, err := decode(ln)
		if err != nil {
			t.Skipped++
			return false
		}
		return add(&l)
	})
	if err != nil {
		return nil, err
	}
	finish()
	return t, finished(t)
}

// finished is ErrNoTurn for a turn with neither a prompt nor any activity.
func finished(t *Turn) error {
	if !t.HasActivity() && t.Prompt == "" {
		return ErrNoTurn
	}
	return nil
}

// PayloadTurn is a turn known only from a hook payload: the prompt and the final answer
// (Gemini CLI's AfterAgent, or Codex without a readable rollout).
func PayloadTurn(prompt, answer string) (*Turn, error) {
	t := &Turn{Prompt: strings.TrimSpace(StripHookContext(CleanText(prompt)))}
	if a := strings.TrimSpace(CleanText(answer)); a != "" {
		t.Closing = a
		t.Texts = []string{a}
	}
	if err := finished(t); err != nil {
		return nil, err
	}
	return t, nil
}

func parseTime(s string) time.Time {
	if s == "" {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
