package transcript

import (
	"bytes"
	"encoding/json"
	"io"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// The activity of a Codex rollout file. Codex edits files with apply_patch (a custom_tool_call,
// or a function_call / shell call carrying the patch) and with shell commands that write
// files; it stores memory with shell commands (`carnet add`, `carnet done`) and with calls
// to carnet's MCP server. Codex names an MCP tool "<server>__<tool>" (older builds) or
// "mcp__<server>__<tool>"; builds that group MCP tools into namespaces write the server part
// in the call's "namespace" field. Codex also logs mcp_tool_call_end events naming the
// server and the tool: they count as stores too (once per call id).

// codexGateLine is what the gate reads of a rollout line.
type codexGateLine struct {
	Type    string `json:"type"`
	Payload struct {
		Type       string `json:"type"`
		Name       string `json:"name"`
		Namespace  string `json:"namespace"`
		Arguments  string `json:"arguments"`
		Input      string `json:"input"`
		CallID     string `json:"call_id"`
		Invocation struct {
			Server string `json:"server"`
			Tool   string `json:"tool"`
		} `json:"invocation"`
		Action struct {
			Command []string `json:"command"`
		} `json:"action"`
	} `json:"payload"`
}

// escapedPatchFile finds the file headers of an apply_patch inside JSON text.
var escapedPatchFile = regexp.MustCompile(`\*\*\* (?:Add|Update|Delete) File: ((?:[^\\"]|\\[^n])+?)\\n`)

// scanCodexActivity reads a rollout region (newest first, bounded like scanActivity) and
// counts tool calls, file edits and memory writes.
func scanCodexActivity(r io.ReaderAt, size int64) Activity {
	var act Activity
	seenCall := map[string]bool{}  // tool calls already counted
	seenStore := map[string]bool{} // call ids already counted as stores
	seenFile := map[string]bool{}
	var edits []string // newest first
	addEdit := func(p string) {
		if p != "" && !seenFile[p] {
			seenFile[p] = true
			edits = append(edits, p)
		}
	}
	br := newBackReader(r, size, activityScan)
	for {
		ln, err := br.next()
		if err != nil {
			break
		}
		if ln.Oversized { // a huge patch: its file headers are in its head
			has := func(s string) bool { return bytes.Contains(ln.Head, []byte(s)) || bytes.Contains(ln.Tail, []byte(s)) }
			if has(`"response_item"`) && has(`apply_patch`) && has(`_call"`) && !has(`_call_output"`) {
				act.Tools++
				ms := escapedPatchFile.FindAllSubmatch(ln.Head, -1)
				for _, m := range slices.Backward(ms) {
					addEdit(strings.TrimSpace(string(m[1])))
				}
			}
			continue
		}
		if !bytes.Contains(ln.Data, []byte(`_call`)) {
			continue // every line the gate needs has a *_call type or a call_id
		}
		var cl codexGateLine
		if json.Unmarshal(ln.Data, &cl) != nil {
			continue
		}
		p := &cl.Payload
		if cl.Type == "event_msg" {
			if (p.Type == "mcp_tool_call_end" || p.Type == "mcp_tool_call_begin") && isCarnetMCPWrite(p.Invocation.Server+"__"+p.Invocation.Tool) {
				if p.CallID == "" || !seenStore[p.CallID] {
					seenStore[p.CallID] = true
					act.Stores++
				}
			}
			continue
		}
		if cl.Type != "response_item" {
			continue
		}
		switch p.Type {
		case "function_call", "custom_tool_call", "local_shell_call":
		default:
			continue
		}
		if p.CallID != "" {
			if seenCall[p.CallID] {
				continue
			}
			seenCall[p.CallID] = true
		}
		act.Tools++
		c := codexCollector{turn: &Turn{}}
		switch p.Type {
		case "function_call":
			c.call(p.CallID, p.Name, p.Arguments, time.Time{})
		case "custom_tool_call":
			c.custom(p.CallID, p.Name, p.Input, time.Time{})
		case "local_shell_call":
			c.shell(p.CallID, p.Action.Command, time.Time{})
		}
		name := p.Name
		if p.Namespace != "" {
			name = strings.TrimRight(p.Namespace, "_") + "__" + name
		}
		if p.Type == "function_call" && isCarnetMCPWrite(name) {
			if p.CallID == "" || !seenStore[p.CallID] {
				seenStore[p.CallID] = true
				act.Stores++
			}
			continue
		}
		for _, u := range c.tools { // newest first
			switch {
			case u.Edits():
				addEdit(u.FilePath)
			case u.Name == "Bash" && storesMemory(u):
				act.Stores++
			case u.Name == "Bash":
				ws := shellWrites(u.Command)
				for _, w := range slices.Backward(ws) {
					addEdit(w)
				}
			}
		}
	}
	for _, edit := range slices.Backward(edits) {
		act.Edits = append(act.Edits, edit)
	}
	return act
}

// isCarnetMCPWrite reports a Codex MCP tool name ("carnet__memory_add",
// "mcp__carnet__memory_add") that writes memory.
func isCarnetMCPWrite(name string) bool {
	name = strings.TrimPrefix(name, "mcp__")
	tool, ok := strings.CutPrefix(name, "carnet__")
	if !ok {
		return false
	}
	return storesMemory(&ToolUse{Name: "mcp__carnet__" + tool})
}

// shellWrites returns the files a shell command line writes, as far as a plain reading
// tells: output redirections (> f, >> f, &> f), tee, sed -i / perl -i, cp and mv targets,
// touch. Heredoc bodies are not read; /dev, /proc and temporary files do not count, nor
// targets that depend on a variable or a glob.
func shellWrites(cmd string) []string {
	toks := shellTokens(stripHeredocs(cmd))
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if p == "" || strings.ContainsAny(p, "$*?`") || seen[p] {
			return
		}
		for _, skip := range []string{"/dev/", "/proc/", "/tmp/", "/var/tmp/"} {
			if strings.HasPrefix(p, skip) {
				return
			}
		}
		seen[p] = true
		out = append(out, p)
	}
	var words []string
	flush := func() {
		for _, p := range commandWrites(words) {
			add(p)
		}
		words = words[:0]
	}
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		switch {
		case !t.op:
			words = append(words, t.s)
		case t.s == ">" || t.s == ">>":
			if i+1 < len(toks) && !toks[i+1].op {
				add(toks[i+1].s)
				i++
			}
		case t.s == "<" || t.s == "<<":
			if i+1 < len(toks) && !toks[i+1].op {
				i++ // an input file or a heredoc marker, not an argument
			}
		default: // | || & && ; ( ) newline
			flush()
		}
	}
	flush()
	return out
}

