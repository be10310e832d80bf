package transcript

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// TestDecodeLineOnce checks that a line decoded once, blocks included, reads as the line
// decoded first and its content then: on every line of the recorded Claude Code
// transcripts, and on lines whose content is a string, null, empty, absent or malformed.
func TestDecodeLineOnce(t *testing.T) {
	lines := [][]byte{
		[]byte(`{"type":"user","message":{"role":"user","content":"a prompt"}}`),
		[]byte(`{"type":"user","isCompactSummary":true,"message":{"content":null}}`),
		[]byte(`{"type":"user","isCompactSummary":true,"message":{}}`),
		[]byte(`{"type":"assistant","message":{"id":"m1","content":[]}}`),
		[]byte(`{"type":"assistant","message":{"id":"m1","content":"plain text"}}`),
		[]byte(`{"type":"assistant","message":{"id":"m1","content":[{"type":"text","text":"x","is_error":"no"}]}}`),
		[]byte(`{"type":"assistant","message":{"id":"m1","content":{"type":"text"}}}`),
		[]byte(`{"type":"progress","data":{"content":"x"}}`),
		[]byte(`{"type":"user","cwd":5,"message":{"content":[]}}`),
	}
	files, _ := filepath.Glob("testdata/transcripts/claude-code-*.jsonl")
	if len(files) == 0 {
		t.Fatal("no Claude Code transcripts in testdata")
	}
	decoded, messages := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(nil, maxLine)
		for sc.Scan() {
			lines = append(lines, bytes.Clone(sc.Bytes()))
		}
	}
	for _, ln := range lines {
		got, gotErr := decodeLine(backLine{Data: ln, Size: int64(len(ln))})
		var want rawLine
		wantErr := json.Unmarshal(ln, &want)
		if (gotErr != nil) != (wantErr != nil) {
			t.Fatalf("%s: error %v, two-step decode %v", ln, gotErr, wantErr)
		}
		if gotErr != nil {
			continue
		}
		if got.lineHead != want.lineHead || got.Message.ID != want.Message.ID {
			t.Fatalf("%s: head %+v, two-step %+v", ln, got, want)
		}
		if want.Type != "user" && want.Type != "assistant" {
			continue // no reader looks at their content
		}
		messages++
		if got.decoded {
			decoded++
		}
		if got.hasContent() != want.hasContent() {
			t.Fatalf("%s: content present %v, two-step %v", ln, got.hasContent(), want.hasContent())
		}
		if !want.hasContent() {
			continue
		}
		gb, gs, gt, gok := got.contentBlocks()
		wb, ws, wt, wok := want.contentBlocks()
		if len(gb) == 0 && len(wb) == 0 {
			gb, wb = nil, nil
		}
		if gs != ws || gt != wt || gok != wok || (gok && !reflect.DeepEqual(gb, wb)) {
			t.Fatalf("%s: content %+v %q %v %v, two-step %+v %q %v %v", ln, gb, gs, gt, gok, wb, ws, wt, wok)
		}
	}
	t.Logf("%d of %d user and assistant lines decoded once", decoded, messages)
	if decoded < messages*3/4 {
		t.Errorf("%d of %d user and assistant lines decoded once", decoded, messages)
	}
}
