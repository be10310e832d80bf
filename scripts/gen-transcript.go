//go:build ignore

// gen-transcript writes a synthetic Claude Code transcript (JSONL) of a given size, for the
// hook benchmarks. Its lines follow the real files in ../shared/fixtures/transcripts: user
// prompts, assistant messages split into one line per block (text, thinking, tool_use)
// sharing a message id, tool results with toolUseResult, progress and snapshot lines, and
// now and then a tool result of megabytes. Every file ends with the same last turn, so
// that files of different sizes cost the hook the same when it reads from the end.
//
//	go run scripts/gen-transcript.go -size 200MB -o /tmp/t200.jsonl -cwd /path/to/workspace
//
// The output is reproducible for a given -seed. Never commit generated files.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strconv"
	"strings"
	"time"
)

func main() {
	size := flag.String("size", "10KB", "target size: 10KB, 50MB, 200MB, …")
	out := flag.String("o", "", "output file (required)")
	cwd := flag.String("cwd", "/home/dev/project", "working directory recorded in the transcript")
	seed := flag.Int64("seed", 1, "random seed")
	flag.Parse()
	target, err := parseSize(*size)
	if err != nil || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: go run scripts/gen-transcript.go -size 200MB -o FILE [-cwd DIR] [-seed N]")
		os.Exit(2)
	}
	f, err := os.Create(*out)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	g := &gen{w: w, rng: rand.New(rand.NewSource(*seed)), cwd: *cwd, t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	dry := *g // the last turn's size, measured on a copy
	lastSize := int64(len(dry.lastTurn()))
	for g.n+lastSize < target {
		g.turn(target - lastSize)
	}
	w.WriteString(g.lastTurn())
	if err := w.Flush(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	f.Close()
}

func parseSize(s string) (int64, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for suf, m := range map[string]int64{"KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30} {
		if strings.HasSuffix(s, suf) {
			mult, s = m, strings.TrimSuffix(s, suf)
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n * mult, err
}

type gen struct {
	w    *bufio.Writer
	rng  *rand.Rand
	cwd  string
	t    time.Time
	n    int64 // bytes written
	id   int
	uuid string
}

func (g *gen) next() string {
	g.id++
	return fmt.Sprintf("%08x-0000-4000-8000-%012x", g.id, g.id)
}

// line builds one transcript line with Claude Code's common fields, in its key order.
func (g *gen) line(typ string, fields map[string]any, order ...string) string {
	g.t = g.t.Add(time.Duration(200+g.rng.Intn(3000)) * time.Millisecond)
	parent := g.uuid
	g.uuid = g.next()
	var b strings.Builder
	b.WriteString(`{"parentUuid":`)
	if parent == "" {
		b.WriteString("null")
	} else {
		b.WriteString(strconv.Quote(parent))
	}
	fmt.Fprintf(&b, `,"isSidechain":false,"userType":"external","cwd":%s,"sessionId":"bench-session","version":"2.1.39","gitBranch":"main","slug":"bench-run","type":%q`, q(g.cwd), typ)
	for _, k := range order {
		v, _ := json.Marshal(fields[k])
		fmt.Fprintf(&b, ",%q:%s", k, v)
	}
	fmt.Fprintf(&b, `,"uuid":%q,"timestamp":%q}`, g.uuid, g.t.Format("2006-01-02T15:04:05.000Z"))
	return b.String() + "\n"
}

func q(s string) string { v, _ := json.Marshal(s); return string(v) }

func (g *gen) emit(s string) { g.w.WriteString(s); g.n += int64(len(s)) }

var words = strings.Fields(`the transcript reader hook memory session parser test build cache index log file
turn prompt assistant tool result error module function config workspace project merge lock write commit
branch review refactor benchmark latency budget token section bullet daily long term promote archive`)

func (g *gen) text(n int) string {
	var b strings.Builder
	for b.Len() < n {
		b.WriteString(words[g.rng.Intn(len(words))])
		b.WriteByte(' ')
	}
	return strings.TrimSpace(b.String())
}

// ordered is a JSON object that keeps its keys in the order given, like Claude Code's lines.
type ordered []any

func (o ordered) MarshalJSON() ([]byte, error) {
	var b strings.Builder
	b.WriteByte('{')
	for i := 0; i+1 < len(o); i += 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(o[i])
		v, err := json.Marshal(o[i+1])
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return []byte(b.String()), nil
}

func (g *gen) user(content any, extra map[string]any) string {
	fields := map[string]any{"message": ordered{"role", "user", "content", content}}
	order := []string{"message"}
	for k, v := range extra {
		fields[k] = v
		order = append(order, k)
	}
	return g.line("user", fields, order...)
}

func (g *gen) assistant(msgID string, block any) string {
	msg := ordered{"model", "claude-opus-4-6", "id", msgID, "type", "message", "role", "assistant",
		"content", []any{block}, "stop_reason", nil, "stop_sequence", nil,
		"usage", map[string]any{"input_tokens": 3, "output_tokens": 120}}
	return g.line("assistant", map[string]any{"message": msg, "requestId": "req_" + msgID[4:]}, "message", "requestId")
}

func (g *gen) progress() string {
	return g.line("progress", map[string]any{"data": map[string]any{"type": "hook_progress", "hookEvent": "PostToolUse",
		"hookName": "PostToolUse:Bash", "command": "~/.claude/hooks/notify.sh"}, "toolUseID": g.next()}, "data", "toolUseID")
}

func (g *gen) toolCall(msgID string, limit int64) {
	id := "toolu_" + g.next()
	file := fmt.Sprintf("%s/internal/pkg%d/file%d.go", g.cwd, g.rng.Intn(40), g.rng.Intn(200))
	var input any
	var result string
	var tur any
	switch k := g.rng.Intn(10); {
	case k < 4:
		input = ordered{"file_path", file}
		n := 2000 + g.rng.Intn(30000)
		if g.rng.Intn(200) == 0 && g.n+(4<<20) < limit {
			n = 3 << 20 // a tool result of megabytes
		}
		result = g.text(n)
		tur = map[string]any{"type": "text", "file": map[string]any{"filePath": file, "content": result}}
		g.emit(g.assistant(msgID, ordered{"type", "tool_use", "id", id, "name", "Read", "input", input}))
	case k < 7:
		cmd := "go test ./... 2>&1 | tail -40"
		input = ordered{"command", cmd, "description", "Run the tests"}
		result = g.text(500 + g.rng.Intn(8000))
		tur = map[string]any{"stdout": result, "stderr": "", "interrupted": false, "isImage": false}
		g.emit(g.assistant(msgID, ordered{"type", "tool_use", "id", id, "name", "Bash", "input", input}))
	default:
		old, new := g.text(200), g.text(240)
		input = ordered{"file_path", file, "old_string", old, "new_string", new, "replace_all", false}
		result = "The file " + file + " has been updated."
		tur = map[string]any{"filePath": file, "oldString": old, "newString": new}
		g.emit(g.assistant(msgID, ordered{"type", "tool_use", "id", id, "name", "Edit", "input", input}))
	}
	for i := g.rng.Intn(4); i > 0; i-- {
		g.emit(g.progress())
	}
	g.emit(g.user([]any{ordered{"tool_use_id", id, "type", "tool_result", "content", result, "is_error", false}},
		map[string]any{"toolUseResult": tur}))
}

// turn writes one ordinary turn, staying under limit bytes when it can.
func (g *gen) turn(limit int64) {
	if limit-g.n < 4000 { // fill the rest with progress lines
		for g.n < limit-600 {
			g.emit(g.progress())
		}
		if g.n < limit {
			g.emit(strings.Repeat(" ", int(limit-g.n-1)) + "\n")
		}
		return
	}
	g.emit(g.line("file-history-snapshot", map[string]any{"snapshot": map[string]any{"trackedFileBackups": map[string]any{}}}, "snapshot"))
	g.emit(g.user(g.text(40+g.rng.Intn(300)), map[string]any{"permissionMode": "default"}))
	for steps := 1 + g.rng.Intn(12); steps > 0 && g.n < limit-40000; steps-- {
		msgID := "msg_" + g.next()
		if g.rng.Intn(3) == 0 {
			g.emit(g.assistant(msgID, map[string]any{"type": "thinking", "thinking": g.text(400), "signature": "sig"}))
		}
		g.emit(g.assistant(msgID, map[string]any{"type": "text", "text": g.text(80 + g.rng.Intn(400))}))
		for calls := 1 + g.rng.Intn(3); calls > 0; calls-- {
			g.toolCall(msgID, limit)
		}
	}
	g.emit(g.assistant("msg_"+g.next(), map[string]any{"type": "text", "text": "Done. " + g.text(300)}))
	g.emit(g.line("system", map[string]any{"subtype": "turn_duration", "durationMs": 42000}, "subtype", "durationMs"))
}

// lastTurn is the same in every file: a prompt, a plan, edits, a failing test run, a
// commit, and a closing text with a decision and next steps (about 9 KB).
func (g *gen) lastTurn() string {
	rng := g.rng
	g.rng = rand.New(rand.NewSource(42)) // the same text in every file
	defer func() { g.rng = rng }()
	var b strings.Builder
	add := func(s string) { b.WriteString(s) }
	add(g.user("Make the transcript reader skip oversized lines and add a benchmark for it", map[string]any{"permissionMode": "default"}))
	m1 := "msg_last01"
	add(g.assistant(m1, map[string]any{"type": "text", "text": "I'll plan this, then change the reader."}))
	add(g.assistant(m1, map[string]any{"type": "tool_use", "id": "toolu_last_todo", "name": "TodoWrite", "input": map[string]any{"todos": []any{
		map[string]any{"content": "Skip oversized lines in the reader", "status": "completed", "activeForm": "Skipping"},
		map[string]any{"content": "Benchmark the reader on 200 MB", "status": "in_progress", "activeForm": "Benchmarking"},
		map[string]any{"content": "Document the line limit", "status": "pending", "activeForm": "Documenting"},
	}}}))
	add(g.user([]any{map[string]any{"tool_use_id": "toolu_last_todo", "type": "tool_result", "content": "Todos have been modified successfully."}},
		map[string]any{"toolUseResult": map[string]any{"oldTodos": []any{}, "newTodos": []any{}}}))
	for i, f := range []string{"internal/reader/reader.go", "internal/reader/reader_test.go", "docs/limits.md"} {
		id := fmt.Sprintf("toolu_last_edit%d", i)
		path := g.cwd + "/" + f
		add(g.assistant("msg_last02", map[string]any{"type": "tool_use", "id": id, "name": "Edit",
			"input": map[string]any{"file_path": path, "old_string": g.text(60), "new_string": g.text(80), "replace_all": false}}))
		add(g.user([]any{map[string]any{"tool_use_id": id, "type": "tool_result", "content": "The file " + path + " has been updated."}},
			map[string]any{"toolUseResult": map[string]any{"filePath": path}}))
	}
	add(g.assistant("msg_last03", map[string]any{"type": "tool_use", "id": "toolu_last_test", "name": "Bash",
		"input": map[string]any{"command": "go test ./internal/reader/", "description": "Run the reader tests"}}))
	add(g.user([]any{map[string]any{"tool_use_id": "toolu_last_test", "type": "tool_result", "is_error": true,
		"content": "Exit code 1\n--- FAIL: TestOversized (0.02s)\n    reader_test.go:41: got 2 lines, want 3\nFAIL\n" + g.text(100)}},
		map[string]any{"toolUseResult": "Error: Exit code 1"}))
	add(g.assistant("msg_last04", map[string]any{"type": "text", "text": "The boundary case was off by one; fixed."}))
	add(g.assistant("msg_last04", map[string]any{"type": "tool_use", "id": "toolu_last_commit", "name": "Bash",
		"input": map[string]any{"command": "git add -A && git commit -m \"$(cat <<'EOF'\nreader: skip oversized lines\n\nCo-Authored-By: Claude\nEOF\n)\"", "description": "Commit"}}))
	add(g.user([]any{map[string]any{"tool_use_id": "toolu_last_commit", "type": "tool_result", "is_error": false,
		"content": "[main 4f2a9c1] reader: skip oversized lines\n 3 files changed, 48 insertions(+), 6 deletions(-)"}},
		map[string]any{"toolUseResult": map[string]any{"stdout": "[main 4f2a9c1] reader: skip oversized lines", "stderr": ""}}))
	add(g.assistant("msg_last05", map[string]any{"type": "text", "text": "Done. The reader now skips lines over 2 MB and keeps scanning.\n\n" +
		"**Decision:** oversized lines keep only their first and last 16 KB, so a huge tool result never blows memory.\n\n" +
		"Next steps:\n- Benchmark the reader on a 200 MB transcript\n- Document the line limit in docs/limits.md\n"}))
	return b.String()
}
