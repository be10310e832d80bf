package memstore

import (
	"strings"
	"time"
)

// recordedState is the debug folder's file that says when an agent (or a person at the
// command line) last recorded memory on purpose in the project: a write by `carnet add`,
// `done`, `edit`, `note`, an MCP write tool, or `carnet add --nothing`, which records that
// nothing was worth keeping. The Stop gate reads it beside the transcript, so a record it
// cannot see in the session's tool calls still counts.
const recordedState = "gate/recorded.mark"

// MarkRecorded notes that memory was recorded on purpose at t.
func (p *Project) MarkRecorded(t time.Time) error {
	return p.WriteStateLoose(recordedState, []byte(t.UTC().Format(time.RFC3339Nano)+"\n"))
}

// LastRecorded is when memory was last recorded on purpose (MarkRecorded), or the zero time.
func (p *Project) LastRecorded() time.Time {
	data, err := p.ReadState(recordedState)
	if err != nil {
		return time.Time{}
	}
	t, _ := time.Parse(time.RFC3339Nano, strings.TrimSpace(string(data)))
	return t
}

// recordsOnPurpose reports a writer whose writes are an agent's or a person's record (the
// command line, an MCP client), not capture's or promotion's.
func recordsOnPurpose(writer string) bool {
	return writer == "cli" || strings.HasPrefix(writer, "mcp:")
}
