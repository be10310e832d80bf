package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

const (
	// drainTimeout bounds how long the end of input waits for the answers still owed.
	drainTimeout = 30 * time.Second
	// maxMessageBytes is the longest line (one JSON-RPC message) ServeStdio reads.
	maxMessageBytes = 4 << 20
	// maxIntID is the largest integer id told apart from its neighbours: the SDK reads
	// numeric ids as float64.
	maxIntID = 1 << 53
)

// ServeStdio serves one session on newline-delimited JSON-RPC: requests on in, answers on
// out. When in ends, the requests already read are answered before the session closes, so
// a script can pipe requests in (`printf '…' | carnet mcp`) and read every answer; the SDK
// alone would drop the answers still in flight at end of input.
//
// A line that is not a valid JSON-RPC message — not JSON, a batch, a bad id or method, a
// request reusing the id of one still in flight, or a line over maxMessageBytes — is
// answered with a JSON-RPC error (parse error or invalid request) and skipped: the SDK
// alone would end the session on it, or drop it without an answer.
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	tr := &tracker{pending: map[jsonrpc.ID]bool{}}
	tr.cond = sync.NewCond(&tr.mu)
	w := &countWriter{w: out, tr: tr}
	d := &drainReader{r: in, tr: tr, ctx: ctx, reject: w.writeOwn, log: s.log}
	d.line.max = maxMessageBytes
	t := &mcp.IOTransport{
		Reader: d,
		Writer: w,
		// drainReader hands the SDK whole lines of at most maxMessageBytes.
		MaxLineLength: -1,
	}
	return s.Run(ctx, t)
}

// tracker holds the ids of the requests read and not answered yet.
type tracker struct {
	mu      sync.Mutex
	cond    *sync.Cond
	pending map[jsonrpc.ID]bool
}

// open records a request read; it reports false when a request with the same id is still
// in flight.
func (t *tracker) open(id jsonrpc.ID) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.pending[id] {
		return false
	}
	t.pending[id] = true
	return true
}

// answered records the answer to request id.
func (t *tracker) answered(id jsonrpc.ID) {
	t.mu.Lock()
	delete(t.pending, id)
	t.mu.Unlock()
	t.cond.Broadcast()
}

// wait blocks until every request read has its answer, or until ctx ends or the timeout;
// it returns how many are still unanswered.
func (t *tracker) wait(ctx context.Context, timeout time.Duration) int {
	stop := time.AfterFunc(timeout, t.cond.Broadcast)
	defer stop.Stop()
	deadline := time.Now().Add(timeout)
	done := context.AfterFunc(ctx, t.cond.Broadcast)
	defer done()
	t.mu.Lock()
	defer t.mu.Unlock()
	for len(t.pending) > 0 && ctx.Err() == nil && time.Now().Before(deadline) {
		t.cond.Wait()
	}
	return len(t.pending)
}

