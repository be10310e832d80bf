package hook

import (
	"carnet/capture"
	"carnet/hook/transcript"
	"carnet/memstore"
	"encoding/json"
	"strings"
	"time"
)

// Debug files in a project's logs/.debug/ (gitignored), written by Project.AppendDebug,
// which never writes through a symbolic link.
const (
	HookLogFile     = memstore.HookLogFile
	ExtractionsFile = "extractions.jsonl"
	hookLogMax      = memstore.HookLogMax // past this size a log is rotated to NAME.1
	extractionsMax  = 1 << 20
)

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
	Error     string          `json:"error,omitempty"` // why a model's answer was not merged
	// Steps names, for each bullet, the step of capture's pipeline that wrote it.
	Steps []capture.Bullet `json:"steps,omitempty"`
	// Rewritten and Removed are capture's own bullets it changed or took out (never
	// counted as duplicates).
	Rewritten []string `json:"rewritten,omitempty"`
	Removed   []string `json:"removed,omitempty"`
	Turn      struct {
		Lines     int  `json:"lines"`
		Tools     int  `json:"tools"`
		Skipped   int  `json:"skipped"`
		Truncated bool `json:"truncated,omitempty"`
	} `json:"turn"`
}
