package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Requests piped in and closed at once are all answered before ServeStdio returns.
func TestServeStdioAnswersBeforeEOF(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"memory_index","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"memory_add","arguments":{"section":"travail","bullets":["Servi par un tube"]}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"memory_read","arguments":{"path":"/etc/passwd"}}}`,
	}, "\n") + "\n"
	var out bytes.Buffer
	s := New(Options{Root: root, Now: func() time.Time { return testNow }})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.ServeStdio(ctx, strings.NewReader(in), &out); err != nil {
		t.Fatalf("ServeStdio: %v", err)
	}
	got := map[int]map[string]any{}
	for l := range strings.SplitSeq(strings.TrimSpace(out.String()), "\n") {
		var m struct {
			ID     int            `json:"id"`
			Result map[string]any `json:"result"`
		}
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("stdout line %q: %v", l, err)
		}
		got[m.ID] = m.Result
	}
	for id := 1; id <= 5; id++ {
		if got[id] == nil {
			t.Errorf("no answer to request %d:\n%s", id, out.String())
		}
	}
	if got[5]["isError"] != true || got[4]["isError"] == true {
		t.Errorf("answers: %v / %v", got[4], got[5])
	}
	mustContain(t, "log", readFile(t, root, todayLog), "- "+noted("pipe", "Servi par un tube")+"\n")
}

func TestCheckMessage(t *testing.T) {
	t.Parallel()
	for line, want := range map[string]string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`:                                    "call",
		`{"jsonrpc":"2.0","id":"a","method":"ping","params":{}}`:                      "call",
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`:                      "notification",
		`{"jsonrpc":"2.0","id":"a","result":{}}`:                                      "response",
		`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`: "client error",
		`[{"jsonrpc":"2.0","id":1,"method":"a"},{"id":2,"method":"b"}]`:               "-32600",
		`{"jsonrpc":"2.0","id":1e3,"method":"ping"}`:                                  "-32600",
		`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`:                     "-32600",
		`{"jsonrpc":"2.0","id":-4,"method":"ping"}`:                                   "call",
		`{"JSONRPC":"2.0","id":1,"method":"ping"}`:                                    "-32600",
		`not json`: "-32700",
	} {
		msg, _, answer := checkMessage([]byte(line))
		var got string
		switch m := msg.(type) {
		case *jsonrpc.Request:
			got = "notification"
			if m.IsCall() {
				got = "call"
			}
		case *jsonrpc.Response:
			got = "response"
			if !m.ID.IsValid() {
				got = "client error"
			}
		}
		if answer != nil {
			var a rpcAnswer
			if err := json.Unmarshal(answer, &a); err != nil || a.Error == nil || msg != nil {
				t.Errorf("checkMessage(%s): answer %s, message %v", line, answer, msg)
				continue
			}
			got = strconv.Itoa(a.Error.Code)
		}
		if got != want {
			t.Errorf("checkMessage(%s) = %s, want %s", line, got, want)
		}
	}
}

// A line that is not a JSON-RPC message gets a JSON-RPC error and the session goes on: the
// requests before and after it are all answered.
func TestServeStdioSurvivesBadLines(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`not json`,
		`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":`,
		`42`,
		`{"id":"x","method":"ping"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"memory_index","arguments":{}}}`,
	}, "\n") // and no final newline
	var out bytes.Buffer
	s := New(Options{Root: root, Now: func() time.Time { return testNow }})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.ServeStdio(ctx, strings.NewReader(in), &out); err != nil {
		t.Fatalf("ServeStdio: %v", err)
	}
	var answered []string
	codes := map[int]int{}
	for l := range strings.SplitSeq(strings.TrimSpace(out.String()), "\n") {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Result map[string]any  `json:"result"`
			Error  *struct {
				Code int `json:"code"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("stdout line %q: %v", l, err)
		}
		if m.Error != nil {
			codes[m.Error.Code]++
		}
		if m.Result != nil {
			answered = append(answered, string(m.ID))
		}
	}
	if codes[-32700] != 2 || codes[-32600] != 2 {
		t.Errorf("want 2 parse errors and 2 invalid requests, got %v:\n%s", codes, out.String())
	}
	if len(answered) != 3 {
		t.Errorf("want requests 1, 2 and 3 answered, got %v:\n%s", answered, out.String())
	}
}
