package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// codexRollout writes a Codex rollout file in the line format of codex-rs/protocol's
// RolloutItem ({timestamp, type, payload}): an older turn, then the last one with a shell
// command that fails, one that commits, an apply_patch and the final answer.
func codexRollout(t *testing.T, cwd string) string {
	t.Helper()
	str := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	line := func(ts, typ string, payload map[string]any) string {
		return str(map[string]any{"timestamp": "2026-03-22T10:" + ts + "Z", "type": typ, "payload": payload})
	}
	msg := func(role, kind, text string) map[string]any {
		return map[string]any{"type": "message", "role": role, "content": []any{map[string]any{"type": kind, "text": text}}}
	}
	patch := "*** Begin Patch\n*** Update File: pkg/server.go\n@@\n-old\n+new\n*** Add File: pkg/server_test.go\n+package pkg\n*** End Patch\n"
	lines := []string{
		line("00:00.000", "session_meta", map[string]any{"id": "0199-codex", "timestamp": "2026-03-22T10:00:00Z", "cwd": cwd, "originator": "codex_cli_rs", "cli_version": "0.130.0"}),
		line("00:00.100", "response_item", msg("user", "input_text", "<environment_context>\n  <cwd>"+cwd+"</cwd>\n</environment_context>")),
		line("00:01.000", "response_item", msg("user", "input_text", "Older prompt that must not be read")),
		line("00:01.000", "event_msg", map[string]any{"type": "user_message", "message": "Older prompt that must not be read"}),
		line("00:02.000", "response_item", msg("assistant", "output_text", "Older answer.")),
		line("01:00.000", "turn_context", map[string]any{"cwd": cwd, "approval_policy": "on-request", "model": "gpt-5-codex"}),
		line("01:00.100", "response_item", msg("user", "input_text", "Add a timeout to the server and commit")),
		line("01:00.100", "event_msg", map[string]any{"type": "user_message", "message": "Add a timeout to the server and commit", "images": []any{}}),
		line("01:01.000", "response_item", map[string]any{"type": "reasoning", "summary": []any{}, "encrypted_content": "xyz"}),
		line("01:02.000", "response_item", map[string]any{"type": "function_call", "name": "shell", "call_id": "call_1",
			"arguments": str(map[string]any{"command": []string{"bash", "-lc", "go test ./pkg/..."}, "workdir": cwd})}),
		line("01:03.000", "response_item", map[string]any{"type": "function_call_output", "call_id": "call_1",
			"output": str(map[string]any{"output": "--- FAIL: TestTimeout\npanic: nil map assignment\nFAIL\tpkg\n", "metadata": map[string]any{"exit_code": 1, "duration_seconds": 0.8}})}),
		line("01:04.000", "response_item", map[string]any{"type": "custom_tool_call", "status": "completed", "call_id": "call_2", "name": "apply_patch", "input": patch}),
		line("01:04.500", "response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "call_2",
			"output": str(map[string]any{"output": "Success. Updated the following files:\nM pkg/server.go\nA pkg/server_test.go\n", "metadata": map[string]any{"exit_code": 0}})}),
		line("01:05.000", "response_item", map[string]any{"type": "function_call", "name": "shell_command", "call_id": "call_3",
			"arguments": str(map[string]any{"command": "git commit -am 'server: add a request timeout'", "workdir": cwd})}),
		line("01:06.000", "response_item", map[string]any{"type": "function_call_output", "call_id": "call_3",
			"output": "Exit code: 0\nWall time: 0.1 seconds\nOutput:\n[main 1a2b3c4] server: add a request timeout\n 2 files changed\n"}),
		line("01:07.000", "response_item", msg("assistant", "output_text", "Added a 30 s request timeout in pkg/server.go and committed it.")),
		line("01:07.000", "event_msg", map[string]any{"type": "agent_message", "message": "Added a 30 s request timeout in pkg/server.go and committed it."}),
		line("01:07.100", "event_msg", map[string]any{"type": "task_complete", "turn_id": "turn-2", "last_agent_message": "Added a 30 s request timeout in pkg/server.go and committed it."}),
	}
	p := filepath.Join(t.TempDir(), "rollout-2026-03-22T10-00-00-0199-codex.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestHookCodexStop(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "language = \"en\"\n")
	rollout := codexRollout(t, ws)
	in := hookInput("Stop", rollout, ws, map[string]any{"turn_id": "turn-2", "model": "gpt-5-codex", "permission_mode": "default",
		"stop_hook_active": false, "last_assistant_message": "Added a 30 s request timeout in pkg/server.go and committed it."})
	r := runCarnet(t, bin, in, nil, "--root", ws, "--hook")
	// Two files and a commit, nothing recorded: the gate sends the turn back, once it is captured.
	if r.code != 2 || !strings.Contains(r.stderr, "pkg/server.go, pkg/server_test.go") || r.stdout != "" {
		t.Fatalf("%+v", r)
	}
	log := todayLog(t, ws)
	for _, want := range []string{"Add a timeout to the server and commit", "pkg/server.go", "pkg/server_test.go",
		"Commit 1a2b3c4: server: add a request timeout", "go test ./pkg/...", "panic: nil map assignment"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "Older prompt") || strings.Contains(log, "environment_context") {
		t.Errorf("log holds more than the last turn:\n%s", log)
	}
	if lines := hookLogLines(ws); len(lines) > 0 {
		t.Errorf("hook.log: %q", lines)
	}
}

