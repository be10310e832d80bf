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
	Type    string           `json:"type"`
	Payload codexGatePayload `json:"payload"`
}

// codexGatePayload is what the gate reads of a rollout line's payload.
type codexGatePayload struct {
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
}

// escapedPatchFile finds the file headers of an apply_patch inside JSON text.
var escapedPatchFile = regexp.MustCompile(`\*\*\* (?:Add|Update|Delete) File: ((?:[^\\"]|\\[^n])+?)\\n`)

// scanCodexActivity reads a rollout region (newest first, bounded like scanActivity) and
// counts tool calls, file edits and memory writes.
func scanCodexActivity(r io.ReaderAt, size int64) Activity {
	sc := codexActivityScan{seenCall: map[string]bool{}, seenStore: map[string]bool{}, seenFile: map[string]bool{}}
	br := newBackReader(r, size, activityScan)
	for {
		ln, err := br.next()
		if err != nil {
			break
		}
		if ln.Oversized {
			sc.oversized(ln)
		} else {
			sc.line(ln.Data)
		}
	}
	return sc.result()
}

// codexActivityScan is the state of scanCodexActivity as it reads lines, newest first.
type codexActivityScan struct {
	act       Activity
	seenCall  map[string]bool // tool calls already counted
	seenStore map[string]bool // call ids already counted as stores
	seenFile  map[string]bool
	edits     []string // newest first
}

// addEdit records an edited file once.
func (sc *codexActivityScan) addEdit(p string) {
	if p != "" && !sc.seenFile[p] {
		sc.seenFile[p] = true
		sc.edits = append(sc.edits, p)
	}
}

// store counts a memory write once per call id (every time when the id is empty).
func (sc *codexActivityScan) store(callID string) {
	if callID == "" || !sc.seenStore[callID] {
		sc.seenStore[callID] = true
		sc.act.Stores++
	}
}

// oversized reads a line too big to decode: a huge patch, whose file headers are in its head.
func (sc *codexActivityScan) oversized(ln backLine) {
	has := func(s string) bool { return bytes.Contains(ln.Head, []byte(s)) || bytes.Contains(ln.Tail, []byte(s)) }
	if !has(`"response_item"`) || !has(`apply_patch`) || !has(`_call"`) || has(`_call_output"`) {
		return
	}
	sc.act.Tools++
	ms := escapedPatchFile.FindAllSubmatch(ln.Head, -1)
	for _, m := range slices.Backward(ms) {
		sc.addEdit(strings.TrimSpace(string(m[1])))
	}
}

// line reads one decodable rollout line.
func (sc *codexActivityScan) line(data []byte) {
	if !bytes.Contains(data, []byte(`_call`)) {
		return // every line the gate needs has a *_call type or a call_id
	}
	var cl codexGateLine
	if json.Unmarshal(data, &cl) != nil {
		return
	}
	p := &cl.Payload
	switch cl.Type {
	case "event_msg":
		if (p.Type == "mcp_tool_call_end" || p.Type == "mcp_tool_call_begin") && isCarnetMCPWrite(p.Invocation.Server+"__"+p.Invocation.Tool) {
			sc.store(p.CallID)
		}
	case "response_item":
		sc.toolCall(p)
	}
}

// toolCall reads a response item: a tool call is counted once per call id, then read for
// memory writes and file edits.
func (sc *codexActivityScan) toolCall(p *codexGatePayload) {
	switch p.Type {
	case "function_call", "custom_tool_call", "local_shell_call":
	default:
		return
	}
	if p.CallID != "" {
		if sc.seenCall[p.CallID] {
			return
		}
		sc.seenCall[p.CallID] = true
	}
	sc.act.Tools++
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
		sc.store(p.CallID)
		return
	}
	sc.toolUses(c.tools)
}

// toolUses reads the tool uses of one call (newest first) for file edits and memory writes.
func (sc *codexActivityScan) toolUses(tools []*ToolUse) {
	for _, u := range tools {
		switch {
		case u.Edits():
			sc.addEdit(u.FilePath)
		case u.Name == "Bash" && storesMemory(u):
			sc.act.Stores++
		case u.Name == "Bash":
			ws := shellWrites(u.Command)
			for _, w := range slices.Backward(ws) {
				sc.addEdit(w)
			}
		}
	}
}

// result is the activity read, its edits oldest first.
func (sc *codexActivityScan) result() Activity {
	act := sc.act
	for _, edit := range slices.Backward(sc.edits) {
		act.Edits = append(act.Edits, edit)
	}
	return act
}

