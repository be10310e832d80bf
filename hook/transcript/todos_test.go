package transcript

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// The agents' own to-do lists, each in its documented shape, read as TodoWrite lists: Codex's
// update_plan (plan: step, status), Gemini CLI's write_todos (todos: description, status).
func TestReadPlansAsTodoLists(t *testing.T) {
	t.Parallel()
	rollout := `{"timestamp":"2026-03-22T10:00:00Z","type":"session_meta","payload":{"id":"s","cwd":"/repo"}}` + "\n" +
		`{"timestamp":"2026-03-22T10:00:00Z","type":"event_msg","payload":{"type":"user_message","message":"build the importer"}}` + "\n" +
		`{"timestamp":"2026-03-22T10:00:01Z","type":"response_item","payload":{"type":"function_call","name":"update_plan","arguments":"{\"explanation\":\"x\",\"plan\":[{\"step\":\"Parse the CSV\",\"status\":\"completed\"},{\"step\":\"Write the rows\",\"status\":\"in_progress\"}]}","call_id":"p1"}}` + "\n" +
		`{"timestamp":"2026-03-22T10:00:02Z","type":"response_item","payload":{"type":"function_call_output","call_id":"p1","output":"Plan updated"}}` + "\n" +
		`{"timestamp":"2026-03-22T10:00:03Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Parsing done."}]}}` + "\n"
	p := filepath.Join(t.TempDir(), "rollout.jsonl")
	os.WriteFile(p, []byte(rollout), 0o644)
	turn, err := ReadCodexTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(turn.Tools) != 1 || turn.Tools[0].Name != "TodoWrite" || len(turn.Tools[0].Todos) != 2 ||
		turn.Tools[0].Todos[1] != (Todo{Content: "Write the rows", Status: "in_progress"}) {
		t.Fatalf("update_plan: %+v", turn.Tools)
	}

	chat := `{"sessionId":"s1","projectHash":"h","messages":[
{"id":"1","timestamp":"2026-03-22T10:00:00Z","type":"user","content":"build the importer"},
{"id":"2","timestamp":"2026-03-22T10:01:00Z","type":"gemini","content":"Planned.","toolCalls":[{"id":"w1","name":"write_todos","args":{"todos":[{"description":"Parse the CSV","status":"completed"},{"description":"Drop the old importer","status":"cancelled"}]},"status":"success","result":[{"functionResponse":{"response":{"output":"ok"}}}]}]}]}`
	g := filepath.Join(t.TempDir(), "session-x.json")
	os.WriteFile(g, []byte(chat), 0o644)
	gt, err := ReadGeminiTurn(context.Background(), g, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(gt.Tools) != 1 || gt.Tools[0].Name != "TodoWrite" || len(gt.Tools[0].Todos) != 2 || gt.Tools[0].Todos[1].Status != "cancelled" {
		t.Fatalf("write_todos: %+v", gt.Tools)
	}
}

// codexTools reads the turn of a rollout written to a file, its calls as "Name path" for an
// edit ("delete path" for a file removed), "Name command" for the others.
func codexTools(t *testing.T, rollout string) []string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "rollout.jsonl")
	os.WriteFile(p, []byte(rollout), 0o644)
	turn, err := ReadCodexTurn(context.Background(), p, ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, u := range turn.Tools {
		switch {
		case u.Edits() && u.Deleted:
			got = append(got, "delete "+u.FilePath)
		case u.Edits():
			got = append(got, u.Name+" "+u.FilePath)
		default:
			got = append(got, u.Name+" "+u.Command)
		}
	}
	return got
}

// A patch Codex applied from a code-mode script is known by its patch_apply_end event: its
// files are the turn's, added ones created; a patch that failed wrote nothing.
func TestReadCodexPatchEvents(t *testing.T) {
	t.Parallel()
	got := codexTools(t, `{"timestamp":"2026-03-22T10:00:00Z","type":"session_meta","payload":{"id":"s","cwd":"/repo"}}`+"\n"+
		`{"timestamp":"2026-03-22T10:00:00Z","type":"event_msg","payload":{"type":"user_message","message":"add the module"}}`+"\n"+
		`{"timestamp":"2026-03-22T10:00:01Z","type":"event_msg","payload":{"type":"patch_apply_end","call_id":"x1","success":true,"changes":{"/repo/src/a.go":{"add":{"content":"package a"}},"/repo/src/b.go":{"update":{"unified_diff":"@@"}}}}}`+"\n"+
		`{"timestamp":"2026-03-22T10:00:02Z","type":"event_msg","payload":{"type":"patch_apply_end","call_id":"x2","success":false,"changes":{"/repo/src/c.go":{"add":{"content":"x"}}}}}`+"\n"+
		`{"timestamp":"2026-03-22T10:00:03Z","type":"response_item","payload":{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Added."}]}}`+"\n")
	if len(got) != 2 || got[0] != "Write /repo/src/a.go" || got[1] != "Edit /repo/src/b.go" {
		t.Fatalf("edits: %q", got)
	}
}

