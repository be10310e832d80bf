package transcript

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// The agent's questions come with their options' descriptions (what choosing each means),
// in Claude Code's AskUserQuestion and Codex's request_user_input.
func TestReadQuestionOptions(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	claude := filepath.Join(dir, "c.jsonl")
	os.WriteFile(claude, []byte(`{"type":"user","uuid":"u1","message":{"role":"user","content":"pick the cache"}}
{"type":"assistant","uuid":"a1","message":{"role":"assistant","content":[{"type":"tool_use","id":"q1","name":"AskUserQuestion","input":{"questions":[{"question":"Which cache?","header":"Cache","multiSelect":false,"options":[{"label":"Redis (Recommended)","description":"Shared by every worker"},{"label":"In memory","description":"Lost at restart"}]}]}}]}}
{"type":"user","uuid":"u2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"q1","content":"User has answered your questions: \"Which cache?\"=\"Redis (Recommended)\". You can now continue with the user's answers in mind."}]}}
{"type":"assistant","uuid":"a2","message":{"role":"assistant","content":[{"type":"text","text":"Redis it is."}]}}
`), 0o644)
	codex := filepath.Join(dir, "rollout.jsonl")
	os.WriteFile(codex, []byte(`{"timestamp":"2026-03-22T09:00:00Z","type":"session_meta","payload":{"id":"s","cwd":"/repo"}}
{"timestamp":"2026-03-22T10:00:00Z","type":"event_msg","payload":{"type":"user_message","message":"pick the cache"}}
{"timestamp":"2026-03-22T10:00:01Z","type":"response_item","payload":{"type":"function_call","name":"request_user_input","arguments":"{\"questions\":[{\"id\":\"cache\",\"header\":\"Cache\",\"question\":\"Which cache?\",\"options\":[{\"label\":\"Redis (Recommended)\",\"description\":\"Shared by every worker\"},{\"label\":\"In memory\",\"description\":\"Lost at restart\"}]}]}","call_id":"q1"}}
{"timestamp":"2026-03-22T10:00:02Z","type":"response_item","payload":{"type":"function_call_output","call_id":"q1","output":"{\"answers\":{\"cache\":{\"answers\":[\"Redis (Recommended)\"]}}}"}}
{"timestamp":"2026-03-22T10:00:03Z","type":"event_msg","payload":{"type":"task_complete","last_agent_message":"Redis it is."}}
`), 0o644)
	for name, read := range map[string]func() (*Turn, error){
		"claude": func() (*Turn, error) { return ReadTurn(context.Background(), claude, ReadOptions{}) },
		"codex":  func() (*Turn, error) { return ReadCodexTurn(context.Background(), codex, ReadOptions{}) },
	} {
		turn, err := read()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(turn.Tools) != 1 || len(turn.Tools[0].Questions) != 1 {
			t.Fatalf("%s: tools %+v", name, turn.Tools)
		}
		u := turn.Tools[0]
		if q := u.Questions[0]; q.Header != "Cache" || q.Options["Redis (Recommended)"] != "Shared by every worker" || q.Options["In memory"] != "Lost at restart" || u.Answer == "" {
			t.Errorf("%s: question %+v answer %q", name, q, u.Answer)
		}
	}
}
