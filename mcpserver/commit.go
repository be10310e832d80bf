package mcpserver

import (
	"fmt"
	"strings"

	"carnet/memstore"
)

// change is the memstore change of this call: written by "mcp:<client>", committed when
// [hook] autocommit is on.
func (c *call) change(what string) memstore.Change {
	return memstore.Change{Writer: "mcp:" + displayName(c.client), What: what,
		Commit: memstore.CommitOnAutocommit, Now: c.now}
}

// committed reads the commit of a write: its hash, or a note saying why there is none; a
// failed commit never fails the call, since the memory itself was written.
func (c *call) committed(w memstore.Written) (hash, note string) {
	switch {
	case w.CommitErr != nil:
		c.s.log.Warn("autocommit failed", "tool", c.tool, "error", w.CommitErr)
		return "", "not committed: " + w.CommitErr.Error()
	case w.Commit.Hash != "":
		c.commit = w.Commit.Hash
		return w.Commit.Hash, ""
	case w.Commit.Skipped == "not a git repository":
		return "", "not committed: the workspace is not in a git repository"
	case w.Commit.Skipped != "":
		return "", "not committed: " + w.Commit.Skipped
	}
	return "", ""
}

func writeCommitLine(b *strings.Builder, hash, note string) {
	switch {
	case hash != "":
		fmt.Fprintf(b, "Committed %s.\n", hash[:min(len(hash), 10)])
	case note != "":
		fmt.Fprintf(b, "(%s)\n", note)
	}
}
