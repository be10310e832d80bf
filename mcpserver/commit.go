package mcpserver

import (
	"carnet/memstore/gitrepo"
	"fmt"
	"path/filepath"
	"strings"
)

// autocommit commits paths (relative to the workspace root) when [hook] autocommit is on.
// It returns the commit hash, or a note saying why there is none; a failed commit never
// fails the call, since the memory itself was written.
func (c *call) autocommit(paths []string, subject string, body []string) (hash, note string) {
	if !c.ws.Config.Hook.Autocommit || len(paths) == 0 {
		return "", ""
	}
	repo, ok := gitrepo.FindRepoRoot(c.ws.Root)
	if !ok {
		return "", "not committed: the workspace is not in a git repository"
	}
	abs := make([]string, len(paths))
	for i, p := range paths {
		abs[i] = filepath.Join(c.ws.Root, filepath.FromSlash(p))
	}
	msg := subject
	if len(body) > 0 {
		msg += "\n\n" + strings.Join(body, "\n")
	}
	res, err := gitrepo.CommitPaths(repo, abs, msg)
	switch {
	case err != nil:
		c.s.log.Warn("autocommit failed", "tool", c.tool, "error", err)
		return "", "not committed: " + err.Error()
	case res.Hash == "":
		return "", "not committed: " + res.Skipped
	}
	c.commit = res.Hash
	return res.Hash, ""
}

func writeCommitLine(b *strings.Builder, hash, note string) {
	switch {
	case hash != "":
		fmt.Fprintf(b, "Committed %s.\n", hash[:min(len(hash), 10)])
	case note != "":
		fmt.Fprintf(b, "(%s)\n", note)
	}
}
