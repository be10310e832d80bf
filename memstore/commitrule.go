package memstore

import (
	"path"
	"strings"
)

// Who commits (README "Commits"): what a person does — a change in the UI, an applied
// promotion — is committed, one commit each, because a person decided it; what is written on
// an agent's behalf — the hook, the MCP server, the CLI, which agents run many times a
// session — is committed only with [hook] autocommit = true (CommitOnAutocommit), else left
// for the person to commit.

// keptFirst is the commit message of the files a person's change commits first, as they are
// on disk, because git does not have them as they are (KeepFirst): another writer left them
// uncommitted.
func keptFirst(names []string, next string) (string, []string) {
	verb := "they were"
	if len(names) == 1 {
		verb = "it was"
	}
	what := "commit " + joinAnd(names) + " as " + verb + " left uncommitted"
	body := "Written by the hook, the MCP server or the CLI, which commit only with [hook] autocommit = true; committed as " + verb + ", before: " + oneLine(next)
	return what, []string{body}
}

// joinAnd lists names as a sentence does: "a", "a and b", "a, b and c".
func joinAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// RefusedCommit lists the files a commit git refused left uncommitted (a failing pre-commit
// hook, a signing failure): the next write of the project commits them along.
func (p *Project) RefusedCommit() []string {
	data, err := p.ReadFile(path.Join(p.DebugDir(), uncommittedFile))
	if err != nil {
		return nil
	}
	var out []string
	for l := range strings.Lines(string(data)) {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}
