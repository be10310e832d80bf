package transcript

import (
	"bytes"
	"carnet/hook/transcript/transcripttest"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func read(t *testing.T, path string, opt ReadOptions) *Turn {
	t.Helper()
	tr, err := ReadTurn(context.Background(), path, opt)
	if err != nil {
		t.Fatalf("ReadTurn(%s): %v", filepath.Base(path), err)
	}
	return tr
}

func toolNamed(tr *Turn, name, sub string) *ToolUse {
	for _, u := range tr.Tools {
		if u.Name == name && (strings.Contains(u.FilePath, sub) || strings.Contains(u.Command, sub)) {
			return u
		}
	}
	return nil
}

// The fixtures below are carnet's own sessions, recorded with the real Claude Code 2.1.328 by
// scripts/record-agents.sh (scripts in hook/agentstest/claude_sessions.go); the values they
// assert (working directory, session id, commit hash) are those of the recording.

func TestFixtureToolHeavy(t *testing.T) {
	t.Parallel()
	tr := read(t, transcripttest.Fixture(t, "claude-code-2.1.328_heavy.jsonl"), ReadOptions{})
	if tr.Prompt != "Add a multiply function to calc.sh, with a test, and commit it." {
		t.Errorf("prompt = %q", tr.Prompt)
	}
	var names []string
	for _, u := range tr.Tools {
		names = append(names, u.Name)
	}
	if strings.Join(names, ",") != "Bash,Read,Read,Edit,Edit,Bash,Read,Edit,Bash,Bash" {
		t.Errorf("tools = %v", names)
	}
	if u := toolNamed(tr, "Edit", "shop/calc.sh"); u == nil || !u.HasResult || u.IsError {
		t.Errorf("Edit of calc.sh missing or not paired with its result: %+v", u)
	}
	commit := toolNamed(tr, "Bash", "git commit")
	if commit == nil || commit.CommitHash != "2d46428" || commit.CommitSubject != "calc: add multiply with its test" {
		t.Errorf("commit not read: %+v", commit)
	}
	var failed []string
	for _, u := range tr.Tools {
		if u.IsError {
			failed = append(failed, u.Command+" → "+u.Output)
		}
	}
	if !slices.Equal(failed, []string{"sh test_calc.sh → test_calc.sh: 2: add: not found"}) {
		t.Errorf("failed tools = %q", failed)
	}
	if len(tr.Texts) != 1 || !strings.Contains(tr.Closing, "Decisions:\n- Source calc.sh from the tests") {
		t.Errorf("closing = %q, texts %q", tr.Closing, tr.Texts)
	}
	if tr.Cwd != "/tmp/TestAgentClaudeSessionsheavy3730381186/003/shop" || tr.SessionID != "6de3354c-8e1c-4cf7-8bc1-86255b817646" {
		t.Errorf("cwd %q session %q", tr.Cwd, tr.SessionID)
	}
	if tr.PromptTime.IsZero() || !tr.EndTime.After(tr.PromptTime) {
		t.Errorf("times: prompt %v end %v", tr.PromptTime, tr.EndTime)
	}
}

func TestFixtureHello(t *testing.T) {
	t.Parallel()
	tr := read(t, transcripttest.Fixture(t, "claude-code-2.1.328_hello.jsonl"), ReadOptions{})
	if tr.Prompt != `Write a shell script called hello.sh that prints "Hello world" and run it.` {
		t.Errorf("prompt = %q", tr.Prompt)
	}
	w := toolNamed(tr, "Write", "hello.sh")
	if w == nil || !w.Created || w.FilePath != tr.Cwd+"/hello.sh" {
		t.Errorf("Write: %+v", w)
	}
	if run := toolNamed(tr, "Bash", "sh hello.sh"); run == nil || run.IsError || run.Output != "Hello world" {
		t.Errorf("Bash: %+v", run)
	}
	if !strings.HasPrefix(tr.Closing, "Created `hello.sh` and ran it") || len(tr.Texts) != 1 {
		t.Errorf("closing %q, %d texts", tr.Closing, len(tr.Texts))
	}
}

func TestFixtureDeniedTools(t *testing.T) {
	t.Parallel()
	tr := read(t, transcripttest.Fixture(t, "claude-code-2.1.328_denied.jsonl"), ReadOptions{})
	if tr.Prompt != "The server does not start" || tr.Interrupted {
		t.Errorf("prompt = %q, interrupted %v", tr.Prompt, tr.Interrupted)
	}
	if !slices.Equal(tr.Texts, []string{"I cannot run the server without permission to use Bash."}) {
		t.Errorf("texts = %q", tr.Texts)
	}
	if len(tr.Tools) != 2 {
		t.Fatalf("tools = %d", len(tr.Tools))
	}
	for _, u := range tr.Tools {
		if !u.IsError || u.Output != "This command requires approval" {
			t.Errorf("refused tool use: %+v", u)
		}
	}
}

func TestFixtureCompactionAndStopHook(t *testing.T) {
	t.Parallel()
	tr := read(t, transcripttest.Fixture(t, "claude-code-2.1.328_compact.jsonl"), ReadOptions{})
	if tr.Prompt != "Mark the multiply placeholder in calc.sh with issue 12." {
		t.Errorf("prompt = %q (the compaction summary must not open a turn)", tr.Prompt)
	}
	if !tr.Compacted {
		t.Error("compaction inside the turn not noticed")
	}
	// The closing text, said again after the Stop hook sent the session back, is read once.
	if !slices.Equal(tr.Texts, []string{"All done. calc.sh now points at issue 12 for multiply."}) || tr.Closing != tr.Texts[0] {
		t.Errorf("closing %q, texts = %q", tr.Closing, tr.Texts)
	}
	// Tools before and after the compaction are both the turn's.
	if toolNamed(tr, "Bash", "git log --oneline -3") == nil || toolNamed(tr, "Edit", "calc.sh") == nil || len(tr.Tools) != 4 {
		t.Errorf("tools: %d", len(tr.Tools))
	}
	for _, x := range tr.Texts {
		if strings.Contains(x, "This session is being continued") || strings.Contains(x, "Stop hook feedback") {
			t.Errorf("read as the assistant's text: %q", x)
		}
	}
}

func TestFixtureTaskNotification(t *testing.T) {
	t.Parallel()
	tr := read(t, transcripttest.Fixture(t, "claude-code-2.1.328_delegate.jsonl"), ReadOptions{})
	if tr.Prompt != "Which shell scripts does this repository have?" {
		t.Errorf("prompt = %q (a task notification must not open a turn)", tr.Prompt)
	}
	if len(tr.Tools) != 1 || tr.Tools[0].Name != "Agent" || !tr.Tools[0].HasResult {
		t.Errorf("tools: %+v", tr.Tools)
	}
	if !strings.HasPrefix(tr.Closing, "The survey is done") {
		t.Errorf("closing = %q", tr.Closing)
	}
}

func TestFixtureSubagent(t *testing.T) {
	t.Parallel()
	p := transcripttest.Fixture(t, "claude-code-2.1.328_delegate_subagent.jsonl")
	tr := read(t, p, ReadOptions{Sidechain: true})
	if !strings.HasPrefix(tr.Prompt, "Survey the shell scripts of this repository") || !tr.Sidechain {
		t.Errorf("prompt = %q", tr.Prompt)
	}
	dir := toolNamed(tr, "Read", "shop/scripts")
	if dir == nil || !dir.IsError || !strings.Contains(dir.Output, "EISDIR") {
		t.Errorf("failed Read: %+v", dir)
	}
	if len(tr.Tools) != 3 || tr.Closing != "calc.sh defines add; test_calc.sh checks it." {
		t.Errorf("%d tools, closing = %q", len(tr.Tools), tr.Closing)
	}
	// The main session's id: a subagent's file shares it.
	if main := read(t, transcripttest.Fixture(t, "claude-code-2.1.328_delegate.jsonl"), ReadOptions{}); tr.SessionID != main.SessionID {
		t.Errorf("session %q, main session %q", tr.SessionID, main.SessionID)
	}
	// Read as a main transcript, every line is a sidechain: there is no turn.
	if _, err := ReadTurn(context.Background(), p, ReadOptions{}); !errors.Is(err, ErrNoTurn) {
		t.Errorf("main-conversation read of a subagent file: err = %v, want ErrNoTurn", err)
	}
}

func TestLastAssistantMessageWins(t *testing.T) {
	t.Parallel()
	p := transcripttest.Fixture(t, "claude-code-2.1.328_hello.jsonl")
	tr := read(t, p, ReadOptions{LastAssistant: "Decision: keep the script in POSIX sh."})
	if tr.Closing != "Decision: keep the script in POSIX sh." {
		t.Errorf("closing = %q", tr.Closing)
	}
}

func TestSyntheticTurnShapes(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("old prompt").Say("m0", "old answer")
	b.Raw(`{"type":"summary","summary":"x","leafUuid":"y"}`)
	b.Prompt("Fix the login bug")
	b.Raw(`{"type":"progress","data":{"type":"bash_progress"}}`)
	b.Raw(`{"type":"brand-new-type","whatever":[1,2,3]}`)
	b.Raw(`{"type":"file-history-snapshot","snapshot":{}}`)
	b.Think("m1").Say("m1", "Looking.").Use("m1", "t1", "Edit", map[string]any{"file_path": "/home/dev/proj/a.go"}).
		Use("m1", "t2", "Edit", map[string]any{"file_path": "/home/dev/proj/b.go"})
	b.Say("m1", "Looking.") // a repeated block of the same message
	b.Result("t1", "ok", false).Result("t2", []any{map[string]any{"type": "text", "text": "String not found"}}, true)
	b.Add(map[string]any{"type": "user", "isSidechain": true, "message": map[string]any{"role": "user", "content": "subagent prompt"}})
	b.Add(map[string]any{"type": "assistant", "isSidechain": true, "message": map[string]any{"id": "sx", "role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": "subagent text"}}}})
	b.Meta("Stop hook feedback: do more")
	b.Add(map[string]any{"type": "user", "isCompactSummary": true, "message": map[string]any{"role": "user", "content": "This session is being continued"}})
	b.Add(map[string]any{"type": "system", "subtype": "stop_hook_summary"})
	b.Say("m2", "Part one.").Say("m2", "Part two.")
	b.Add(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": "[Request interrupted by user]"}}}})
	tr := read(t, b.Write(t), ReadOptions{})
	if tr.Prompt != "Fix the login bug" {
		t.Errorf("prompt = %q", tr.Prompt)
	}
	if strings.Join(tr.Texts, "|") != "Looking.|Part one.|Part two." {
		t.Errorf("texts = %q", tr.Texts)
	}
	if tr.Closing != "Part one.\n\nPart two." {
		t.Errorf("closing = %q (one message split over two lines)", tr.Closing)
	}
	if len(tr.Tools) != 2 || tr.Tools[0].IsError || !tr.Tools[1].IsError || tr.Tools[1].Output != "String not found" {
		t.Errorf("tools: %+v %+v", tr.Tools[0], tr.Tools[1])
	}
	if !tr.Compacted {
		t.Error("compact summary not noticed")
	}
}

