package transcript

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A closing text that Claude Code wrote itself (isApiErrorMessage: a usage limit, a failed
// model call) is the runtime's report, not the model's answer: the turn says so.
func TestRuntimeErrorClosing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for name, tc := range map[string]struct {
		closing string
		want    bool
	}{
		"limit":  {`{"type":"assistant","uuid":"a2","isApiErrorMessage":true,"message":{"id":"m2","model":"<synthetic>","role":"assistant","content":[{"type":"text","text":"5-hour limit reached ∙ resets 9pm"}]}}`, true},
		"answer": {`{"type":"assistant","uuid":"a2","message":{"id":"m2","role":"assistant","content":[{"type":"text","text":"The latency comes from the menu query."}]}}`, false},
	} {
		p := filepath.Join(dir, name+".jsonl")
		os.WriteFile(p, []byte(`{"type":"user","uuid":"u1","message":{"role":"user","content":"study the latency"}}
{"type":"assistant","uuid":"a1","message":{"id":"m1","role":"assistant","content":[{"type":"text","text":"Looking at the API first."}]}}
`+tc.closing+"\n"), 0o644)
		turn, err := ReadTurn(context.Background(), p, ReadOptions{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if turn.RuntimeError != tc.want {
			t.Errorf("%s: runtime error %v, want %v (closing %q)", name, turn.RuntimeError, tc.want, turn.Closing)
		}
	}
}
