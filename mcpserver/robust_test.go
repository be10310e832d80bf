package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests below feed raw lines to the real server over ServeStdio: a malformed line must
// get a JSON-RPC error and leave the session running.

const (
	initLine        = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"pipe","version":"1"}}}`
	initializedLine = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	listLine        = `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
)

// rpcAnswer is one line the server wrote.
type rpcAnswer struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// lockedBuffer is a log sink written from the server's goroutines.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// pipe serves one session on the given input and returns what the server wrote, line by
// line, and its diagnostics.
func pipe(t *testing.T, root, input string) ([]rpcAnswer, string) {
	t.Helper()
	var out bytes.Buffer
	var log lockedBuffer
	s := New(Options{Root: root, Now: func() time.Time { return testNow }, Log: slog.New(slog.NewTextHandler(&log, nil))})
	if err := s.ServeStdio(context.Background(), strings.NewReader(input), &out); err != nil {
		t.Fatalf("ServeStdio: %v\n%s", err, out.String())
	}
	return decodeAnswers(t, out.String()), log.String()
}

func decodeAnswers(t *testing.T, out string) []rpcAnswer {
	t.Helper()
	var answers []rpcAnswer
	for l := range strings.Lines(out) {
		var a rpcAnswer
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("stdout line %q: %v", l, err)
		}
		answers = append(answers, a)
	}
	return answers
}

// byID sorts answers by their id: results and errors apart.
func byID(answers []rpcAnswer) (results map[string]int, errs map[string][]int) {
	results, errs = map[string]int{}, map[string][]int{}
	for _, a := range answers {
		id := string(a.ID)
		if a.Error != nil {
			errs[id] = append(errs[id], a.Error.Code)
		} else {
			results[id]++
		}
	}
	return results, errs
}

// Each malformed line gets one JSON-RPC error (with its id when it has a usable one, else
// null) and the requests around it are answered.
func TestServeStdioMalformedRequests(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	for _, tc := range []struct {
		name, line string
		code       int
		id         string
	}{
		{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, -32600, "null"},
		{"array id", `{"jsonrpc":"2.0","id":[7],"method":"ping"}`, -32600, "null"},
		{"boolean id", `{"jsonrpc":"2.0","id":true,"method":"ping"}`, -32600, "null"},
		{"fractional id", `{"jsonrpc":"2.0","id":2.5,"method":"ping"}`, -32600, "null"},
		{"numeric method", `{"jsonrpc":"2.0","id":7,"method":5}`, -32600, "7"},
		{"null method", `{"jsonrpc":"2.0","id":"m","method":null}`, -32600, `"m"`},
		{"version only", `{"jsonrpc":"2.0"}`, -32600, "null"},
		{"numeric version", `{"jsonrpc":2,"id":7,"method":"ping"}`, -32600, "7"},
		{"response without id", `{"jsonrpc":"2.0","result":{}}`, -32600, "null"},
		{"malformed error", `{"jsonrpc":"2.0","id":9,"error":"boom"}`, -32600, "9"},
		{"batch", `[{"jsonrpc":"2.0","id":8,"method":"ping"}]`, -32600, "null"},
		{"batch of notifications", `[` + initializedLine + `,` + initializedLine + `]`, -32600, "null"},
		{"empty batch", `[]`, -32600, "null"},
		{"broken batch", `[{"jsonrpc":"2.0"`, -32700, "null"},
		// an error the client reports about a line of ours is an answer: it gets none
		{"client error", `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}`, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answers, _ := pipe(t, root, strings.Join([]string{initLine, initializedLine, tc.line, listLine}, "\n")+"\n")
			results, errs := byID(answers)
			if results["1"] != 1 || results["2"] != 1 {
				t.Errorf("requests 1 and 2 not answered once each: results %v errors %v", results, errs)
			}
			var n int
			for _, codes := range errs {
				n += len(codes)
			}
			if tc.code == 0 {
				if n != 0 {
					t.Errorf("want no error, got %v", errs)
				}
				return
			}
			if n != 1 || len(errs[tc.id]) != 1 || errs[tc.id][0] != tc.code {
				t.Errorf("want one error %d with id %s, got %v", tc.code, tc.id, errs)
			}
		})
	}
}

// A request id reused while the first request is still in flight is refused at once, and the
// end of input does not wait for an answer that will never come.
func TestServeStdioDuplicateID(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	// one read takes all these lines, before the server has answered any of them
	answers, log := pipe(t, root, strings.Join([]string{
		initLine, initializedLine,
		`{"jsonrpc":"2.0","id":"q","method":"tools/call","params":{"name":"memory_index","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":"q","method":"tools/list"}`,
		listLine,
	}, "\n")+"\n")
	results, errs := byID(answers)
	if results[`"q"`] != 1 || len(errs[`"q"`]) != 1 || errs[`"q"`][0] != -32600 || results["2"] != 1 {
		t.Errorf("want request q answered and its duplicate refused, got results %v errors %v", results, errs)
	}
	for _, a := range answers {
		if a.Error != nil {
			mustContain(t, "duplicate id error", a.Error.Message, `"q"`, "in flight")
		}
	}
	mustNotContain(t, "log", log, "unanswered")
}

// Once its request is answered, an id may be used again.
func TestServeStdioIDReusedAfterAnswer(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := New(Options{Root: root, Now: func() time.Time { return testNow }})
	done := make(chan error, 1)
	go func() {
		done <- s.ServeStdio(context.Background(), inR, outW)
		outW.Close()
	}()
	answers := bufio.NewScanner(outR)
	ask := func(line string) rpcAnswer {
		t.Helper()
		if _, err := io.WriteString(inW, line+"\n"); err != nil {
			t.Fatal(err)
		}
		if !answers.Scan() {
			t.Fatalf("no answer to %s", line)
		}
		return decodeAnswers(t, answers.Text())[0]
	}
	ask(initLine)
	if _, err := io.WriteString(inW, initializedLine+"\n"); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if a := ask(listLine); a.Error != nil || string(a.ID) != "2" {
			t.Errorf("tools/list with id 2: %+v %+v", a, a.Error)
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// A message over the size limit is refused with an error that says the limit; the rest of
// its line is skipped and the session goes on. A message under the limit passes.
func TestServeStdioTooLarge(t *testing.T) {
	t.Parallel()
	root := seeded(t, "")
	huge := `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"memory_add","arguments":{"section":"travail","bullets":["` +
		strings.Repeat("x", 12<<20) + `"]}}}`
	large := `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"memory_add","arguments":{"section":"travail","bullets":["` +
		strings.Repeat("y", 3<<20) + `"]}}}`
	answers, _ := pipe(t, root, strings.Join([]string{initLine, initializedLine, huge, large, listLine}, "\n")+"\n")
	results, errs := byID(answers)
	if results["1"] != 1 || results["2"] != 1 || results["6"] != 1 {
		t.Errorf("requests 1, 2 and 6 not all answered: results %v errors %v", results, errs)
	}
	if len(errs) != 1 || len(errs["null"]) != 1 || errs["null"][0] != -32600 {
		t.Fatalf("want one invalid request with id null, got %v", errs)
	}
	for _, a := range answers {
		if a.Error != nil {
			mustContain(t, "too large error", a.Error.Message, "4 MiB")
		}
	}
	if strings.Contains(readFile(t, root, "memory_sessions/logs/2026-03-21.md"), "xxxx") {
		t.Error("the refused message was written")
	}
}
