package hook

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixtures holds real Claude Code transcripts (provenance in its README.md).
const fixtures = "testdata/transcripts"

func fixture(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join(fixtures, name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("fixture %s: %v", name, err)
	}
	return p
}

// tx builds synthetic transcript lines in Claude Code's format.
type tx struct {
	lines []string
	n     int
}

func (b *tx) add(v map[string]any) *tx {
	b.n++
	if _, ok := v["uuid"]; !ok {
		v["uuid"] = "u" + itoa(b.n)
	}
	if _, ok := v["timestamp"]; !ok {
		v["timestamp"] = "2026-03-22T10:00:" + pad2(b.n%60) + ".000Z"
	}
	if _, ok := v["cwd"]; !ok {
		v["cwd"] = "/home/dev/proj"
	}
	v["sessionId"] = "s1"
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	b.lines = append(b.lines, string(data))
	return b
}

func (b *tx) raw(line string) *tx { b.lines = append(b.lines, line); return b }

func (b *tx) prompt(text string) *tx {
	return b.add(map[string]any{"type": "user", "message": map[string]any{"role": "user", "content": text}})
}

func (b *tx) meta(text string) *tx {
	return b.add(map[string]any{"type": "user", "isMeta": true, "message": map[string]any{"role": "user", "content": text}})
}

func (b *tx) say(msgID, text string) *tx {
	return b.add(map[string]any{"type": "assistant", "message": map[string]any{"id": msgID, "role": "assistant",
		"content": []any{map[string]any{"type": "text", "text": text}}}})
}

func (b *tx) think(msgID string) *tx {
	return b.add(map[string]any{"type": "assistant", "message": map[string]any{"id": msgID, "role": "assistant",
		"content": []any{map[string]any{"type": "thinking", "thinking": "hmm", "signature": "x"}}}})
}

func (b *tx) use(msgID, id, name string, input map[string]any) *tx {
	return b.add(map[string]any{"type": "assistant", "message": map[string]any{"id": msgID, "role": "assistant",
		"content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}})
}

func (b *tx) result(id string, content any, isErr bool) *tx {
	return b.add(map[string]any{"type": "user", "toolUseResult": map[string]any{"stdout": "x"},
		"message": map[string]any{"role": "user", "content": []any{map[string]any{"type": "tool_result",
			"tool_use_id": id, "content": content, "is_error": isErr}}}})
}

func (b *tx) String() string { return strings.Join(b.lines, "\n") + "\n" }

func (b *tx) write(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "s1.jsonl")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var d []byte
	for ; n > 0; n /= 10 {
		d = append([]byte{byte('0' + n%10)}, d...)
	}
	return string(d)
}

func pad2(n int) string {
	s := itoa(n)
	if len(s) < 2 {
		s = "0" + s
	}
	return s
}

func contains(list []string, sub string) bool {
	for _, s := range list {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}