// drainReader passes input through line by line, tracking requests and answering the
// lines that are not valid JSON-RPC messages itself (reject); at end of input it waits for
// the answers still owed before reporting the end.
type drainReader struct {
	r      io.Reader
	tr     *tracker
	ctx    context.Context
	log    *slog.Logger
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
			d.line.feed(d.buf[:n], d.take, d.tooLong)
		}
		if err != nil {
			if rest := bytes.TrimSpace(d.line.buf); len(rest) > 0 && !d.line.skipping {
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
	if errors.Is(d.err, io.EOF) {
		if n := d.tr.wait(d.ctx, drainTimeout); n > 0 && d.ctx.Err() == nil {
			d.log.Warn("end of input: requests still unanswered, closing the session", "unanswered", n, "waited", drainTimeout)
		}
	}
	return 0, d.err
}

func (d *drainReader) Close() error { return nil }

// take passes one line on to the SDK, or answers it when it is not a valid message.
func (d *drainReader) take(line []byte) {
	msg, id, answer := checkMessage(line)
	if resp, ok := msg.(*jsonrpc.Response); ok && !resp.ID.IsValid() {
		d.log.Warn("the client reports an error without an id", "error", resp.Error)
		return
	}
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() && !d.tr.open(req.ID) {
		answer = errorAnswer(id, jsonrpc.CodeInvalidRequest,
			fmt.Sprintf("invalid request: id %s is already used by a request in flight; give each request a new id", id))
	}
	if answer != nil {
		d.reject(answer)
		return
	}
	d.ready = append(append(d.ready, line...), '\n')
}

// tooLong answers a line over the size limit, whose rest is skipped.
func (d *drainReader) tooLong() {
	d.reject(errorAnswer(nil, jsonrpc.CodeInvalidRequest,
		fmt.Sprintf("invalid request: the message is over %d MiB, the most carnet mcp reads in one line; it was skipped", maxMessageBytes>>20)))
}

// checkMessage decodes one line as a JSON-RPC 2.0 message, as the SDK will. When the line
// is not one, it returns the JSON-RPC error answering it (with the line's id when that id
// is usable, else null). id is the line's raw id.
func checkMessage(line []byte) (msg jsonrpc.Message, id json.RawMessage, answer []byte) {
	if !json.Valid(line) {
		return nil, nil, errorAnswer(nil, jsonrpc.CodeParseError, "parse error: the line is not JSON (one JSON-RPC message per line)")
	}
	if line[0] == '[' {
		return nil, nil, errorAnswer(nil, jsonrpc.CodeInvalidRequest, "invalid request: batches are not supported; send one JSON-RPC message per line")
	}
	var fields map[string]json.RawMessage // keys are matched exactly, as the SDK does
	if line[0] != '{' || json.Unmarshal(line, &fields) != nil {
		return nil, nil, errorAnswer(nil, jsonrpc.CodeInvalidRequest, "invalid request: a JSON-RPC message is a JSON object")
	}
	id = fields["id"]
	if !validID(id) {
		return nil, nil, errorAnswer(nil, jsonrpc.CodeInvalidRequest, `invalid request: "id" must be a string or an integer`)
	}
	invalid := func(text string) (jsonrpc.Message, json.RawMessage, []byte) {
		return nil, id, errorAnswer(id, jsonrpc.CodeInvalidRequest, "invalid request: "+text)
	}
	var version string
	if json.Unmarshal(fields["jsonrpc"], &version) != nil || version != "2.0" {
		return invalid(`"jsonrpc" must be "2.0"`)
	}
	method, isRequest := fields["method"]
	switch {
	case isRequest && method[0] != '"':
		return invalid(`"method" must be a string`)
	case !isRequest && (len(id) == 0 || string(id) == "null"):
		var e jsonrpc.Error
		if raw, ok := fields["error"]; ok && json.Unmarshal(raw, &e) == nil {
			// the client could not read a message of ours: an answer, to be answered by none
			return &jsonrpc.Response{Error: &e}, id, nil
		}
		return invalid(`a message needs a "method" (request or notification) or an "id" (response)`)
	}
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return invalid(err.Error())
	}
	return msg, id, nil
}

// validID reports whether a raw id is absent, null, a string or an integer the SDK keeps
// exact.
func validID(id json.RawMessage) bool {
	if len(id) == 0 || string(id) == "null" || id[0] == '"' {
		return true
	}
	n, err := strconv.ParseInt(string(id), 10, 64)
	return err == nil && -maxIntID <= n && n <= maxIntID
}

// errorAnswer is a JSON-RPC error response line; a nil id is written null.
func errorAnswer(id json.RawMessage, code int, text string) []byte {
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
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

// countWriter passes output through, marking the requests answered.
type countWriter struct {
	w    io.Writer
	tr   *tracker
	line lineSplitter
	mu   sync.Mutex
}

func (c *countWriter) Write(p []byte) (int, error) {
	c.mu.Lock() // the SDK and drainReader's rejections write from different goroutines
	defer c.mu.Unlock()
	// The answers are settled before they go out: a client that has read one may reuse its
	// id at once. (An answer that cannot be delivered is owed no longer either.)
	c.line.feed(p, func(line []byte) {
		if resp, ok := decodeResponse(line); ok {
			c.tr.answered(resp.ID)
		}
	}, nil)
	return c.w.Write(p)
}

// decodeResponse decodes a line the server wrote when it is a response.
func decodeResponse(line []byte) (*jsonrpc.Response, bool) {
	msg, err := jsonrpc.DecodeMessage(line)
	if err != nil {
		return nil, false
	}
	resp, ok := msg.(*jsonrpc.Response)
	return resp, ok
}

// writeOwn writes an answer of ServeStdio's own (to a line that is not a valid message):
// it answers no request the SDK was given, so it settles none.
func (c *countWriter) writeOwn(p []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, _ = c.w.Write(p)
}

func (c *countWriter) Close() error { return nil }

// lineSplitter cuts a byte stream into lines. A line longer than max (when max > 0) is
// reported to tooLong once and skipped up to its newline.
type lineSplitter struct {
	buf      []byte
	max      int
	skipping bool // inside a line over max
}

func (l *lineSplitter) feed(p []byte, line func([]byte), tooLong func()) {
	for len(p) > 0 {
		chunk, rest, whole := bytes.Cut(p, []byte{'\n'})
		p = rest
		if !l.skipping {
			l.buf = append(l.buf, chunk...)
			if l.max > 0 && len(l.buf) > l.max {
				l.buf, l.skipping = l.buf[:0], true
				tooLong()
			}
		}
		if !whole {
			return
		}
		if msg := bytes.TrimSpace(l.buf); len(msg) > 0 && !l.skipping {
			line(msg)
		}
		l.buf, l.skipping = l.buf[:0], false
	}
}
