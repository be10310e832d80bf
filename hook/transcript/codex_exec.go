package transcript

import (
	"encoding/json"
	"slices"
	"strings"
	"time"

	"carnet/shell"
)

// Codex's "code mode" (0.144 and later, most built-in models) offers one tool, a
// custom_tool_call named "exec" whose input is JavaScript calling the real tools:
//
//	const r = await tools.exec_command({"cmd":"go test ./...","workdir":"/repo"});
//	text(r.output);
//	await tools.apply_patch("*** Begin Patch\n*** Add File: a.go\n…*** End Patch\n");
//
// Its custom_tool_call_output says "Script completed" or "Script failed" and carries what
// the script printed. codeModeCalls finds the tool calls in such a script; their arguments
// are the JSON (or JavaScript string literals) the model wrote.

// codeModeCall is one tools.<name>(…) call of a code-mode script.
type codeModeCall struct {
	name string
	args json.RawMessage // a JSON object or string; nil when the argument is not JSON
	raw  string          // a template or single-quoted literal's text when args is nil
}

// codeModeCalls returns the tools.exec_command / tools.apply_patch / tools.<other> calls of
// a script, in order.
func codeModeCalls(script string) []codeModeCall {
	var calls []codeModeCall
	rest := script
	for {
		i := strings.Index(rest, "tools.")
		if i < 0 {
			return calls
		}
		rest = rest[i+len("tools."):]
		j := strings.IndexByte(rest, '(')
		if j <= 0 || !isIdent(rest[:j]) {
			continue
		}
		c := codeModeCall{name: rest[:j]}
		arg := strings.TrimLeft(rest[j+1:], " \t\r\n")
		c.args, c.raw = leadingValue(arg)
		calls = append(calls, c)
		rest = arg
	}
}

func isIdent(s string) bool {
	for _, r := range s {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return s != ""
}

// leadingValue reads the JSON value at the start of s, or a JavaScript template or
// single-quoted string literal (its text, escapes of \n and the quote undone).
func leadingValue(s string) (json.RawMessage, string) {
	if s == "" {
		return nil, ""
	}
	switch s[0] {
	case '`', '\'':
		return nil, jsLiteral(s)
	}
	var v json.RawMessage
	if json.NewDecoder(strings.NewReader(s)).Decode(&v) != nil {
		return nil, ""
	}
	return v, ""
}

// jsLiteral returns the text of the string literal that opens s (quote s[0]).
func jsLiteral(s string) string {
	q := s[0]
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == q:
			return b.String()
		case c == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				b.WriteByte(s[i])
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// codeMode records the tool calls of a code-mode script as the collector's own calls; each
// gets the script's call id, so that the script's output is paired with all of them.
func (c *codexCollector) codeMode(id, script string, ts time.Time) {
	calls := codeModeCalls(script)
	slices.Reverse(calls) // c.tools is newest first
	for _, call := range calls {
		switch {
		case call.name == "apply_patch" && call.args == nil:
			c.patch(id, call.raw, "", ts)
		case call.args == nil:
			c.tools = append(c.tools, &ToolUse{ID: id, Name: call.name, Time: ts})
		case call.args[0] == '"':
			var s string
			_ = json.Unmarshal(call.args, &s)
			if call.name == "apply_patch" {
				c.patch(id, s, "", ts)
			} else {
				c.tools = append(c.tools, &ToolUse{ID: id, Name: call.name, Time: ts})
			}
		default:
			c.call(id, call.name, string(call.args), ts)
		}
	}
}

// reportsOwnError reports an output line in which the command's program names itself and an
// error, the way Unix tools report failures ("cat: x.toml: No such file or directory",
// "git: 'psuh' is not a git command"): a code-mode script prints a command's output and not
// its exit code, so this is what tells that it failed.
func reportsOwnError(command, line string) bool {
	if line == "" {
		return false
	}
	rest, ok := strings.CutPrefix(line, "fatal: ")
	for _, c := range shell.Parse(command).Commands {
		if ok {
			break
		}
		if name := c.Name(); name != "" {
			rest, ok = strings.CutPrefix(line, name+": ")
		}
	}
	return ok && namesError(rest)
}