func TestHalfWrittenLastLineAndGarbage(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Add a cache").Say("m1", "Done: added the cache.")
	b.Raw("\x00\x01\x02 binary garbage \xff\xfe")
	b.Raw("not json at all")
	content := b.String() + `{"type":"assistant","message":{"id":"m2","role":"assistant","content":[{"type":"text","text":"Half`
	p := filepath.Join(t.TempDir(), "s.jsonl")
	os.WriteFile(p, []byte(content), 0o644)
	tr := read(t, p, ReadOptions{})
	if tr.Prompt != "Add a cache" || tr.Closing != "Done: added the cache." {
		t.Errorf("prompt %q closing %q", tr.Prompt, tr.Closing)
	}
	if tr.Skipped != 3 {
		t.Errorf("skipped = %d, want 3", tr.Skipped)
	}
}

func TestInvalidUTF8(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "s.jsonl")
	line1 := "{\"type\":\"user\",\"message\":{\"role\":\"user\",\"content\":\"caf\xe9 cr\xe8me \xff please\"}}\n"
	line2 := "{\"type\":\"assistant\",\"message\":{\"id\":\"m\",\"role\":\"assistant\",\"content\":[{\"type\":\"text\",\"text\":\"ok \xc3\"}]}}\n"
	os.WriteFile(p, []byte(line1+line2), 0o644)
	tr := read(t, p, ReadOptions{})
	if !strings.HasPrefix(tr.Prompt, "caf") || !strings.Contains(tr.Prompt, "please") {
		t.Errorf("prompt = %q", tr.Prompt)
	}
	for _, s := range append([]string{tr.Prompt, tr.Closing}, tr.Texts...) {
		if !isValidUTF8(s) {
			t.Errorf("invalid UTF-8 kept: %q", s)
		}
	}
}