// commandWrites returns the files one simple command (its words) writes.
func commandWrites(words []string) []string {
	for len(words) > 0 {
		w := words[0]
		if i := strings.IndexByte(w, '='); i > 0 && !strings.HasPrefix(w, "-") {
			words = words[1:] // VAR=value
			continue
		}
		switch w {
		case "sudo", "env", "command", "exec", "time", "nohup", "then", "do", "else", "{", "!":
			words = words[1:]
			continue
		}
		break
	}
	if len(words) < 2 {
		return nil
	}
	var args, flags []string
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			flags = append(flags, w)
		} else {
			args = append(args, w)
		}
	}
	last := words[len(words)-1]
	switch filepath.Base(words[0]) {
	case "tee", "touch":
		return args
	case "cp", "mv":
		if len(args) >= 2 {
			return []string{args[len(args)-1]}
		}
	case "sed", "gsed":
		for _, f := range flags {
			if strings.HasPrefix(f, "--in-place") || (!strings.HasPrefix(f, "--") && strings.ContainsRune(f, 'i')) {
				if len(args) >= 2 && !strings.HasPrefix(last, "-") {
					return []string{last}
				}
			}
		}
	case "perl":
		for _, f := range flags {
			if !strings.HasPrefix(f, "--") && strings.ContainsRune(f[1:], 'i') {
				if len(args) >= 2 && !strings.HasPrefix(last, "-") {
					return []string{last}
				}
			}
		}
	}
	return nil
}

// shellToken is a word or an operator of a shell command line.
type shellToken struct {
	s  string
	op bool
}

