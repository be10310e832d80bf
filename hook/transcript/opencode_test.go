package transcript

import (
	"context"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A session exported from the real OpenCode 1.18.33 (`opencode export`, the shape carnet's
// plugin hands the hook) after the scripted "work" session.
func TestReadOpenCodeTurn(t *testing.T) {
	t.Parallel()
	p := transcripttest.Fixture(t, "opencode-1.18.33_work.json")
	if FormatOf(p) != FormatOpenCode {
		t.Fatal("not recognised as an OpenCode session")
	}
	turn, err := ReadOpenCodeTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// `opencode run` quotes an argument holding a space: the quotes are not the prompt's.
	if turn.Prompt != "Add a greeting file and commit it" || !strings.Contains(turn.Closing, "Translate the greeting into German") ||
		!strings.HasPrefix(turn.SessionID, "ses_") || turn.Cwd == "" || turn.PromptTime.IsZero() {
		t.Fatalf("turn: %+v", turn)
	}
	if len(turn.Tools) != 3 {
		t.Fatalf("tools: %d", len(turn.Tools))
	}
	write, cat, commit := turn.Tools[0], turn.Tools[1], turn.Tools[2]
	if write.Name != "Write" || !strings.HasSuffix(write.FilePath, "/greeting.txt") || write.IsError || !write.Created || !write.Edits() {
		t.Errorf("write: %+v", write)
	}
	if cat.Name != "Bash" || cat.Command != "cat missing-config.toml" || !cat.IsError || cat.Output != "cat: missing-config.toml: No such file or directory" {
		t.Errorf("failing command: %+v", cat)
	}
	if commit.IsError || !strings.Contains(commit.Output, "greeting: add the welcome text") {
		t.Errorf("commit: %+v", commit)
	}
}

// The last turn starts at the last prompt typed; an errored tool is a failure with its
// error as the cause; todowrite keeps its list; synthetic texts are not the user's.
func TestReadOpenCodeTurnLastPrompt(t *testing.T) {
	t.Parallel()
	session := `{"info":{"id":"ses_1","directory":"/p"},"messages":[
{"info":{"id":"m1","role":"user","time":{"created":1000}},"parts":[{"type":"text","text":"old prompt"}]},
{"info":{"id":"m2","role":"assistant","time":{"created":1001}},"parts":[{"type":"text","text":"old answer"}]},
{"info":{"id":"m3","role":"user","time":{"created":2000}},"parts":[{"type":"text","text":"Fix the \"parser\""},{"type":"text","text":"file contents","synthetic":true}]},
{"info":{"id":"m4","role":"assistant","time":{"created":2001,"completed":2005}},"parts":[
 {"type":"tool","tool":"edit","callID":"c1","state":{"status":"error","input":{"filePath":"/p/a.go"},"error":"Error: oldString not found in content"}},
 {"type":"tool","tool":"todowrite","callID":"c2","state":{"status":"completed","input":{"todos":[{"content":"add tests","status":"pending","priority":"high","id":"1"}]},"output":"[]"}},
 {"type":"text","text":"Parser fixed."}]}]}`
	turn := readOpenCode(t, session)
	if turn.Prompt != `Fix the "parser"` || turn.Closing != "Parser fixed." || len(turn.Texts) != 1 || len(turn.Tools) != 2 {
		t.Fatalf("turn: %+v", turn)
	}
	if u := turn.Tools[0]; u.Name != "Edit" || !u.IsError || u.Output != "Error: oldString not found in content" {
		t.Errorf("edit: %+v", u)
	}
	if u := turn.Tools[1]; u.Name != "TodoWrite" || len(u.Todos) != 1 || u.Todos[0] != (Todo{Content: "add tests", Status: "pending"}) {
		t.Errorf("todos: %+v", u)
	}
}

// The gate's reading of OpenCode sessions and Gemini CLI chats: the offset counts messages,
// so a check judges only the messages after the previous one.
func TestReadActivityMessages(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"opencode-1.18.33_work.json", "gemini-cli-0.61.0_work.jsonl"} {
		p := transcripttest.Fixture(t, name)
		act, n, err := ReadActivity(p, 0)
		if err != nil || act.Tools != 3 || act.Stores != 0 || len(act.Edits) != 1 || !strings.HasSuffix(act.Edits[0], "/greeting.txt") || n < 2 {
			t.Errorf("%s: %+v %d %v", name, act, n, err)
		}
		again, n2, err := ReadActivity(p, n)
		if err != nil || again.Tools != 0 || len(again.Edits) != 0 || n2 != n {
			t.Errorf("%s, from %d: %+v %d %v", name, n, again, n2, err)
		}
		whole, _, _ := ReadActivity(p, n+100) // more messages than the file has: another session
		if whole.Tools != 3 {
			t.Errorf("%s, offset past the end: %+v", name, whole)
		}
	}
}

// Each agent names carnet's MCP tools its own way.
func TestCarnetMCPToolNames(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"mcp__carnet__memory_add", "carnet__memory_done", "carnet_memory_write", "mcp_carnet_memory_forget"} {
		if !storesMemory(&ToolUse{Name: name}) {
			t.Errorf("%s is a memory write", name)
		}
	}
	for _, name := range []string{"carnet_memory_read", "mcp__other__memory_add", "memory_add", "carnetx_memory_add"} {
		if storesMemory(&ToolUse{Name: name}) {
			t.Errorf("%s is not a memory write", name)
		}
	}
}