func TestHookCodexStopWithoutTranscript(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "language = \"en\"\n")
	data, _ := json.Marshal(map[string]any{"session_id": "s-codex", "turn_id": "turn-1", "transcript_path": nil, "cwd": ws,
		"hook_event_name": "Stop", "model": "gpt-5-codex", "permission_mode": "default", "stop_hook_active": false,
		"last_assistant_message": "Decision: keep the cache in memory; no Redis for now."})
	r := runCarnet(t, bin, data, nil, "--root", ws, "--hook")
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("%+v", r)
	}
	if log := todayLog(t, ws); !strings.Contains(log, "keep the cache in memory") {
		t.Errorf("log lacks the last assistant message:\n%s", log)
	}
	// stop_hook_active: the continued turn is captured, once, and nothing blocks it again.
	ws2 := hookWorkspace(t, "[hook]\ngate = true\n")
	data, _ = json.Marshal(map[string]any{"session_id": "s", "turn_id": "t", "transcript_path": nil, "cwd": ws2,
		"hook_event_name": "Stop", "stop_hook_active": true, "last_assistant_message": "Decision: keep the queue in SQLite."})
	for range 2 {
		if r := runCarnet(t, bin, data, nil, "--root", ws2, "--hook"); r.code != 0 || r.stderr != "" {
			t.Fatalf("%+v", r)
		}
	}
	if log := todayLog(t, ws2); strings.Count(log, "keep the queue in SQLite") != 1 {
		t.Errorf("stop_hook_active: want the decision once:\n%s", log)
	}
}

// Kimi Code's Stop names no transcript: its final answer (response, kimi-cli 1.45 and later)
// is what carnet captures.
func TestHookKimiStop(t *testing.T) {
	bin := carnetBin(t)
	ws := hookWorkspace(t, "language = \"en\"\n")
	data, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": "k-1", "cwd": ws, "stop_hook_active": false,
		"response": "Moved the parser to its own package.\nDecision: keep the lexer private, because nothing else needs it.", "stop_reason": "end_turn"})
	r := runCarnet(t, bin, data, nil, "--root", ws, "--hook")
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("%+v", r)
	}
	if log := todayLog(t, ws); !strings.Contains(log, "keep the lexer private") {
		t.Errorf("log lacks the final answer:\n%s", log)
	}
}