func isValidUTF8(s string) bool { return strings.ToValidUTF8(s, "?") == s }

func TestOversizedToolResultIsSalvaged(t *testing.T) {
	t.Parallel()
	big := strings.Repeat("x", 3<<20)
	b := &transcripttest.Claude{}
	b.Prompt("Run the suite")
	b.Use("m1", "t1", "Bash", map[string]any{"command": "go test ./...", "description": "tests"})
	// Claude Code's own key order: role and block type first, the bulk after.
	b.Raw(`{"parentUuid":"a","isSidechain":false,"type":"user","message":{"role":"user","content":[{"tool_use_id":"t1","type":"tool_result","content":"--- FAIL: TestParse (0.00s)\n` + big + `","is_error":true}]},"uuid":"r1","timestamp":"2026-03-22T10:00:00Z","toolUseResult":{"stdout":""}}`)
	b.Raw(`{"parentUuid":"b","isSidechain":false,"message":{"model":"m","id":"m2","type":"message","role":"assistant","content":[{"type":"tool_use","id":"t2","name":"Write","input":{"file_path":"/home/dev/proj/huge.txt","content":"` + big + `"}}]},"type":"assistant","uuid":"w1","timestamp":"2026-03-22T10:00:01Z"}`)
	b.Result("t2", "File created successfully", false)
	b.Say("m3", "Next steps:\n- fix TestParse")
	tr := read(t, b.Write(t), ReadOptions{})
	if tr.Prompt != "Run the suite" || len(tr.Tools) != 2 {
		t.Fatalf("prompt %q, %d tools", tr.Prompt, len(tr.Tools))
	}
	u := tr.Tools[0]
	if !u.IsError || !strings.HasPrefix(u.Output, "--- FAIL: TestParse") || u.Command != "go test ./..." {
		t.Errorf("salvaged Bash: %+v", u)
	}
	if w := tr.Tools[1]; w.Name != "Write" || w.FilePath != "/home/dev/proj/huge.txt" {
		t.Errorf("salvaged Write: %+v", w)
	}
}

