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

// Committed is what every write tool says of its commit: the hash, or why there is none.
type Committed struct {
	Commit     string `json:"commit,omitempty"`
	CommitNote string `json:"commit_note,omitempty" jsonschema:"why no commit was made, with autocommit on"`
}

// committed reads the commit of a write: its hash, or a note saying why there is none; a
// failed commit never fails the call, since the memory itself was written.
func (c *call) committed(w memstore.Written) Committed {
	switch {
	case w.CommitErr != nil:
		c.s.log.Warn("autocommit failed", "tool", c.tool, "error", w.CommitErr)
		return Committed{CommitNote: "not committed: " + w.CommitErr.Error()}
	case w.Commit.Hash != "":
		c.commit = w.Commit.Hash
		return Committed{Commit: w.Commit.Hash}
	case w.Commit.Skipped == "not a git repository":
		return Committed{CommitNote: "not committed: the workspace is not in a git repository"}
	case w.Commit.Skipped != "":
		return Committed{CommitNote: "not committed: " + w.Commit.Skipped}
	}
	return Committed{}
}

// writeLine says the commit in the call's text.
func (k Committed) writeLine(b *strings.Builder) {
	switch {
	case k.Commit != "":
		fmt.Fprintf(b, "Committed %s.\n", k.Commit[:min(len(k.Commit), 10)])
	case k.CommitNote != "":
		fmt.Fprintf(b, "(%s)\n", k.CommitNote)
	}
}