func TestHookGeminiAfterAgent(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "language = \"en\"\n")
	data, _ := json.Marshal(map[string]any{"session_id": "g-1", "transcript_path": "", "cwd": ws, "hook_event_name": "AfterAgent",
		"timestamp": "2026-03-22T10:00:00Z", "prompt": "Why does the login page hang?",
		"prompt_response": "The login page hangs because the session store times out.\nDecision: raise the store timeout to 5 s.", "stop_hook_active": false})
	r := runCarnet(t, bin, data, nil, "--root", ws, "--hook")
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("%+v", r)
	}
	log := todayLog(t, ws)
	for _, want := range []string{"Why does the login page hang?", "raise the store timeout"} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	// SessionEnd with nothing to read writes nothing and prints nothing.
	data, _ = json.Marshal(map[string]any{"session_id": "g-1", "transcript_path": "", "cwd": ws, "hook_event_name": "SessionEnd", "reason": "exit"})
	before := todayLog(t, ws)
	if r := runCarnet(t, bin, data, nil, "--root", ws, "--hook"); r.code != 0 || r.stdout != "" {
		t.Fatalf("%+v", r)
	}
	if todayLog(t, ws) != before {
		t.Error("SessionEnd with nothing to read changed the log")
	}
}

func TestHookSessionStartCodexAndGemini(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	os.WriteFile(filepath.Join(ws, "memory_sessions", "logs", hookDay+".md"), []byte("# Log session — "+hookDay+"\n\n## À suivre\n- Point du jour\n"), 0o644)
	inputs := map[string]map[string]any{
		"codex":  {"session_id": "c", "turn_id": nil, "transcript_path": nil, "cwd": ws, "hook_event_name": "SessionStart", "model": "gpt-5-codex", "permission_mode": "default", "source": "startup"},
		"gemini": {"session_id": "g", "transcript_path": "", "cwd": ws, "hook_event_name": "SessionStart", "timestamp": "2026-03-22T10:00:00Z", "source": "startup"},
	}
	for name, in := range inputs {
		data, _ := json.Marshal(in)
		r := runCarnet(t, bin, data, nil, "--hook")
		if r.code != 0 {
			t.Fatalf("%s: %+v", name, r)
		}
		var out struct {
			HookSpecificOutput struct {
				HookEventName     string `json:"hookEventName"`
				AdditionalContext string `json:"additionalContext"`
			} `json:"hookSpecificOutput"`
		}
		dec := json.NewDecoder(strings.NewReader(r.stdout))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&out); err != nil || dec.More() {
			t.Fatalf("%s: stdout is not one JSON object: %v\n%s", name, err, r.stdout)
		}
		if out.HookSpecificOutput.HookEventName != "SessionStart" || !strings.Contains(out.HookSpecificOutput.AdditionalContext, "Point du jour") {
			t.Errorf("%s: %+v", name, out)
		}
	}
}

// Gemini CLI's PreCompress and SessionEnd read its chat file (recorded from the real CLI), not
// the Claude reader: the failing command reaches the log and hook.log stays empty.
func TestHookGeminiChatEvents(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	for _, event := range []string{"PreCompress", "SessionEnd"} {
		ws := hookWorkspace(t, "")
		in := hookInput(event, fixturePath(t, "gemini-cli-0.61.0_work.jsonl"), ws, map[string]any{"trigger": "auto", "reason": "exit"})
		if r := runCarnet(t, bin, in, nil, "--root", ws, "--hook"); r.code != 0 {
			t.Fatalf("%s: %+v", event, r)
		}
		log := todayLog(t, ws)
		// the session's failing call reads a file that is not there: the agent looking, no failure
		if strings.Contains(log, "cat missing-config.toml") || !strings.Contains(log, "greeting.txt") {
			t.Errorf("%s: log:\n%s", event, log)
		}
		if lines := hookLogLines(ws); len(lines) > 0 {
			t.Errorf("%s: hook.log: %q", event, lines)
		}
	}
}

// Gemini CLI may compress before the first turn: a PreCompress on a chat with no turn yet
// writes nothing and logs nothing.
func TestHookGeminiPreCompressBeforeAnyTurn(t *testing.T) {
	t.Parallel()
	bin := carnetBin(t)
	ws := hookWorkspace(t, "")
	chat := filepath.Join(t.TempDir(), "session-x.jsonl")
	os.WriteFile(chat, []byte(`{"sessionId":"s","projectHash":"h","startTime":"2026-03-22T10:00:00Z","kind":"main"}`+"\n"), 0o644)
	before := memorySnapshot(t, ws)
	if r := runCarnet(t, bin, hookInput("PreCompress", chat, ws, map[string]any{"trigger": "auto"}), nil, "--root", ws, "--hook"); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	if lines := hookLogLines(ws); len(lines) > 0 {
		t.Errorf("hook.log: %q", lines)
	}
	if after := memorySnapshot(t, ws); !reflect.DeepEqual(before, after) {
		t.Error("memory changed")
	}
}

