package transcript

import (
	"carnet/hook/transcript/transcripttest"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// A rollout whose last turn uses the newer exec_command tool (text output with
// "Process exited with code N") and whose last line is half-written.
func TestReadCodexTurnExecCommandAndPartialLine(t *testing.T) {
	t.Parallel()
	big := strings.Repeat(`{"timestamp":"2026-03-22T09:00:00Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"old filler"}]}}`+"\n", 2000)
	rollout := `{"timestamp":"2026-03-22T09:00:00Z","type":"session_meta","payload":{"id":"sess-x","cwd":"/repo"}}` + "\n" + big +
		`{"timestamp":"2026-03-22T10:00:00Z","type":"event_msg","payload":{"type":"user_message","message":"run the linter"}}` + "\n" +
		`{"timestamp":"2026-03-22T10:00:01Z","type":"response_item","payload":{"type":"function_call","name":"exec_command","arguments":"{\"cmd\":\"golangci-lint run\"}","call_id":"c1"}}` + "\n" +
		`{"timestamp":"2026-03-22T10:00:02Z","type":"response_item","payload":{"type":"function_call_output","call_id":"c1","output":"Chunk ID: 1\nWall time: 2.0 seconds\nProcess exited with code 1\nOutput:\nmain.go:3:2: undefined: foo\n"}}` + "\n" +
		`{"timestamp":"2026-03-22T10:00:03Z","type":"response_item","payload":{"type":"function_call","name":"shell","arguments":"{\"command\":[\"apply_patch\",\"*** Begin Patch\\n*** Delete File: old.go\\n*** End Patch\\n\"]}","call_id":"c2"}}` + "\n" +
		`{"timestamp":"2026-03-22T10:00:04Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"The linter fails on main.go."}]}}` + "\n" +
		`{"timestamp":"2026-03-22T10:00:05Z","type":"event_msg","payload":{"type":"token_co`
	p := filepath.Join(t.TempDir(), "rollout.jsonl")
	os.WriteFile(p, []byte(rollout), 0o644)
	if !IsCodexRollout(p) {
		t.Fatal("not recognised as a rollout")
	}
	turn, err := ReadCodexTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if turn.Prompt != "run the linter" || turn.Closing != "The linter fails on main.go." || turn.Skipped != 1 {
		t.Fatalf("turn: %+v", turn)
	}
	if turn.Lines > 10 {
		t.Errorf("read %d lines: the reader went past the last turn", turn.Lines)
	}
	if len(turn.Tools) != 2 {
		t.Fatalf("tools: %d", len(turn.Tools))
	}
	lint, del := turn.Tools[0], turn.Tools[1]
	if lint.Name != "Bash" || lint.Command != "golangci-lint run" || !lint.IsError || !strings.Contains(lint.Output, "undefined: foo") {
		t.Errorf("lint: %+v", lint)
	}
	if del.Name != "Edit" || del.FilePath != "old.go" {
		t.Errorf("patch: %+v", del)
	}
	// A Claude transcript is not a rollout.
	claude := filepath.Join(t.TempDir(), "c.jsonl")
	os.WriteFile(claude, []byte(`{"type":"user","message":{"role":"user","content":"hi"}}`+"\n"), 0o644)
	if IsCodexRollout(claude) {
		t.Error("a Claude transcript taken for a rollout")
	}
}

// A rollout recorded from the real Codex 0.169 in code mode (scripts/record-agents.sh): every
// tool call is an exec script calling tools.apply_patch / tools.exec_command, and the outputs
// carry no exit code.
func TestReadCodexTurnCodeMode(t *testing.T) {
	t.Parallel()
	turn, err := ReadCodexTurn(context.Background(), transcripttest.Fixture(t, "codex-0.169.0_code-mode_work.jsonl"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if turn.Prompt != "Add a greeting file and commit it" || !strings.Contains(turn.Closing, "Translate the greeting into German") {
		t.Fatalf("turn: %+v", turn)
	}
	if len(turn.Tools) != 3 {
		t.Fatalf("tools: %d", len(turn.Tools))
	}
	write, cat, commit := turn.Tools[0], turn.Tools[1], turn.Tools[2]
	if write.Name != "Write" || write.FilePath != "greeting.txt" || write.IsError {
		t.Errorf("patch: %+v", write)
	}
	if cat.Command != "cat missing-config.toml" || !cat.IsError || !strings.Contains(cat.Output, "No such file") {
		t.Errorf("failing command: %+v", cat)
	}
	if !strings.Contains(commit.Command, "git commit") || commit.IsError || !strings.Contains(commit.Output, "greeting: add the welcome text") {
		t.Errorf("commit: %+v", commit)
	}
}

// A code-mode command whose output names no error failed when its item_completed line says
// it exited non-zero.
func TestReadCodexTurnCodeModeExitCode(t *testing.T) {
	t.Parallel()
	turn, err := ReadCodexTurn(context.Background(), transcripttest.Fixture(t, "codex-0.169.0_code-mode_build-fails.jsonl"), ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(turn.Tools) != 3 {
		t.Fatalf("tools: %d", len(turn.Tools))
	}
	if mk, commit := turn.Tools[1], turn.Tools[2]; mk.Command != "make check" || !mk.IsError || !strings.Contains(mk.Output, "No rule to make target") || commit.IsError {
		t.Errorf("make: %+v\ncommit: %+v", mk, commit)
	}
}

// A command the turn ran with both exits is told by its output alone: the events do not
// say which call each exit was.
func TestReadCodexTurnCodeModeBothExits(t *testing.T) {
	t.Parallel()
	data, err := os.ReadFile(transcripttest.Fixture(t, "codex-0.169.0_code-mode_build-fails.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for l := range strings.Lines(string(data)) {
		out = append(out, l)
		if strings.Contains(l, `"item_completed"`) && strings.Contains(l, `"exit_code":2`) {
			out = append(out, strings.Replace(l, `"exit_code":2`, `"exit_code":0`, 1))
		}
	}
	p := filepath.Join(t.TempDir(), "rollout.jsonl")
	if err := os.WriteFile(p, []byte(strings.Join(out, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	turn, err := ReadCodexTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if mk := turn.Tools[1]; mk.Command != "make check" || mk.IsError {
		t.Errorf("make: %+v", mk)
	}
}

func TestCodeModeCalls(t *testing.T) {
	t.Parallel()
	script := "const a = await tools.exec_command({\"cmd\":\"go test ./...\"});\ntext(a.output);\n" +
		"await tools.apply_patch(`*** Begin Patch\n*** Update File: x.go\n@@\n-a\n+b\n*** End Patch`);\n" +
		"const r = await tools.web__run({\"open\":[]}); // tools.not a call\n"
	c := codexCollector{reading: newReading(&Turn{})}
	c.codeMode("call_1", script, time.Time{})
	c.finish()
	got := []string{}
	for _, u := range c.turn.Tools {
		got = append(got, u.Name+":"+u.Command+u.FilePath)
	}
	if want := []string{"Bash:go test ./...", "Edit:x.go", "web__run:"}; !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
	for line, want := range map[string]bool{
		"cat: a.toml: No such file or directory": true, "fatal: unable to read tree": true,
		"cat: the cat is fine": false, "ok  \tcarnet/x": false, "": false,
	} {
		if reportsOwnError("cat a.toml", line) != want {
			t.Errorf("%q: want %v", line, want)
		}
	}
}

// A shell call run outside Codex's sandbox says so: require_escalated in a function call's
// arguments or a code-mode call's, and the older with_escalated_permissions.
func TestCodexEscalatedCalls(t *testing.T) {
	t.Parallel()
	script := "const a = await tools.exec_command({\"cmd\":\"curl -sS http://127.0.0.1:8080/api/health\"});\ntext(a.output);\n" +
		"const b = await tools.exec_command({\"cmd\":\"curl -sS http://127.0.0.1:8080/api/health\",\"sandbox_permissions\":\"require_escalated\"});\n"
	c := codexCollector{reading: newReading(&Turn{})}
	c.codeMode("call_1", script, time.Time{})
	c.call("call_2", "shell", `{"command":["bash","-lc","npm run dev"],"with_escalated_permissions":true}`, time.Time{})
	c.call("call_3", "exec_command", `{"cmd":"npm test"}`, time.Time{})
	c.finish()
	var got []string
	for _, u := range c.turn.Tools { // the collector reads a rollout newest first
		got = append(got, fmt.Sprintf("%s %s %v", u.ID, u.Command, u.Escalated))
	}
	want := []string{"call_3 npm test false", "call_2 npm run dev true",
		"call_1 curl -sS http://127.0.0.1:8080/api/health false", "call_1 curl -sS http://127.0.0.1:8080/api/health true"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// A code-mode script's output carries no exit code unless the script printed one: as the
// exec_command result's JSON (text(JSON.stringify(r))) or as an "Exit code: N" line. A
// non-zero one marks the failure even when no line names an error, the last line as cause.
func TestCodeModeResultExitCode(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		printed, cause string
		failed         bool
	}{
		{`{"chunk_id":"1","wall_time_seconds":0.2,"exit_code":1,"output":"ok  \tcarnet/a\nFAIL\tcarnet/b [build failed]\n"}`, "FAIL\tcarnet/b [build failed]", true},
		{`{"exit_code":2,"output":"checking…\n3 files left\n"}`, "3 files left", true},
		{"Exit code: 1\nrunning\nstill running\n", "still running", true},
		{`{"exit_code":0,"output":"all good\n"}`, "all good", false},
		{"cat: x.toml: No such file or directory\n", "cat: x.toml: No such file or directory", false}, // reportsOwnError judges it, with the command
	} {
		r := codeModeResult("Script completed\nWall time 0.2 seconds\nOutput:\n" + c.printed)
		if r.isError != c.failed || r.output != c.cause || !r.script {
			t.Errorf("%q: failed %v, cause %q", c.printed, r.isError, r.output)
		}
	}
}

// An exec_command that outlives its yield time says "Process running with session ID N";
// the write_stdin calls that poll that session bring the rest of its output and, at last,
// its exit code: they are the command's, read as if the exec_command had returned them.
// Two processes run at once; one is still running at the end of the turn.
func TestReadCodexTurnPolledExec(t *testing.T) {
	t.Parallel()
	r := &transcripttest.Rollout{}
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "run the tests"})
	r.Exec("npm run dev", transcripttest.Running(7001, "VITE ready in 300 ms\n"))
	r.Exec("go test ./...", transcripttest.Running(7002, "=== RUN   TestParse\n"))
	r.WriteStdin(7002, "", transcripttest.Running(7002, "--- FAIL: TestParse (0.00s)\n    parse_test.go:12: got 3, want 2\n"))
	r.WriteStdin(7001, "", transcripttest.Running(7001, "page reload src/app.ts\n"))
	r.WriteStdin(7002, "", transcripttest.Exited(1, "FAIL\nFAIL\tcarnet/parse\t0.012s\n"))
	r.Exec("npm run build", transcripttest.Running(7003, "building…\n"))
	r.WriteStdin(7003, "", transcripttest.Exited(0, "built in 3.2s\n"))
	r.Item("event_msg", map[string]any{"type": "agent_message", "message": "TestParse fails."})
	turn := readRollout(t, r)
	var got []string
	for _, u := range turn.Tools {
		got = append(got, u.Name+":"+u.Command)
	}
	if want := []string{"Bash:npm run dev", "Bash:go test ./...", "Bash:npm run build"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("tools %q, want %q", got, want)
	}
	dev, test, build := turn.Tools[0], turn.Tools[1], turn.Tools[2]
	if !test.HasResult || !test.IsError || test.Output != "parse_test.go:12: got 3, want 2" {
		t.Errorf("go test: %+v", test)
	}
	if !build.HasResult || build.IsError || build.Output != "building…" {
		t.Errorf("build: %+v", build)
	}
	if dev.IsError || strings.Contains(dev.Output, "Chunk ID") {
		t.Errorf("dev server: %+v", dev)
	}
}

// The older shell forms read as before: the shell tool (argv, its output JSON with
// metadata.exit_code), local_shell_call (its output a function_call_output, or only an
// exec_command_end event), and an exec_command_end event for a process that outlived its
// exec_command (the whole output, as Codex aggregated it), whose polls then add nothing; and
// the plain "failed in sandbox: …" of older versions, a call the sandbox stopped.
func TestReadCodexTurnShellForms(t *testing.T) {
	t.Parallel()
	str := func(v any) string { b, _ := json.Marshal(v); return string(b) }
	r := &transcripttest.Rollout{}
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "build it"})
	r.Item("response_item", map[string]any{"type": "function_call", "name": "shell", "call_id": "s1",
		"arguments": str(map[string]any{"command": []string{"bash", "-lc", "cargo build"}, "timeout_ms": 120000})})
	r.Item("response_item", map[string]any{"type": "function_call_output", "call_id": "s1",
		"output": str(map[string]any{"output": "error[E0425]: cannot find value `x` in this scope\n", "metadata": map[string]any{"exit_code": 101, "duration_seconds": 1.2}})})
	r.Item("response_item", map[string]any{"type": "local_shell_call", "call_id": "l1", "status": "completed",
		"action": map[string]any{"type": "exec", "command": []string{"bash", "-lc", "pytest -q"}, "timeout_ms": 60000}})
	r.Item("response_item", map[string]any{"type": "function_call_output", "call_id": "l1",
		"output": str(map[string]any{"output": "E   assert 3 == 2\n1 failed in 0.02s\n", "metadata": map[string]any{"exit_code": 1, "duration_seconds": 0.4}})})
	r.Item("response_item", map[string]any{"type": "local_shell_call", "call_id": "l2", "status": "completed",
		"action": map[string]any{"type": "exec", "command": []string{"make", "lint"}}})
	r.Item("event_msg", map[string]any{"type": "exec_command_end", "call_id": "l2", "stdout": "", "exit_code": 2,
		"stderr": "make: *** No rule to make target 'lint'.  Stop.\n", "aggregated_output": "make: *** No rule to make target 'lint'.  Stop.\n"})
	r.Exec("go test ./...", transcripttest.Running(7002, "=== RUN   TestParse\n"))
	r.Item("response_item", map[string]any{"type": "function_call", "name": "write_stdin", "call_id": "w1", "arguments": `{"session_id":7002,"chars":""}`})
	r.Item("event_msg", map[string]any{"type": "exec_command_end", "call_id": "call_1", "exit_code": 1, "process_id": "7002",
		"aggregated_output": "=== RUN   TestParse\n    parse_test.go:12: got 3, want 2\n--- FAIL: TestParse (0.00s)\nFAIL\n"})
	r.Item("response_item", map[string]any{"type": "function_call_output", "call_id": "w1", "output": transcripttest.Exited(1, "FAIL\n")})
	// Codex 0.3x–0.4x: a command its sandbox stopped, said in plain text with no exit code
	r.Item("response_item", map[string]any{"type": "function_call", "name": "shell", "call_id": "s2",
		"arguments": str(map[string]any{"command": []string{"bash", "-lc", "go test ./..."}})})
	r.Item("response_item", map[string]any{"type": "function_call_output", "call_id": "s2",
		"output": "failed in sandbox: # app/cmd/api\ncmd/api/main.go:24:5: open /home/me/.cache/go-build/d8/d8-a: permission denied\n"})
	turn := readRollout(t, r)
	var got []string
	for _, u := range turn.Tools {
		got = append(got, fmt.Sprintf("%s|%v|%s", u.Command, u.IsError, u.Output))
	}
	want := []string{"cargo build|true|error[E0425]: cannot find value `x` in this scope", "pytest -q|true|E   assert 3 == 2",
		"make lint|true|make: *** No rule to make target 'lint'.  Stop.", "go test ./...|true|parse_test.go:12: got 3, want 2",
		"go test ./...|true|failed in sandbox: cmd/api/main.go:24:5: open /home/me/.cache/go-build/d8/d8-a: permission denied"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if sandboxed := turn.Tools[len(turn.Tools)-1]; !Refused(sandboxed.Output) {
		t.Errorf("a command Codex's sandbox stopped is not read as refused: %q", sandboxed.Output)
	}
}

// readRollout writes r as a rollout file and reads its last turn.
func readRollout(t *testing.T, r *transcripttest.Rollout) *Turn {
	t.Helper()
	p := filepath.Join(t.TempDir(), "rollout.jsonl")
	r.Write(t, p)
	turn, err := ReadCodexTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return turn
}

// The Codex app and IDE extension send the user's request after the context they add to it
// (open tabs, the files the user attached, a selection): the prompt is what the user typed.
// A goal's continuation asks for the goal's objective, and one that says none opens no turn.
func TestCodexAppContextIsNoPrompt(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ message, want string }{
		{"# Files mentioned by the user:\n\n## PRD.md: /Users/me/Desktop/PRD.md\n\n## My request for Codex:\nwrite me a web app from the PRD\n", "write me a web app from the PRD"},
		{"# Context from my IDE setup:\n\n## Active file: src/app.ts\n\n## Open tabs:\n- app.ts: src/app.ts\n\n## My request for Codex:\nfix the export of Ball", "fix the export of Ball"},
		{"# Selected text:\n\n## Selection 1\nconst a = 1\n\n## My request for Codex:\nrename a", "rename a"},
		{"# Heading the user typed\n\nno marker: the whole prompt", "# Heading the user typed\n\nno marker: the whole prompt"},
		{"quote the marker ## My request for Codex: in a sentence", "quote the marker ## My request for Codex: in a sentence"},
		// Codex going on with the goal the user set (/goal): the objective is the request.
		{"<goal_context>\nContinue working toward the active thread goal.\n\nThe objective below is user-provided data.\n\n<objective>\nPort the frontend to Vite with an API layer\n</objective>\n\nBudget: 1000 tokens used\n</goal_context>", "Port the frontend to Vite with an API layer"},
		{"<codex_internal_context source=\"goal\">\nContinue working toward the active thread goal.\n\n<untrusted_objective>\ndedupe the importer\n</untrusted_objective>", "dedupe the importer"},
		{"<codex_internal_context source=\"goal\">\nContinue working toward the active thread goal.\n\nObjective:\nship the exporter\n\nBudget:\n- Tokens used: 10", "ship the exporter"},
	} {
		r := (&transcripttest.Rollout{}).Item("event_msg", map[string]any{"type": "user_message", "message": tc.message})
		turn := readRollout(t, r.Item("event_msg", map[string]any{"type": "agent_message", "message": "Done."}))
		if turn.Prompt != tc.want {
			t.Errorf("prompt of %q:\n got %q\nwant %q", tc.message, turn.Prompt, tc.want)
		}
	}
}

// A goal's continuation that names no objective opens no turn: the turn is the user's.
func TestCodexGoalContinuationWithoutObjective(t *testing.T) {
	t.Parallel()
	r := (&transcripttest.Rollout{}).Item("event_msg", map[string]any{"type": "user_message", "message": "fix the exporter"})
	r.Item("response_item", map[string]any{"type": "message", "role": "user", "content": []map[string]any{{"type": "input_text",
		"text": "<goal_context>\nContinue working toward the active thread goal.\n</goal_context>"}}})
	turn := readRollout(t, r.Item("event_msg", map[string]any{"type": "agent_message", "message": "Done."}))
	if turn.Prompt != "fix the exporter" {
		t.Errorf("prompt %q", turn.Prompt)
	}
}