func TestFiftyMegabyteSingleLine(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "big.jsonl")
	f, _ := os.Create(p)
	f.WriteString(`{"type":"user","message":{"role":"user","content":"`)
	chunk := bytes.Repeat([]byte("y"), 1<<20)
	for range 50 {
		f.Write(chunk)
	}
	f.Close() // no closing quote, no newline: one 50 MB half-written line
	_, err := ReadTurn(context.Background(), p, ReadOptions{})
	if !errors.Is(err, ErrNoTurn) {
		t.Errorf("err = %v, want ErrNoTurn", err)
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.ReaderAt
	n int64
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n += int64(n)
	return n, err
}

func TestCostDoesNotGrowWithFileSize(t *testing.T) {
	t.Parallel()
	var reads []int64
	for _, prefixTurns := range []int{10, 5000} {
		b := &transcripttest.Claude{}
		for i := range prefixTurns {
			b.Prompt("earlier prompt "+strconv.Itoa(i)).Say("a"+strconv.Itoa(i), strings.Repeat("earlier answer ", 40))
		}
		b.Prompt("the last prompt").Say("z", "the last answer")
		data := []byte(b.String())
		cr := &countingReader{r: bytes.NewReader(data)}
		tr, err := scanTurn(cr, int64(len(data)), ReadOptions{})
		if err != nil || tr.Prompt != "the last prompt" {
			t.Fatalf("turn %+v err %v", tr, err)
		}
		reads = append(reads, cr.n)
	}
	if reads[1] > chunkSize || reads[0] > chunkSize {
		t.Errorf("bytes read: %v; want one chunk at most for a small last turn", reads)
	}
}