// A Codex command that outlives its yield time ends in the write_stdin call that polls its
// session: through the real binary, a test that failed that way is logged with its cause, a
// build that failed again that way is not fixed, and a linter that went through that way
// fixes its earlier failure (a fixed linter's failure is left out).
func TestHookCodexPolledCommands(t *testing.T) {
	t.Parallel()
	r := newCodexRun(t)
	r.prompt("Run the tests and fix the build")
	r.Exec("go test ./...", transcripttest.Running(7002, "=== RUN   TestParse\n"))
	r.WriteStdin(7002, "", transcripttest.Running(7002, "--- FAIL: TestParse (0.00s)\n    parse_test.go:12: got 3, want 2\n"))
	r.WriteStdin(7002, "", transcripttest.Exited(1, "FAIL\nFAIL\tcarnet/parse\t0.012s\n"))
	r.Exec("npm run build", transcripttest.Exited(2, "src/app.ts(3,1): error TS2304: Cannot find name 'foo'.\n"))
	r.Exec("npm run build", transcripttest.Running(7003, "building…\n"))
	r.WriteStdin(7003, "", transcripttest.Exited(2, "src/app.ts(7,5): error TS2322: Type 'string' is not assignable to type 'number'.\n"))
	r.Exec("npm run lint", transcripttest.Exited(1, "src/app.ts\n  4:7  error  'x' is assigned a value but never used  no-unused-vars\n"))
	r.Exec("npm run lint", transcripttest.Running(7004, "linting…\n"))
	r.WriteStdin(7004, "", transcripttest.Exited(0, "no problems\n"))
	r.answer("The linter passes; TestParse and the build still fail.")
	log := r.stop()
	for _, want := range []string{
		"\n- `go test ./...` failed: parse_test.go:12: got 3, want 2\n",
		"\n- `npm run build` failed: src/app.ts(7,5): error TS2322: Type 'string' is not assignable to type 'number'.\n",
	} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "no-unused-vars") || strings.Contains(log, "write_stdin") {
		t.Errorf("the linter's fixed failure, or a poll, logged:\n%s", log)
	}
}

// A Codex plan the user takes up ("Implement the plan.") names its task: the hook rewrites
// the goal it wrote for the turn that proposed the plan as the plan's title, and writes no
// bare "Plan approved" decision.
func TestHookCodexPlanTitleIsTheGoal(t *testing.T) {
	t.Parallel()
	r := newCodexRun(t)
	r.prompt("Write the application for the spring round")
	r.answer("<proposed_plan>\n# Grant reapplication\n- rewrite the summary\n- add the usage figures\n</proposed_plan>")
	if log := r.stop(); !strings.Contains(log, "- Write the application for the spring round\n") {
		t.Fatalf("first turn:\n%s", log)
	}
	r.prompt("Implement the plan.")
	r.patch("p1", "*** Begin Patch\n*** Update File: app.md\n@@\n-a\n+b\n*** End Patch\n", "Success. Updated the following files:\nM app.md\n")
	r.answer("The application is rewritten.")
	log := r.stop()
	if !strings.Contains(log, "## Goal\n- Grant reapplication\n") || strings.Contains(log, "spring round") || strings.Contains(log, "Plan approved") || !strings.Contains(log, "Files changed: app.md") {
		t.Errorf("goal:\n%s", log)
	}
	if strings.Contains(log, "Resume the interrupted work") {
		t.Errorf("a finished turn left work to resume:\n%s", log)
	}
}