// Each patch event of a code-mode script is an edit where it stands in the turn, even when
// a later patch changes the same file again; a deleted file is deleted; a script's own patch
// text and the events of that patch make one edit, whether the text names the files by the
// events' absolute paths or relative to the project.
func TestReadCodexPatchEventsInOrder(t *testing.T) {
	t.Parallel()
	line := func(ts, kind, payload string) string {
		return `{"timestamp":"2026-03-22T10:00:` + ts + `Z","type":"` + kind + `","payload":` + payload + "}\n"
	}
	script := func(id, js string) string {
		b, _ := json.Marshal(js)
		return `{"type":"custom_tool_call","call_id":"` + id + `","name":"exec","input":` + string(b) + `}`
	}
	for _, dir := range []string{"/repo/", ""} {
		changes := `{"/repo/src/main.rs":{"type":"update","unified_diff":"@@","move_path":null},"/repo/old.rs":{"type":"delete","content":"x"}}`
		got := codexTools(t, `{"timestamp":"2026-03-22T10:00:00Z","type":"session_meta","payload":{"id":"s","cwd":"/repo"}}`+"\n"+
			line("00", "event_msg", `{"type":"user_message","message":"fix the build"}`)+
			line("01", "response_item", script("c1", `const patch = "*** Begin Patch\n*** Update File: src/main.rs\n@@\n-a\n+b\n*** End Patch"; text(await tools.apply_patch(patch));`))+
			line("02", "event_msg", `{"type":"patch_apply_end","call_id":"exec-1","success":true,"changes":{"/repo/src/main.rs":{"type":"update","unified_diff":"@@","move_path":null}}}`)+
			line("03", "response_item", script("c2", `const r = await tools.exec_command({"cmd":"cargo check","workdir":"/repo"}); text(r.output);`))+
			line("04", "response_item", script("c3", `text(await tools.apply_patch("*** Begin Patch\n*** Update File: `+dir+`src/main.rs\n@@\n-b\n+c\n*** Delete File: `+dir+`old.rs\n*** End Patch"));`))+
			line("05", "event_msg", `{"type":"patch_apply_begin","call_id":"exec-2","changes":`+changes+`}`)+
			line("06", "event_msg", `{"type":"patch_apply_end","call_id":"exec-2","success":true,"changes":`+changes+`}`)+
			line("07", "response_item", `{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Fixed."}]}`))
		want := []string{"Edit /repo/src/main.rs", "Bash cargo check", "delete /repo/old.rs", "Edit /repo/src/main.rs"} // an event names its files in path order
		if !slices.Equal(got, want) {
			t.Errorf("patch text naming %q…:\n got %q\nwant %q", dir, got, want)
		}
	}
}

// A code-mode script that printed no exit code failed when its output shows a failure.
func TestCodeModeResultShowsError(t *testing.T) {
	t.Parallel()
	for printed, cause := range map[string]string{
		"running tests\nTraceback (most recent call last):\n  File \"t.py\", line 3\nAssertionError: 2 != 3\n": "AssertionError: 2 != 3",
		"compiling\nerror: expected `;`, found `}`\n":                                                          "error: expected `;`, found `}`",
	} {
		r := codeModeResult("Script completed\nOutput:\n" + printed)
		if !r.isError || r.output != cause {
			t.Errorf("%q: failed %v, cause %q", printed, r.isError, r.output)
		}
	}
	if r := codeModeResult("Script completed\nOutput:\nall 12 passed\n"); r.isError {
		t.Errorf("a passing script failed: %+v", r)
	}
}

// OpenCode's apply_patch edits: each file of the patch is a call of the turn.
func TestOpenCodeApplyPatch(t *testing.T) {
	t.Parallel()
	p := openCodePart{Type: "tool", Tool: "apply_patch", CallID: "c1"}
	p.State.Status = "completed"
	p.State.Input.PatchText = "*** Begin Patch\n*** Add File: src/a.gd\n+x\n*** Update File: src/b.gd\n@@\n-a\n+b\n*** End Patch\n"
	uses := openCodeTools(p, time.Time{})
	if len(uses) != 2 || uses[0].Name != "Write" || uses[0].FilePath != "src/a.gd" || uses[1].Name != "Edit" || !uses[1].HasResult {
		t.Fatalf("apply_patch: %+v", uses)
	}
}
