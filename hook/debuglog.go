package hook

import (
	"carnet/hook/transcript"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Debug files in a project's logs/.debug/ (gitignored).
const (
	HookLogFile     = "hook.log"
	ExtractionsFile = "extractions.jsonl"
	hookLogMax      = 256 << 10 // past this size a log is rotated to NAME.1
	extractionsMax  = 1 << 20
)

// appendBounded appends one line to path, rotating the file to path+".1" once it passes
// max bytes, so debug logs never grow without bound. Appends of one short line are atomic
// between processes (O_APPEND).
func appendBounded(path string, line []byte, max int64) error {
	if st, err := os.Stat(path); err == nil && st.Size() > max {
		_ = os.Rename(path, path+".1")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(line); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// logLine formats one hook.log line: time, event, session, message, all on one line.
func logLine(now time.Time, event, session, msg string) []byte {
	if event == "" {
		event = "-"
	}
	if session == "" {
		session = "-"
	}
	msg = strings.Join(strings.Fields(transcript.CleanText(msg)), " ")
	return []byte(now.UTC().Format(time.RFC3339) + " " + event + " session=" + transcript.Clip(session, 64) + " " + transcript.Clip(msg, 2000) + "\n")
}

// extractionRecord is one line of extractions.jsonl: what an extractor returned and what
// the merge made of it (never more than the bullets themselves).
type extractionRecord struct {
	Time      string          `json:"time"`
	Event     string          `json:"event"`
	Session   string          `json:"session,omitempty"`
	Extractor string          `json:"extractor"`
	Project   string          `json:"project"`
	Raw       json.RawMessage `json:"raw,omitempty"`
	RawText   string          `json:"raw_text,omitempty"`
	Unknown   []string        `json:"unknown_keys,omitempty"`
	Added     int             `json:"added"`
	Ticked    int             `json:"ticked"`
	Dupes     int             `json:"duplicates"`
	Refused   []string        `json:"refused,omitempty"`
	Turn      struct {
		Lines     int  `json:"lines"`
		Tools     int  `json:"tools"`
		Skipped   int  `json:"skipped"`
		Truncated bool `json:"truncated,omitempty"`
	} `json:"turn"`
}
