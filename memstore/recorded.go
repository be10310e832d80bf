package memstore

import (
	"strconv"
	"strings"
	"time"
)

// recordedState is the debug folder's file that says when an agent (or a person at the
// command line) last recorded memory on purpose in the project: a write by `carnet add`,
// `done`, `edit`, `note`, an MCP write tool, or `carnet add --nothing`, which records that
// nothing was worth keeping. The Stop gate reads it beside the transcript, so a record it
// cannot see in the session's tool calls still counts.
const recordedState = "gate/recorded.mark"

// MarkRecorded notes that memory was recorded on purpose at t. The mark also counts the
// records, so that two of them differ even under a clock that does not move (tests).
func (p *Project) MarkRecorded(t time.Time) error {
	n := 0
	if _, count, ok := strings.Cut(p.LastRecorded(), " "); ok {
		n, _ = strconv.Atoi(count)
	}
	return p.WriteStateLoose(recordedState, []byte(t.UTC().Format(time.RFC3339Nano)+" "+strconv.Itoa(n+1)+"\n"))
}

// LastRecorded is the mark of the latest record on purpose (MarkRecorded), "" when none: a
// reader that kept the previous one knows a record came since when the two differ.
func (p *Project) LastRecorded() string {
	data, err := p.ReadState(recordedState)
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(data))
}

// recordsOnPurpose reports a writer whose writes are an agent's or a person's record (the
// command line, an MCP client), not capture's or promotion's.
func recordsOnPurpose(writer string) bool {
	return writer == "cli" || strings.HasPrefix(writer, "mcp:")
}
