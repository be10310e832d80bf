package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// drainTimeout bounds how long the end of input waits for the answers still owed.
const drainTimeout = 30 * time.Second

// ServeStdio serves one session on newline-delimited JSON-RPC: requests on in, answers on
// out. When in ends, the requests already read are answered before the session closes, so
// a script can pipe requests in (`printf '…' | carnet mcp`) and read every answer; the SDK
// alone would drop the answers still in flight at end of input.
//
// A line that is not a JSON-RPC message is answered with a JSON-RPC error (parse error or
// invalid request) and skipped: the SDK alone would end the session on it, dropping the
// answers owed to the requests before it.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	var tr tracker
	tr.cond = sync.NewCond(&tr.mu)
	w := &countWriter{w: out, tr: &tr}
	t := &mcp.IOTransport{
		Reader: &drainReader{r: in, tr: &tr, ctx: ctx, reject: w.writeOwn},
		Writer: w,
	}
	return s.Run(ctx, t)
}

// tracker counts the requests read and the answers written.
type tracker struct {
	mu        sync.Mutex
	cond      *sync.Cond
	requests  int
	responses int
}

func (t *tracker) add(req, resp int) {
	t.mu.Lock()
	t.requests += req
	t.responses += resp
	t.mu.Unlock()
	t.cond.Broadcast()
}

// wait blocks until every request read has its answer, or until ctx ends or the timeout.
func (t *tracker) wait(ctx context.Context, timeout time.Duration) {
	stop := time.AfterFunc(timeout, t.cond.Broadcast)
	defer stop.Stop()
	deadline := time.Now().Add(timeout)
	done := context.AfterFunc(ctx, t.cond.Broadcast)
	defer done()
	t.mu.Lock()
	defer t.mu.Unlock()
	for t.responses < t.requests && ctx.Err() == nil && time.Now().Before(deadline) {
		t.cond.Wait()
	}
}

// drainReader passes input through line by line, counting requests and answering the
// lines that are not JSON-RPC messages itself (reject); at end of input it waits for the
// answers still owed before reporting the end.
type drainReader struct {
	r      io.Reader
	tr     *tracker
	ctx    context.Context
	line   lineSplitter
	reject func(answer []byte)
	buf    []byte // read from r, not cut into lines yet
	ready  []byte // whole lines for the SDK
	err    error
}

func (d *drainReader) Read(p []byte) (int, error) {
	for len(d.ready) == 0 && d.err == nil {
		if d.buf == nil {
			d.buf = make([]byte, 64<<10)
		}
		n, err := d.r.Read(d.buf)
		if n > 0 {
			d.line.feed(d.buf[:n], d.take)
		}
		if err != nil {
			if rest := bytes.TrimSpace(d.line.buf); len(rest) > 0 {
				d.take(rest) // a last line without its newline
			}
			d.line.buf = nil
			d.err = err
		}
	}
	if len(d.ready) > 0 {
		n := copy(p, d.ready)
		d.ready = d.ready[n:]
		return n, nil
	}
	if d.err == io.EOF {
		d.tr.wait(d.ctx, drainTimeout)
	}
	return 0, d.err
}

func (d *drainReader) Close() error { return nil }

// take passes one line on to the SDK, or answers it when it is not a JSON-RPC message.
func (d *drainReader) take(msg []byte) {
	if answer := invalidMessage(msg); answer != nil {
		d.reject(answer)
		return
	}
	if k := kindOf(msg); k.request {
		d.tr.add(k.n, 0)
	}
	d.ready = append(append(d.ready, msg...), '\n')
}

// invalidMessage returns the JSON-RPC error answering a line that is not a JSON-RPC 2.0
// message (an object with "jsonrpc": "2.0"; a batch is left to the SDK), or nil.
func invalidMessage(msg []byte) []byte {
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	answer := func(id json.RawMessage, code int, text string) []byte {
		if len(id) == 0 {
			id = json.RawMessage("null")
		}
		b, _ := json.Marshal(struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   rpcError        `json:"error"`
		}{"2.0", id, rpcError{code, text}})
		return append(b, '\n')
	}
	if !json.Valid(msg) {
		return answer(nil, -32700, "parse error: the line is not JSON (one JSON-RPC message per line)")
	}
	if msg[0] == '[' {
		return nil
	}
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
	}
	if msg[0] != '{' || json.Unmarshal(msg, &m) != nil {
		return answer(nil, -32600, `invalid request: a JSON-RPC message is a JSON object`)
	}
	if m.JSONRPC != "2.0" {
		var id json.RawMessage
		if json.Valid(m.ID) && len(m.ID) > 0 && (m.ID[0] == '"' || m.ID[0] == '-' || (m.ID[0] >= '0' && m.ID[0] <= '9')) {
			id = m.ID
		}
		return answer(id, -32600, `invalid request: "jsonrpc" must be "2.0"`)
	}
	return nil
}

// countWriter passes output through, counting answers.
type countWriter struct {
	w    io.Writer
	tr   *tracker
	line lineSplitter
	mu   sync.Mutex
}

func (c *countWriter) Write(p []byte) (int, error) {
	c.mu.Lock() // the SDK and drainReader's rejections write from different goroutines
	defer c.mu.Unlock()
	n, err := c.w.Write(p)
	done := p[:n]
	if err != nil {
		done = p // an answer that cannot be delivered is owed no longer
	}
	c.line.feed(done, func(msg []byte) {
		if k := kindOf(msg); k.response {
			c.tr.add(0, k.n)
		}
	})
	return n, err
}

// writeOwn writes an answer of ServeStdio's own (to a line that is not a message): it
// answers no request the SDK was given, so it is not counted.
func (c *countWriter) writeOwn(p []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, _ = c.w.Write(p)
}

func (c *countWriter) Close() error { return nil }

// lineSplitter cuts a byte stream into lines.
type lineSplitter struct{ buf []byte }

func (l *lineSplitter) feed(p []byte, line func([]byte)) {
	l.buf = append(l.buf, p...)
	for {
		i := bytes.IndexByte(l.buf, '\n')
		if i < 0 {
			return
		}
		if msg := bytes.TrimSpace(l.buf[:i]); len(msg) > 0 {
			line(msg)
		}
		l.buf = l.buf[i+1:]
	}
}

// msgKind says whether a JSON-RPC line holds requests (a method and an id) or responses
// (an id and no method), and how many (a batch holds several).
type msgKind struct {
	request, response bool
	n                 int
}

func kindOf(line []byte) msgKind {
	var msgs []json.RawMessage
	if line[0] == '[' {
		if json.Unmarshal(line, &msgs) != nil {
			return msgKind{}
		}
	} else {
		msgs = []json.RawMessage{line}
	}
	var k msgKind
	for _, m := range msgs {
		var f struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		if json.Unmarshal(m, &f) != nil || len(f.ID) == 0 || string(f.ID) == "null" {
			continue
		}
		if f.Method != "" {
			k.request = true
		} else {
			k.response = true
		}
		k.n++
	}
	return k
}