// isCarnetMCPWrite reports a Codex MCP tool name ("carnet__memory_add",
// "mcp__carnet__memory_add") that writes memory.
func isCarnetMCPWrite(name string) bool {
	if !strings.HasPrefix(strings.TrimPrefix(name, "mcp__"), "carnet__") {
		return false
	}
	return storesMemory(&ToolUse{Name: name})
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
	l := &shellLexer{s: s}
	for ; l.i < len(s); l.i++ {
		l.step(s[l.i])
	}
	l.endWord()
	return l.toks
}

// shellLexer is the state of shellTokens: each step reads the byte at i and leaves i on
// the last byte it consumed.
type shellLexer struct {
	s      string
	i      int
	toks   []shellToken
	cur    strings.Builder
	inWord bool
}

// step reads the byte c at l.i.
func (l *shellLexer) step(c byte) {
	switch c {
	case '\'':
		l.singleQuoted()
	case '"':
		l.doubleQuoted()
	case '\\':
		l.escaped()
	case ' ', '\t', '\r':
		l.endWord()
	case '>', '<':
		l.redirection(c)
	case '&':
		if l.nextIs('>') { // &> f
			l.endWord()
			return
		}
		l.control(c)
	case '|', ';', '(', ')', '\n':
		l.control(c)
	case '#':
		if !l.inWord {
			l.comment()
			return
		}
		l.cur.WriteByte(c)
	default:
		l.inWord = true
		l.cur.WriteByte(c)
	}
}

// nextIs reports whether the byte after l.i is b.
func (l *shellLexer) nextIs(b byte) bool {
	return l.i+1 < len(l.s) && l.s[l.i+1] == b
}

// endWord emits the word being read, if any.
func (l *shellLexer) endWord() {
	if l.inWord {
		l.toks = append(l.toks, shellToken{s: l.cur.String()})
		l.cur.Reset()
		l.inWord = false
	}
}

// emitOp emits an operator.
func (l *shellLexer) emitOp(op string) {
	l.toks = append(l.toks, shellToken{s: op, op: true})
}

// singleQuoted reads '...' (to the end of the line when unclosed) into the word.
func (l *shellLexer) singleQuoted() {
	l.inWord = true
	rest := l.s[l.i+1:]
	j := strings.IndexByte(rest, '\'')
	if j < 0 {
		l.cur.WriteString(rest)
		l.i = len(l.s)
		return
	}
	l.cur.WriteString(rest[:j])
	l.i += j + 1
}

// doubleQuoted reads "..." into the word, a backslash escaping the next byte.
func (l *shellLexer) doubleQuoted() {
	l.inWord = true
	s := l.s
	for l.i++; l.i < len(s) && s[l.i] != '"'; l.i++ {
		if s[l.i] == '\\' && l.i+1 < len(s) {
			l.i++
		}
		l.cur.WriteByte(s[l.i])
	}
}

// escaped reads a backslash and the byte it escapes (a line continuation yields nothing).
func (l *shellLexer) escaped() {
	l.inWord = true
	if l.i+1 < len(l.s) {
		l.i++
		if l.s[l.i] != '\n' {
			l.cur.WriteByte(l.s[l.i])
		}
	}
}

// redirection reads > >> >| < << <<< (a here-string reads as <), dropping a file
// descriptor before it (2> f, &> f); a duplication (>&2, <&3, 2>&1) yields nothing.
func (l *shellLexer) redirection(c byte) {
	if l.inWord && isFD(l.cur.String()) {
		l.cur.Reset()
		l.inWord = false
	}
	l.endWord()
	op := string(c)
	if l.nextIs(c) {
		op += string(c)
		l.i++
	}
	if c == '<' && l.nextIs('<') { // <<< here-string
		l.i++
		op = "<"
	}
	if l.nextIs('&') {
		l.i++
		l.skipFDTarget()
		return
	}
	if c == '>' && l.nextIs('|') { // >| f
		l.i++
	}
	l.emitOp(op)
}

// skipFDTarget skips the descriptor a duplication names (the 2 of >&2, or -).
func (l *shellLexer) skipFDTarget() {
	for l.i+1 < len(l.s) && (l.s[l.i+1] >= '0' && l.s[l.i+1] <= '9' || l.s[l.i+1] == '-') {
		l.i++
	}
}

// control reads | || & && ; ( ) or a newline.
func (l *shellLexer) control(c byte) {
	l.endWord()
	op := string(c)
	if (c == '|' || c == '&') && l.nextIs(c) {
		op += string(c)
		l.i++
	}
	l.emitOp(op)
}

// comment skips a comment, up to the end of its line.
func (l *shellLexer) comment() {
	for l.i+1 < len(l.s) && l.s[l.i+1] != '\n' {
		l.i++
	}
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
