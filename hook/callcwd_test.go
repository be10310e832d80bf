package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript/transcripttest"
)

// A file a shell command writes is named from the folder the call ran in, as Claude Code
// records it on the line of the call: a call made in web/ that writes x.json wrote
// web/x.json. A file written from a folder outside the project is not the project's.
func TestShellWritesFromTheCallsFolder(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	elsewhere := t.TempDir()
	b := &transcripttest.Claude{}
	b.Add(map[string]any{"type": "user", "cwd": ws, "message": map[string]any{"role": "user", "content": "Write the fixtures"}})
	call := func(id, cwd, cmd string) { bashIn(b, id, cwd, cmd) }
	call("b1", filepath.Join(ws, "web"), `echo '{}' > x.json`)
	call("b2", filepath.Join(ws, "web"), "cd sub && touch y.txt && sed -i 's/a/b/' ../../top.md")
	call("b3", elsewhere, "echo x > notes.txt")
	call("b4", ws, "echo x > root.txt")
	b.Add(map[string]any{"type": "assistant", "cwd": ws, "message": map[string]any{"id": "m9", "role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": "The fixtures are written."}}}})
	log := turnsLog(t, ws, b)
	if want := "- Fichiers modifiés : web/x.json, web/sub/y.txt, top.md, root.txt\n"; !strings.Contains(log, want) {
		t.Errorf("want %q in:\n%s", want, log)
	}
}

// Codex gives a shell call's folder as its workdir argument (exec_command, shell, and the
// apply_patch a shell call runs): what it writes is named from there.
func TestCodexShellWritesFromTheWorkdir(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	web, elsewhere := filepath.Join(ws, "web"), t.TempDir()
	r := &transcripttest.Rollout{}
	r.Item("session_meta", map[string]any{"id": "s1", "cwd": ws})
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "Write the fixtures"})
	call := func(id, name string, args map[string]any) {
		a, _ := json.Marshal(args)
		r.Item("response_item", map[string]any{"type": "function_call", "name": name, "arguments": string(a), "call_id": id})
		r.Item("response_item", map[string]any{"type": "function_call_output", "call_id": id, "output": `{"output":"","metadata":{"exit_code":0}}`})
	}
	call("c1", "exec_command", map[string]any{"cmd": `echo '{}' > x.json`, "workdir": web})
	call("c2", "shell", map[string]any{"command": []string{"bash", "-lc", "touch y.txt"}, "workdir": web})
	call("c3", "shell", map[string]any{"command": []string{"apply_patch", "*** Begin Patch\n*** Update File: app.js\n@@\n-a\n+b\n*** End Patch\n"}, "workdir": web})
	call("c4", "exec_command", map[string]any{"cmd": "echo x > notes.txt", "workdir": elsewhere})
	call("c5", "exec_command", map[string]any{"cmd": "echo x > root.txt"})
	r.Item("event_msg", map[string]any{"type": "task_complete", "last_agent_message": "The fixtures are written."})
	data := rolloutLog(t, ws, r)
	if want := "- Fichiers modifiés : web/x.json, web/y.txt, web/app.js, root.txt\n"; !strings.Contains(data, want) {
		t.Errorf("want %q in:\n%s", want, data)
	}
}

// A Codex turn's context line, which gives its folder, comes before its prompt, out of the
// turn's reach: the turn ran in the folder its session recorded. A rollout made on another
// machine (absolute paths under a folder that is not the workspace) still names its files.
func TestCodexTurnRunsInTheSessionsFolder(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	there := "/home/someone/shop"
	r := &transcripttest.Rollout{}
	r.Item("session_meta", map[string]any{"id": "s1", "cwd": there})
	r.Item("turn_context", map[string]any{"cwd": there})
	r.Item("event_msg", map[string]any{"type": "user_message", "message": "Fix the cart total"})
	patch := "*** Begin Patch\n*** Update File: " + there + "/web/cart.js\n@@\n-a\n+b\n*** End Patch\n"
	r.Item("response_item", map[string]any{"type": "custom_tool_call", "name": "apply_patch", "input": patch, "call_id": "c1"})
	r.Item("response_item", map[string]any{"type": "custom_tool_call_output", "call_id": "c1", "output": `{"output":"Success","metadata":{"exit_code":0}}`})
	r.Item("event_msg", map[string]any{"type": "task_complete", "last_agent_message": "The cart total is fixed."})
	data := rolloutLog(t, ws, r)
	if want := "- Fichiers modifiés : web/cart.js\n"; !strings.Contains(data, want) {
		t.Errorf("want %q in:\n%s", want, data)
	}
}

// A package manager that adds or removes a package rewrites the manifest and the lock file
// of the folder it runs in: the call's own, as the transcript gives it.
func TestPackageManifestsInTheCallsFolder(t *testing.T) {
	t.Parallel()
	ws := testWorkspace(t)
	b := &transcripttest.Claude{}
	b.Add(map[string]any{"type": "user", "cwd": ws, "message": map[string]any{"role": "user", "content": "Add the date library"}})
	bashIn(b, "b1", filepath.Join(ws, "web"), "npm install date-fns && npm test")
	bashIn(b, "b2", ws, "cd api && go get github.com/x/y@v1")
	bashIn(b, "b3", ws, "npm install -g typescript && npm ci")
	b.Add(map[string]any{"type": "assistant", "cwd": ws, "message": map[string]any{"id": "m9", "role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": "date-fns is in."}}}})
	log := turnsLog(t, ws, b)
	if want := "- Fichiers modifiés : web/package.json, web/package-lock.json, api/go.mod, api/go.sum\n"; !strings.Contains(log, want) {
		t.Errorf("want %q in:\n%s", want, log)
	}
}

// rolloutLog runs the Stop hook on the rollout r in the workspace ws and returns the day's log.
func rolloutLog(t *testing.T, ws string, r *transcripttest.Rollout) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rollout-2026-03-22T10-00-00-s1.jsonl")
	if err := os.WriteFile(path, []byte(r.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stopHook(t, ws, path)
	return logOf(t, ws)
}

// bashIn appends a Bash call of id running cmd, its line and its result's in the folder cwd.
func bashIn(b *transcripttest.Claude, id, cwd, cmd string) {
	b.Add(map[string]any{"type": "assistant", "cwd": cwd, "message": map[string]any{"id": "m" + id, "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": id, "name": "Bash", "input": map[string]any{"command": cmd}}}}})
	b.Add(map[string]any{"type": "user", "cwd": cwd, "toolUseResult": map[string]any{"stdout": ""},
		"message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result", "tool_use_id": id, "content": "", "is_error": false}}}})
}