func TestScanBudget(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("far away prompt")
	for i := range 2000 {
		b.Use("m"+strconv.Itoa(i), "t"+strconv.Itoa(i), "Read", map[string]any{"file_path": "/home/dev/proj/f" + strconv.Itoa(i)})
	}
	data := []byte(b.String())
	tr, err := scanTurn(bytes.NewReader(data), int64(len(data)), ReadOptions{Limit: chunkSize})
	if err != nil {
		t.Fatal(err)
	}
	if !tr.Truncated || tr.Prompt != "" || len(tr.Tools) == 0 {
		t.Errorf("truncated %v prompt %q tools %d", tr.Truncated, tr.Prompt, len(tr.Tools))
	}
}

func TestLaggingTranscriptIsReread(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("Write the docs")
	p := b.Write(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		time.Sleep(150 * time.Millisecond)
		f, _ := os.OpenFile(p, os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString(`{"type":"assistant","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"Docs written."}]}}` + "\n")
		f.Close()
	}()
	tr, err := ReadTurn(context.Background(), p, ReadOptions{Settle: 10 * time.Second})
	<-done
	if err != nil || tr.Closing != "Docs written." {
		t.Fatalf("closing %q err %v", tr.Closing, err)
	}
}

func TestReadTurnErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if _, err := ReadTurn(context.Background(), "", ReadOptions{}); err == nil {
		t.Error("empty path accepted")
	}
	if _, err := ReadTurn(context.Background(), filepath.Join(dir, "missing.jsonl"), ReadOptions{}); err == nil {
		t.Error("missing file accepted")
	}
	if _, err := ReadTurn(context.Background(), dir, ReadOptions{}); err == nil {
		t.Error("a directory accepted")
	}
	empty := filepath.Join(dir, "empty.jsonl")
	os.WriteFile(empty, nil, 0o644)
	if _, err := ReadTurn(context.Background(), empty, ReadOptions{}); !errors.Is(err, ErrNoTurn) {
		t.Errorf("empty file: %v", err)
	}
}

// A chat file recorded from the real Gemini CLI 0.61 (scripts/record-agents.sh), JSON lines
// whose messages are written again as they change.
func TestReadGeminiTurn(t *testing.T) {
	t.Parallel()
	p := transcripttest.Fixture(t, "gemini-cli-0.61.0_work.jsonl")
	if !IsGeminiChat(p) || IsCodexRollout(p) {
		t.Fatal("not recognised as a Gemini chat")
	}
	turn, err := ReadGeminiTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if turn.Prompt != "Add a greeting file and commit it" || !strings.Contains(turn.Closing, "Translate the greeting into German") || turn.SessionID == "" {
		t.Fatalf("turn: %+v", turn)
	}
	if len(turn.Tools) != 3 {
		t.Fatalf("tools: %d", len(turn.Tools))
	}
	write, cat, commit := turn.Tools[0], turn.Tools[1], turn.Tools[2]
	if write.Name != "Write" || !strings.HasSuffix(write.FilePath, "/greeting.txt") || write.IsError || !write.Created {
		t.Errorf("write: %+v", write)
	}
	if cat.Name != "Bash" || cat.Command != "cat missing-config.toml" || !cat.IsError || cat.Output != "cat: missing-config.toml: No such file or directory" {
		t.Errorf("failing command: %+v", cat)
	}
	if commit.IsError || !strings.Contains(commit.Output, "greeting: add the welcome text") {
		t.Errorf("commit: %+v", commit)
	}
}