// A prompt the Codex app framed with its context is told by the user's request, and Codex
// going on with a /goal by the goal's objective: neither the context nor Codex's own
// continuation text reaches the log.
func TestHookCodexAppFramingAndGoalContinuation(t *testing.T) {
	t.Parallel()
	r := newCodexRun(t)
	r.prompt("# Context from my IDE setup:\n\n## Open tabs:\n- app.md: app.md\n\n## My request for Codex:\nAdd the export button to the reports page\n")
	r.answer("The button is in.")
	if log := r.stop(); !strings.Contains(log, "- Add the export button to the reports page\n") || strings.Contains(log, "Context from my IDE") || strings.Contains(log, "Open tabs") {
		t.Fatalf("framed prompt:\n%s", log)
	}
	r.Item("response_item", map[string]any{"type": "message", "role": "user", "content": []map[string]any{{"type": "input_text",
		"text": "<goal_context>\nContinue working toward the active thread goal.\n\n<objective>\nShip the CSV exporter with its tests\n</objective>\n\nBudget: 1200 tokens used\n</goal_context>"}}})
	r.patch("p1", "*** Begin Patch\n*** Add File: export.py\n+import csv\n*** End Patch\n", "Success. Updated the following files:\nA export.py\n")
	r.answer("The exporter and its tests are in.")
	log := r.stop()
	if !strings.Contains(log, "- Ship the CSV exporter with its tests\n") || strings.Contains(log, "goal_context") || strings.Contains(log, "Continue working toward") {
		t.Errorf("goal continuation:\n%s", log)
	}
}

// A Codex command that failed inside the sandbox and went through when the agent ran it
// again outside it (sandbox_permissions: require_escalated) is no problem of the project;
// a deleted file is listed as deleted.
func TestHookCodexSandboxRetryAndDeletedFile(t *testing.T) {
	t.Parallel()
	r := newCodexRun(t)
	exec := func(r *codexRun, id, cmd, sandbox, output string) {
		args, _ := json.Marshal(map[string]any{"cmd": cmd, "sandbox_permissions": sandbox})
		r.Item("response_item", map[string]any{"type": "function_call", "name": "exec_command", "arguments": string(args), "call_id": id})
		r.Item("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": output})
	}
	r.prompt("Drop the old page and check the server")
	exec(r, "c1", "rm app/old/page.tsx", "", transcripttest.Exited(0, ""))
	exec(r, "c2", "curl -sS http://127.0.0.1:8080/api/health", "", transcripttest.Exited(7, "curl: (7) Failed to connect to 127.0.0.1 port 8080 after 0 ms: Couldn't connect to server\n"))
	exec(r, "c3", "curl -sS http://127.0.0.1:8080/api/health", "require_escalated", transcripttest.Exited(0, `{"status":"ok"}`+"\n"))
	r.answer("The page is gone and the server answers.")
	log := r.stop()
	if strings.Contains(log, "Couldn't connect") || !strings.Contains(log, "- Files deleted: app/old/page.tsx\n") {
		t.Errorf("log:\n%s", log)
	}
}

// codexRun is a Codex session driven through the built binary's --hook: its rollout, grown
// turn by turn, and the workspace the hook writes to.
type codexRun struct {
	*transcripttest.Rollout
	t                *testing.T
	bin, ws, rollout string
}

func newCodexRun(t *testing.T) *codexRun {
	return &codexRun{Rollout: &transcripttest.Rollout{}, t: t, bin: carnetBin(t), ws: hookWorkspace(t, "language = \"en\"\n"),
		rollout: filepath.Join(t.TempDir(), "rollout.jsonl")}
}

// prompt and answer append the user's message and the agent's.
func (c *codexRun) prompt(text string) {
	c.Item("event_msg", map[string]any{"type": "user_message", "message": text})
}
func (c *codexRun) answer(text string) {
	c.Item("event_msg", map[string]any{"type": "agent_message", "message": text})
}

// patch appends an apply_patch call and its output.
func (c *codexRun) patch(id, input, output string) {
	c.Item("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "call_id": id, "input": input})
	c.Item("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": id, "output": output})
}

// stop writes the rollout, runs the hook's Stop on it and returns today's log.
func (c *codexRun) stop() string {
	c.t.Helper()
	c.Write(c.t, c.rollout)
	if res := runCarnet(c.t, c.bin, hookInput("Stop", c.rollout, c.ws, nil), nil, "--root", c.ws, "--hook"); res.code != 0 {
		c.t.Fatalf("%+v", res)
	}
	return todayLog(c.t, c.ws)
}
