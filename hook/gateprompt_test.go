package hook

import (
	"bytes"
	"encoding/json"
	"html"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"carnet/hook/transcript"
	"carnet/hook/transcript/transcripttest"
)

// gateShapes are the gate's message as each agent sends it back to the model: Codex wraps a
// Stop hook's reason in <hook_prompt hook_run_id=…> (XML-escaped; older builds name the run
// alone), Claude Code prefixes "Stop hook feedback:" and the command, Gemini CLI's retry and
// OpenCode (carnet's plugin) send it as it is.
func gateShapes(msg string) map[string]string {
	return map[string]string{
		"codex":        `<hook_prompt hook_run_id="stop:0:/home/dev/.codex/hooks.json">` + html.EscapeString(msg) + `</hook_prompt>`,
		"codex-legacy": `<hook_prompt hook_run_id="hook-run-1">` + msg + `</hook_prompt>`,
		"claude":       "Stop hook feedback:\n[carnet --hook]: " + msg,
		"gemini":       msg,
		"opencode":     msg + "\n",
	}
}

func TestIsGatePrompt(t *testing.T) {
	t.Parallel()
	for _, l := range []string{"en", "fr"} {
		for _, project := range []string{"", "api"} {
			for agent, text := range gateShapes(gateMessage(l, []string{"pkg/a.go", "pkg/b.go", "README.md"}, project)) {
				if !transcript.IsGatePrompt(text) {
					t.Errorf("%s, %s: not recognised: %q", l, agent, text)
				}
			}
		}
	}
	for _, user := range []string{"Add a `carnet add --nothing` flag to the CLI", "carnet: why does the gate block after one file?",
		"Fix the hook", "Run carnet add --nothing when there is nothing to keep, and carnet: that's it", ""} {
		if transcript.IsGatePrompt(user) {
			t.Errorf("a user's prompt taken for the gate's: %q", user)
		}
	}
}

// The gate's message coming back as a user message is no goal, and the turn it answers
// keeps its own prompt: in a Codex rollout (<hook_prompt>), and in Gemini CLI's AfterAgent
// retry, which has no chat file and whose prompt is the message.
func TestGatePromptIsNotMemory(t *testing.T) {
	t.Parallel()
	msg := gateMessage("en", []string{"pkg/a.go", "pkg/b.go", "pkg/c.go"}, "")
	ws, tr, r := splitParserRollout(t, "Split it.")
	stop := func(active bool) int {
		var stderr bytes.Buffer
		code := codexStop(ws, tr, active, &stderr)
		if code == GateExit && !strings.Contains(stderr.String(), "pkg/a.go, pkg/b.go, pkg/c.go") {
			t.Errorf("message: %s", stderr.String())
		}
		return code
	}
	if code := stop(false); code != GateExit {
		t.Fatalf("substantial work, nothing recorded: code %d", code)
	}
	answerGate(t, r, tr, msg)
	if code := stop(true); code != 0 {
		t.Fatalf("the answer to the block: code %d", code)
	}
	turn, err := transcript.ReadCodexTurn(t.Context(), tr, transcript.ReadOptions{})
	if err != nil || turn.Prompt != "Split the invoice parser into three files" {
		t.Fatalf("the retry opened a turn of its own: %q %v", turn.Prompt, err)
	}
	// Gemini CLI's retry, payload only: its prompt is the message.
	in, _ := json.Marshal(map[string]any{"hook_event_name": "AfterAgent", "session_id": "g1", "cwd": ws, "prompt": msg,
		"prompt_response": "Recorded the decision.", "stop_hook_active": false})
	if code := Run(Env{Root: ws, Stdin: bytes.NewReader(in), Now: fixedNow, Getenv: func(string) string { return "" }}); code != 0 {
		t.Fatalf("Gemini's retry: code %d", code)
	}
	log := logOf(t, ws)
	if strings.Contains(log, "carnet add") || strings.Contains(log, "recorded nothing") || strings.Contains(log, "hook_prompt") {
		t.Errorf("the gate's message reached the log:\n%s", log)
	}
	if !strings.Contains(log, "Split the invoice parser") {
		t.Errorf("the goal is missing:\n%s", log)
	}
}

