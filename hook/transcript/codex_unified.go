package transcript

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Codex's unified exec (the exec_command tool) gives a command a yield time; a command
// still running when it runs out goes on as a process, and the call's output says "Process
// running with session ID N" where it would say "Process exited with code N". The agent then
// calls write_stdin with that session_id, to type into the process or, with empty chars,
// only to wait for it: each call's output is what the process printed since the last one,
// and the call that finds it ended says "Process exited with code N". The command's result
// is then the whole of that output and that exit code, as if exec_command had returned it;
// the write_stdin calls are not calls of their own.

// runningLine is the line of a unified exec output that says the process still runs.
var runningLine = regexp.MustCompile(`(?m)^Process running with session ID\s+(\d+)`)

// execChunk is a unified exec output: a part of a process's output, and how it stands.
type execChunk struct {
	session string // the process still runs, as this session
	exited  bool
	code    int
	text    string // what the process printed, after "Output:"
	known   bool   // the call's result was known before (an exec_command_end event): it stays
}

// execHeader reads the header of a text output: the exit code an "Exit code: N" or "Process
// exited with code N" line gives, or the session a "Process running with session ID N" line
// names (unified: the exec_command form), and where the text after "Output:" starts (-1 when
// no such line); ok is false for an output with no such header.
func execHeader(s string) (ch execChunk, unified bool, at int, ok bool) {
	if m := exitCodeLine.FindStringSubmatch(s); m != nil {
		ch.exited, unified = true, strings.HasPrefix(m[0], "Process")
		ch.code, _ = strconv.Atoi(m[1])
	} else if m := runningLine.FindStringSubmatch(s); m != nil {
		ch.session, unified = m[1], true
	} else {
		return ch, false, -1, false
	}
	at = -1
	if loc := outputMarker.FindStringIndex(s); loc != nil {
		at = loc[1]
		ch.text = strings.TrimPrefix(s[at:], "\n")
	}
	return ch, unified, at, true
}

// chunk keeps a function call's output in the unified exec form until its call is read.
func (c *codexCollector) chunk(id string, ch execChunk) {
	if c.chunks == nil {
		c.chunks = map[string]execChunk{}
	}
	_, ch.known = c.results[id]
	c.chunks[id] = ch
}

// poll records a write_stdin call to a session, to be claimed by the exec_command that
// started it (older, so read later); one whose command is not in the turn stays a call.
func (c *codexCollector) poll(id string, session json.RawMessage, ts time.Time) {
	c.tools = append(c.tools, &ToolUse{ID: id, Name: "write_stdin", Time: ts})
	if s := strings.Trim(string(session), `"`); s != "" && id != "" {
		if c.polls == nil {
			c.polls = map[string][]string{}
		}
		c.polls[s] = append(c.polls[s], id)
	}
}

// claimPolls makes the write_stdin calls of the session that call id started the command's:
// their output follows its own, the exit code of the one that found the process ended is
// its exit code, and they leave the turn's calls.
func (c *codexCollector) claimPolls(id string) {
	ch, ok := c.chunks[id]
	delete(c.chunks, id)
	if !ok || ch.session == "" || len(c.polls[ch.session]) == 0 {
		return
	}
	polls := c.polls[ch.session]
	delete(c.polls, ch.session)
	text, exited, code := ch.text, false, 0
	for _, p := range slices.Backward(polls) { // oldest first
		pc, ok := c.chunks[p]
		delete(c.chunks, p)
		if !ok {
			continue // write_stdin's own error ("Unknown process id"): not the process's output
		}
		text += pc.text
		if pc.exited {
			exited, code = true, pc.code
		}
	}
	c.tools = slices.DeleteFunc(c.tools, func(u *ToolUse) bool { return u.Name == "write_stdin" && slices.Contains(polls, u.ID) })
	if exited && !ch.known {
		c.results[id] = newToolResult(text, code)
	}
}
