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
func (s *Server) ServeStdio(ctx context.Context, in io.Reader, out io.Writer) error {
	var tr tracker
	tr.cond = sync.NewCond(&tr.mu)
	t := &mcp.IOTransport{
		Reader: &drainReader{r: in, tr: &tr, ctx: ctx},
		Writer: &countWriter{w: out, tr: &tr},
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

// drainReader passes input through, counting requests; at end of input it waits for
// their answers before reporting the end.
type drainReader struct {
	r    io.Reader
	tr   *tracker
	ctx  context.Context
	line lineSplitter
}

func (d *drainReader) Read(p []byte) (int, error) {
	n, err := d.r.Read(p)
	if n > 0 {
		d.line.feed(p[:n], func(msg []byte) {
			if k := kindOf(msg); k.request {
				d.tr.add(k.n, 0)
			}
		})
	}
	if err == io.EOF {
		d.tr.wait(d.ctx, drainTimeout)
	}
	return n, err
}

func (d *drainReader) Close() error { return nil }

// countWriter passes output through, counting answers.
type countWriter struct {
	w    io.Writer
	tr   *tracker
	line lineSplitter
	mu   sync.Mutex
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	done := p[:n]
	if err != nil {
		done = p // an answer that cannot be delivered is owed no longer
	}
	c.mu.Lock()
	c.line.feed(done, func(msg []byte) {
		if k := kindOf(msg); k.response {
			c.tr.add(0, k.n)
		}
	})
	c.mu.Unlock()
	return n, err
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