// The agent's answer to the gate's block closes the turn again ("Recorded."), but answers no
// question of the user's: the question the turn ended on, before the block, stays open until
// the user's next prompt.
func TestQuestionOutlivesTheAnswerToTheGate(t *testing.T) {
	t.Parallel()
	msg := gateMessage("en", []string{"pkg/a.go", "pkg/b.go", "pkg/c.go"}, "")
	ws, tr, r := splitParserRollout(t, "Split it.\n\nShall I add a test file for each part?")
	stop := func(active bool) int { return codexStop(ws, tr, active, io.Discard) }
	const asked = "Question left unanswered: Shall I add a test file for each part?"
	if code := stop(false); code != GateExit {
		t.Fatalf("substantial work, nothing recorded: code %d", code)
	}
	if log := logOf(t, ws); !strings.Contains(log, asked) {
		t.Fatalf("the question is not open:\n%s", log)
	}
	answerGate(t, r, tr, msg)
	if code := stop(true); code != 0 {
		t.Fatalf("the answer to the block: code %d", code)
	}
	if log := logOf(t, ws); !strings.Contains(log, asked) {
		t.Errorf("the answer to the gate took the user's question:\n%s", log)
	}
	r.Item("response_item", rolloutUser("no, leave the tests for now"))
	r.Item("response_item", rolloutSay("Leaving them."))
	r.Write(t, tr)
	stop(false)
	if log := logOf(t, ws); strings.Contains(log, asked) {
		t.Errorf("the user answered, the question is still open:\n%s", log)
	}
}

// splitParserRollout is an English workspace and the Codex rollout of one turn that split the
// invoice parser into pkg/a.go, pkg/b.go and pkg/c.go and closed on closing.
func splitParserRollout(t *testing.T, closing string) (ws, tr string, r *transcripttest.Rollout) {
	t.Helper()
	ws = testWorkspace(t)
	os.WriteFile(filepath.Join(ws, "carnet.toml"), []byte("language = \"en\"\n"), 0o644)
	tr = filepath.Join(t.TempDir(), "rollout.jsonl")
	r = &transcripttest.Rollout{}
	r.Item("response_item", rolloutUser("Split the invoice parser into three files"))
	r.Patch(filepath.Join(ws, "pkg/a.go"), filepath.Join(ws, "pkg/b.go"), filepath.Join(ws, "pkg/c.go"))
	r.Item("response_item", rolloutSay(closing))
	r.Write(t, tr)
	return ws, tr, r
}

// codexStop runs the hook on a Codex Stop of session s1 over the rollout tr.
func codexStop(ws, tr string, active bool, stderr io.Writer) int {
	in, _ := json.Marshal(map[string]any{"hook_event_name": "Stop", "session_id": "s1", "transcript_path": tr, "cwd": ws, "turn_id": "t1", "stop_hook_active": active})
	return Run(Env{Root: ws, Stdin: bytes.NewReader(in), Stderr: stderr, Now: fixedNow, Getenv: func(string) string { return "" }})
}

// rolloutUser and rolloutSay are a Codex rollout's user and assistant messages.
func rolloutUser(text string) map[string]any {
	return map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": text}}}
}

func rolloutSay(text string) map[string]any {
	return map[string]any{"type": "message", "role": "assistant", "content": []any{map[string]any{"type": "output_text", "text": text}}}
}

// answerGate adds to the rollout the agent's answer to the gate's block msg: the message
// coming back, one note recorded, "Recorded.".
func answerGate(t *testing.T, r *transcripttest.Rollout, tr, msg string) {
	t.Helper()
	r.Item("response_item", rolloutUser(gateShapes(msg)["codex"]))
	r.Shell(`carnet add -s decisions "Split the parser by section, because each is read alone"`)
	r.Item("response_item", rolloutSay("Recorded."))
	r.Write(t, tr)
}
