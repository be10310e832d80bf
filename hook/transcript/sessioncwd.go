package transcript

import (
	"bytes"
	"encoding/json"
	"io"
)

// Bounds of what is read from a transcript's start to find the session's folder: the first
// line names it in its first bytes, unless it is a long summary or snapshot line.
const (
	shortHead = 4 << 10
	maxHead   = 32 << 10
)

// sessionCwd is the first "cwd" a transcript records (a Claude Code line, a Codex
// session_meta): the folder the agent was started in, "" when the head has none.
func sessionCwd(r io.ReaderAt, size int64) string {
	var short [shortHead]byte
	n, _ := r.ReadAt(short[:min(size, shortHead)], 0)
	if cwd := firstCwd(short[:n]); cwd != "" || size <= shortHead {
		return cwd
	}
	buf := make([]byte, min(size, maxHead))
	n, _ = r.ReadAt(buf, 0)
	return firstCwd(buf[:n])
}

// firstCwd decodes the first "cwd" string value of head.
func firstCwd(head []byte) string {
	key := []byte(`"cwd"`)
	for {
		i := bytes.Index(head, key)
		if i < 0 {
			return ""
		}
		head = bytes.TrimLeft(head[i+len(key):], " \t")
		if len(head) == 0 || head[0] != ':' {
			continue
		}
		head = bytes.TrimLeft(head[1:], " \t")
		if s, ok := jsonString(head); ok && s != "" {
			return CleanText(s)
		}
	}
}

// jsonString decodes the JSON string b starts with.
func jsonString(b []byte) (string, bool) {
	if len(b) == 0 || b[0] != '"' {
		return "", false
	}
	for i := 1; i < len(b); i++ {
		switch b[i] {
		case '\\':
			i++
		case '"':
			var s string
			return s, json.Unmarshal(b[:i+1], &s) == nil
		}
	}
	return "", false
}
