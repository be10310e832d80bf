package mcpserver

import (
	"encoding/json"

	"carnet/memstore"
)

// AuditFile is the name of the audit log, in the project's logs/.debug/ folder (gitignored).
const AuditFile = "audit.jsonl"

// auditEntry is one line of audit.jsonl: who called which tool on what, and how it ended.
// It never holds memory content: paths, sizes, a commit hash and a result code only.
type auditEntry struct {
	Time    string `json:"time"`
	Client  string `json:"client"`
	Access  string `json:"access,omitempty"`
	Tool    string `json:"tool"`
	Project string `json:"project"`
	Path    string `json:"path,omitempty"`   // relative to the memory folder; several are comma-separated
	Commit  string `json:"commit,omitempty"` // full hash of the commit the call made
	Size    int    `json:"size"`             // bytes of memory the call returned or wrote
	Result  string `json:"result"`           // ok, denied, not_found, conflict, too_large, secret, ambiguous, invalid, error
	MS      int64  `json:"ms"`
}

// appendAudit adds one line to the project's audit log. The line goes out in a single
// write on a file opened with O_APPEND, so lines from concurrent calls and processes never
// interleave; no lock is needed (and none is taken: the project's lock may be held).
func appendAudit(p *memstore.Project, e auditEntry) error {
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	return p.AppendDebug(AuditFile, append(line, '\n'), 0)
}