// The older chat format (one JSON object), with carnet's memory echoed in <hook_context>
// before the prompt and a tool call that failed.
func TestReadGeminiTurnWholeJSON(t *testing.T) {
	t.Parallel()
	chat := `{"sessionId":"s1","projectHash":"h","messages":[
{"id":"1","timestamp":"2026-03-22T10:00:00Z","type":"user","content":"old prompt"},
{"id":"2","timestamp":"2026-03-22T10:01:00Z","type":"user","content":[{"text":"<hook_context># Mémoire de session — shop\n- a fact\n</hook_context>\n\nPush the branch"}]},
{"id":"3","timestamp":"2026-03-22T10:01:05Z","type":"gemini","content":"","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"git push"},
 "result":[{"functionResponse":{"response":{"output":"Command: git push\nDirectory: (root)\nOutput: fatal: could not read Username\nError: (none)\nExit Code: 128"}}}],"status":"success"}]},
{"id":"4","timestamp":"2026-03-22T10:01:09Z","type":"gemini","content":"The push failed: no credentials."}]}`
	turn := readGeminiChat(t, chat)
	if turn.Prompt != "Push the branch" || turn.Closing != "The push failed: no credentials." || len(turn.Tools) != 1 {
		t.Fatalf("turn: %+v", turn)
	}
	if u := turn.Tools[0]; !u.IsError || u.Command != "git push" || u.Output != "fatal: could not read Username" {
		t.Errorf("push: %+v", u)
	}
}

// A call the user cancelled (denied at the prompt, or stopped while it ran) has Gemini CLI's
// status "cancelled": it did not fail, whatever its result says.
func TestReadGeminiCancelledCall(t *testing.T) {
	t.Parallel()
	chat := `{"sessionId":"s1","projectHash":"h","messages":[
{"id":"1","timestamp":"2026-03-22T10:01:00Z","type":"user","content":"Clean the build"},
{"id":"2","timestamp":"2026-03-22T10:01:05Z","type":"gemini","content":"","toolCalls":[{"id":"c1","name":"run_shell_command","args":{"command":"rm -rf build"},
 "result":[{"functionResponse":{"response":{"error":"[Operation Cancelled] Reason: User cancelled"}}}],"status":"cancelled"}]},
{"id":"3","timestamp":"2026-03-22T10:01:09Z","type":"gemini","content":"Left as it is."}]}`
	turn := readGeminiChat(t, chat)
	if len(turn.Tools) != 1 || turn.Tools[0].IsError || !turn.Tools[0].HasResult {
		t.Errorf("cancelled call: %+v", turn.Tools)
	}
}

// A transcript recorded from the real Claude Code 2.1.328 (scripts/record-agents.sh).
func TestReadTurnClaudeCode2_1_328(t *testing.T) {
	t.Parallel()
	tr := read(t, transcripttest.Fixture(t, "claude-code-2.1.328_work.jsonl"), ReadOptions{})
	if tr.Prompt != "Add a greeting file and commit it" || !strings.Contains(tr.Closing, "Translate the greeting into German") || len(tr.Tools) != 3 {
		t.Fatalf("turn: %+v", tr)
	}
	write, cat, commit := tr.Tools[0], tr.Tools[1], tr.Tools[2]
	if write.Name != "Write" || !strings.HasSuffix(write.FilePath, "/greeting.txt") || write.IsError {
		t.Errorf("write: %+v", write)
	}
	if cat.Command != "cat missing-config.toml" || !cat.IsError || !strings.Contains(cat.Output, "No such file") {
		t.Errorf("failing command: %+v", cat)
	}
	if commit.IsError || !strings.Contains(commit.Output, "greeting: add the welcome text") {
		t.Errorf("commit: %+v", commit)
	}
}