// shellTokens splits a command line into words (quotes removed) and operators: > >> < <<
// | || & && ; ( ) and newlines. A redirection's file descriptor (2>, &>) is dropped, and a
// duplication (>&2, 2>&1) yields nothing.
func shellTokens(s string) []shellToken {
	var toks []shellToken
	var cur strings.Builder
	inWord := false
	end := func() {
		if inWord {
			toks = append(toks, shellToken{s: cur.String()})
			cur.Reset()
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch c {
		case '\'':
			inWord = true
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				cur.WriteString(s[i+1:])
				i = len(s)
			} else {
				cur.WriteString(s[i+1 : i+1+j])
				i += j + 1
			}
		case '"':
			inWord = true
			for i++; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) {
					i++
				}
				cur.WriteByte(s[i])
			}
		case '\\':
			inWord = true
			if i+1 < len(s) {
				i++
				if s[i] != '\n' {
					cur.WriteByte(s[i])
				}
			}
		case ' ', '\t', '\r':
			end()
		case '>', '<':
			if inWord && isFD(cur.String()) { // 2> f, &> f
				cur.Reset()
				inWord = false
			}
			end()
			op := string(c)
			if i+1 < len(s) && s[i+1] == c {
				op += string(c)
				i++
			}
			if c == '<' && i+1 < len(s) && s[i+1] == '<' { // <<< here-string
				i++
				op = "<"
			}
			if i+1 < len(s) && s[i+1] == '&' { // >&2, <&3: a duplication
				i++
				for i+1 < len(s) && (s[i+1] >= '0' && s[i+1] <= '9' || s[i+1] == '-') {
					i++
				}
				continue
			}
			if c == '>' && i+1 < len(s) && s[i+1] == '|' { // >| f
				i++
			}
			toks = append(toks, shellToken{s: op, op: true})
		case '&':
			if i+1 < len(s) && s[i+1] == '>' { // &> f
				end()
				continue
			}
			fallthrough
		case '|', ';', '(', ')', '\n':
			end()
			op := string(c)
			if (c == '|' || c == '&') && i+1 < len(s) && s[i+1] == c {
				op += string(c)
				i++
			}
			toks = append(toks, shellToken{s: op, op: true})
		case '#':
			if !inWord { // a comment, to the end of the line
				for i+1 < len(s) && s[i+1] != '\n' {
					i++
				}
				continue
			}
			cur.WriteByte(c)
		default:
			inWord = true
			cur.WriteByte(c)
		}
	}
	end()
	return toks
}

func isFD(w string) bool {
	if w == "&" {
		return true
	}
	for _, c := range w {
		if c < '0' || c > '9' {
			return false
		}
	}
	return w != ""
}

// stripHeredocs removes the bodies of the heredocs in a command (the text between a line
// holding <<MARK and the line MARK), which are file contents, not commands.
func stripHeredocs(s string) string {
	if !strings.Contains(s, "<<") {
		return s
	}
	var out []string
	var markers []string
	for l := range strings.Lines(s) {
		l = strings.TrimSuffix(l, "\n")
		if len(markers) > 0 {
			if strings.TrimSpace(l) == markers[0] {
				markers = markers[1:]
			}
			continue
		}
		out = append(out, l)
		markers = append(markers, heredocMarkers(l)...)
	}
	return strings.Join(out, "\n")
}

// heredocMarkers returns the end markers of the heredocs a line opens (<<EOF, <<-'EOF', << "X").
func heredocMarkers(l string) []string {
	var ms []string
	for i := 0; i+1 < len(l); i++ {
		if l[i] != '<' || l[i+1] != '<' {
			continue
		}
		if (i > 0 && l[i-1] == '<') || (i+2 < len(l) && l[i+2] == '<') {
			i += 2 // a here-string
			continue
		}
		j := i + 2
		if j < len(l) && l[j] == '-' {
			j++
		}
		for j < len(l) && (l[j] == ' ' || l[j] == '\t') {
			j++
		}
		var m strings.Builder
		for j < len(l) && !strings.ContainsRune(" \t;|&<>()", rune(l[j])) {
			if l[j] != '\'' && l[j] != '"' && l[j] != '\\' {
				m.WriteByte(l[j])
			}
			j++
		}
		if m.Len() > 0 {
			ms = append(ms, m.String())
		}
		i = j - 1
	}
	return ms
}
