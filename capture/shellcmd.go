package capture

import (
	"strings"
	"sync"

	"carnet/hook/transcript"
	"carnet/shell"
)

// simpleCommands reads a shell command line (through carnet's one shell parser, package
// shell) into its simple commands, each as its words, in order: "cd web && npm test | tail
// -5" gives [cd web] [npm test] [tail -5]. A `bash -lc '…'` runs its script, whose commands
// are returned instead; commands nested in a substitution ($(…)) are left out.
func simpleCommands(line string) [][]string {
	if cmds, ok := parsed.get(line); ok {
		return cmds
	}
	var out [][]string
	for _, c := range parseLine(line).Commands {
		if c.Nested || len(c.Words) == 0 {
			continue
		}
		argv := c.Argv() // the program run through sudo, env, time, timeout, nice…
		if len(argv) == 0 {
			continue
		}
		if script, d, ok := shell.ShellScript(argv); ok {
			for _, in := range shell.ParseAs(script, d).Commands {
				if w := in.Argv(); !in.Nested && len(w) > 0 {
					out = append(out, w)
				}
			}
			continue
		}
		out = append(out, argv)
	}
	parsed.put(line, out)
	return out
}

// parseLine is shell.ParseGuess, remembered: a turn's steps read each command line several times.
func parseLine(line string) *shell.Line {
	if l, ok := lineCache.get(line); ok {
		return l
	}
	l := shell.ParseGuess(line)
	lineCache.put(line, l)
	return l
}

// memo is a small map of what parsing a command line gave, emptied when it grows past
// memoMax: the lines of a turn, a few hundred at most.
type memo[T any] struct {
	mu sync.Mutex
	m  map[string]T
}

const memoMax = 1024

func (c *memo[T]) get(k string) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *memo[T]) put(k string, v T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= memoMax {
		c.m = map[string]T{}
	}
	c.m[k] = v
}

var (
	parsed    memo[[][]string]
	lineCache memo[*shell.Line]
)

// foreignDir reports a shell command that starts by changing to a folder outside the
// project (cd /elsewhere && git commit …): what it does happens in another repository.
func foreignDir(f transcript.PathFixer, cmd string) bool {
	if !strings.HasPrefix(strings.TrimSpace(cmd), "cd ") || f.Empty() {
		return false
	}
	cmds := simpleCommands(cmd) // its folder as the shell reads it: quoted, or with "\ " for a blank
	if len(cmds) == 0 || len(cmds[0]) < 2 || cmds[0][0] != "cd" {
		return false
	}
	_, inside := f.Rel(cmds[0][1]) // a relative folder is inside
	return !inside
}
