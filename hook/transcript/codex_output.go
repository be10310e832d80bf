package transcript

import (
	"bytes"
	"cmp"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
)

// What a Codex tool call's output says: its exit code and the line kept of it.

var (
	// showsError finds the lines that say a run failed: a traceback, an exception or an
	// error named at the start of a line, a test runner's verdict.
	showsError   = regexp.MustCompile(`(?m)^\s*(Traceback \(most recent call last\)|\w*(Error|Exception): |error(\[\w+\])?: |FAIL\b|panic: )`)
	exitCodeLine = regexp.MustCompile(`(?m)^(?:Exit code:|Process exited with code)\s*(-?\d+)`)
	outputMarker = regexp.MustCompile(`(?m)^Output:\s*$`)
)

// codexOutputText is a tool call's output as text: a string, content items, or an object
// holding them.
func codexOutputText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0:
		return ""
	case raw[0] == '"':
		var s string
		_ = json.Unmarshal(raw, &s)
		return s
	case raw[0] == '[':
		return strings.Join(codexTexts(raw), "\n")
	case raw[0] == '{':
		var o struct {
			Content json.RawMessage `json:"content"`
		}
		if json.Unmarshal(raw, &o) == nil && len(o.Content) > 0 {
			return codexOutputText(o.Content)
		}
		return string(raw)
	}
	return ""
}

// parseCodexOutput reads a tool call's output text: either JSON {"output",
// "metadata":{"exit_code"}} (shell, apply_patch) or text with an "Exit code: N" / "Process
// exited with code N" header and an "Output:" section, as execHeader read it (headed: it has
// one; code, and at where the text after "Output:" starts, or -1).
func parseCodexOutput(s string, code, at int, headed bool) toolResult {
	if strings.HasPrefix(s, "Script ") {
		return codeModeResult(s)
	}
	text := s
	var structured struct {
		Output   *string `json:"output"`
		Metadata struct {
			ExitCode *int `json:"exit_code"`
		} `json:"metadata"`
	}
	if strings.HasPrefix(strings.TrimSpace(s), "{") && json.Unmarshal([]byte(s), &structured) == nil && structured.Output != nil {
		text, code = *structured.Output, 0
		if structured.Metadata.ExitCode != nil {
			code = *structured.Metadata.ExitCode
		}
	} else if rest, ok := strings.CutPrefix(s, codexSandboxFailed); ok && !headed {
		// Codex 0.3x–0.4x: the command failed under its sandbox, in Codex's own words, which
		// say the sandbox stopped it (Refused): neither a failure of the project's nor a run
		// that went through
		r := newToolResult(strings.TrimLeft(rest, ": "), 1)
		r.output = codexSandboxFailed + ": " + r.output
		return r
	} else if !headed {
		code = 0
	} else if at >= 0 {
		text = s[at:]
	}
	return newToolResult(text, code)
}

// codeModeResult reads the output of a code-mode script: "Script completed|failed\nWall
// time …\nOutput:\n" and what the script printed. That may be an exec_command result as JSON
// ({"exit_code": 1, "output": "…"}, from text(JSON.stringify(r))) or hold an "Exit code: N"
// line: a non-zero exit code marks the failure even when no line of the output names an
// error, and the last line of the output is then its cause.
func codeModeResult(s string) toolResult {
	r := toolResult{isError: strings.HasPrefix(s, "Script failed"), script: true}
	if loc := outputMarker.FindStringIndex(s); loc != nil {
		s = s[loc[1]:]
	}
	code, known := 0, false
	var res struct {
		ExitCode *int    `json:"exit_code"`
		Output   *string `json:"output"`
	}
	if t := strings.TrimSpace(s); strings.HasPrefix(t, "{") && json.Unmarshal([]byte(t), &res) == nil && res.ExitCode != nil {
		code, known = *res.ExitCode, true
		s = ""
		if res.Output != nil {
			s = *res.Output
		}
	} else if m := exitCodeLine.FindStringSubmatch(s); m != nil {
		code, _ = strconv.Atoi(m[1])
		known = true
		s = exitCodeLine.ReplaceAllString(s, "")
	}
	r.output = outputLine(s, false)
	switch {
	case code != 0:
		r.isError = true
		if !namesError(r.output) {
			r.output = lastUsefulLine(s)
		}
	case !known && !r.isError && showsError.MatchString(s):
		// the script printed no exit code, and its output shows a failure: an assertion, a
		// traceback, a compiler's error line
		r.isError = true
		r.output = cmp.Or(failureLine(s), lastUsefulLine(s))
	}
	r.commitHash, r.commitSubject = commitSubject(s)
	r.pull = PullShown(s)
	return r
}

// codexSandboxFailed opens the output older Codex versions give of a command that failed
// under their sandbox, as plain text with no exit code ("failed in sandbox: …", "failed in
// sandbox MacosSeatbelt with execution error: …").
const codexSandboxFailed = "failed in sandbox"

func newToolResult(text string, exitCode int) toolResult {
	r := toolResult{isError: exitCode != 0, output: outputLine(text, exitCode != 0)}
	r.commitHash, r.commitSubject = commitSubject(text)
	r.pull = PullShown(text)
	r.scripts = scriptsRun(text)
	return r
}