// Claude Code 2.1's task tools: TaskCreate names a subject (its number comes back in the
// result), TaskUpdate a number and a status; the reader gives both in ToolUse.Task.
func TestReadTurnTaskTools(t *testing.T) {
	t.Parallel()
	b := &transcripttest.Claude{}
	b.Prompt("plan the migration").
		Use("m1", "t1", "TaskCreate", map[string]any{"subject": "Write the migration", "description": "schema v2", "activeForm": "Writing"}).
		Result("t1", "Task #1 created successfully: Write the migration", false).
		Use("m2", "t2", "TaskCreate", map[string]any{"subject": "Run it on staging"}).
		Result("t2", "Task #2 created successfully: Run it on staging", false).
		Use("m3", "t3", "TaskUpdate", map[string]any{"taskId": "1", "status": "completed"}).
		Result("t3", "Updated task #1 status", false).
		Say("m4", "Migration written; staging is next.")
	tr := read(t, b.Write(t), ReadOptions{})
	var got []Task
	for _, u := range tr.Tools {
		if u.Task != nil {
			got = append(got, *u.Task)
		}
	}
	want := []Task{{ID: "1", Subject: "Write the migration", Status: "pending"}, {ID: "2", Subject: "Run it on staging", Status: "pending"}, {ID: "1", Status: "completed"}}
	if !slices.Equal(got, want) {
		t.Errorf("tasks: %+v", got)
	}
}

// A user who refuses a call to say what to do instead ("[Request interrupted by user for tool
// use]") turns the turn down; one who stops it ("[Request interrupted by user]") interrupts it.
func TestRefusedCallTurnsTheTurnDown(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		marker            string
		down, interrupted bool
	}{
		{"[Request interrupted by user for tool use]", true, false},
		{"[Request interrupted by user]", false, true},
	} {
		b := (&transcripttest.Claude{}).Prompt("Find why the CI fails and plan a fix").
			Use("m1", "t1", "ExitPlanMode", map[string]any{"plan": "# Fix the CI\n\n1. Rewrite the workflow"}).
			Result("t1", "The user doesn't want to proceed with this tool use. The tool use was rejected.", true)
		b.Add(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "text", "text": c.marker}}}})
		tr := read(t, b.Write(t), ReadOptions{})
		if tr.Prompt != "Find why the CI fails and plan a fix" || tr.TurnedDown != c.down || tr.Interrupted != c.interrupted {
			t.Errorf("%s: prompt %q, turned down %v, interrupted %v", c.marker, tr.Prompt, tr.TurnedDown, tr.Interrupted)
		}
	}
}

// A turn whose newest line is a call's result ends where the agent never answered it (the
// session was closed in the middle of the turn); one that ends on the agent's text, or on
// the stop hook's feedback after it, does not.
func TestTurnThatEndsOnAResult(t *testing.T) {
	t.Parallel()
	work := func() *transcripttest.Claude {
		return (&transcripttest.Claude{}).Prompt("Fix the flaky upload test").
			Say("m1", "Found it: the retry has no back-off. Now the test run.").
			Use("m1", "t1", "Bash", map[string]any{"command": "go test ./upload"}).
			Result("t1", "ok  example.com/upload 0.2s", false)
	}
	if tr := read(t, work().Write(t), ReadOptions{}); !tr.EndsOnResult {
		t.Errorf("a turn that stops on a result: EndsOnResult false")
	}
	if tr := read(t, work().Say("m2", "The test passes now.").Write(t), ReadOptions{}); tr.EndsOnResult {
		t.Errorf("a turn answered after its result: EndsOnResult true")
	}
	if tr := read(t, work().Say("m2", "The test passes now.").Meta("Stop hook feedback: noted").Write(t), ReadOptions{}); tr.EndsOnResult {
		t.Errorf("stop hook feedback after the answer: EndsOnResult true")
	}
}
