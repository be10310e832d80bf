package transcript

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A turn whose newest item is a call that got its result, with no text after it, ends on
// that call: the agent never closed it (the session was left there).
func TestEndsOnCall(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	head := `{"type":"user","uuid":"u1","message":{"role":"user","content":"it still fails"}}
{"type":"assistant","uuid":"a1","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"Let me try the command style config instead:"}]}}
{"type":"assistant","uuid":"a2","message":{"id":"m2","role":"assistant","content":[{"type":"tool_use","id":"w1","name":"Write","input":{"file_path":"/repo/config.json","content":"{}"}}]}}
{"type":"user","uuid":"u2","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"w1","content":"The file /repo/config.json has been updated."}]}}
`
	for name, tc := range map[string]struct {
		tail string
		want bool
	}{
		"on the call": {"", true},
		"closed":      {`{"type":"assistant","uuid":"a3","message":{"id":"m3","role":"assistant","content":[{"type":"text","text":"Restart the app now."}]}}` + "\n", false},
	} {
		p := filepath.Join(dir, filepath.Base(name)+".jsonl")
		os.WriteFile(p, []byte(head+tc.tail), 0o644)
		turn, err := ReadTurn(context.Background(), p, ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if turn.EndsOnCall != tc.want {
			t.Errorf("%s: ends on a call %v, want %v", name, turn.EndsOnCall, tc.want)
		}
	}
}
