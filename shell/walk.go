package shell

import (
	"errors"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// maxDepth bounds how deeply a line may nest ( … ), { … }, $( … ) and compound commands
// before the sh grammar reads it: its parser recurses once a level, and a line of a million
// "(" would exhaust the stack.
const maxDepth = 100

// walker collects the commands of a line in the order they run.
type walker struct {
	src  string
	cmds []*Command
	top  *scope // the line's own level, whose cd's outlast it
}

// scope is a level of the line: its depth and the folder its cd's went to.
type scope struct {
	depth int
	dir   string
	dirs  []string // pushd's stack
}

// parseSh reads line with the sh grammar; false when it refuses it.
func parseSh(line string) (*walker, bool) {
	if len(line) > maxLine || nesting(line) > maxDepth {
		return nil, false
	}
	src := strings.ReplaceAll(line, "\r\n", "\n")
	for range 4 {
		f, err := parseFile(src)
		if err == nil {
			return walk(f, src)
		}
		marker, ok := unclosedHeredoc(err)
		if !ok {
			return nil, false
		}
		src += "\n" + marker // the body ran to the end of the line
	}
	return nil, false
}

var errPanic = errors.New("the parser panicked")

// walk collects the commands of a parsed line; false if a node it did not expect broke it.
func walk(f *syntax.File, src string) (w *walker, ok bool) {
	defer func() {
		if recover() != nil {
			w, ok = nil, false
		}
	}()
	w = &walker{src: src, top: &scope{}}
	w.stmts(f.Stmts, w.top)
	return w, true
}

// parseFile parses src, recovering from what the grammar can recover from (a quote left
// open, a missing "fi" or ")").
func parseFile(src string) (f *syntax.File, err error) {
	p := parsers.Get().(*syntax.Parser)
	defer func() {
		if recover() != nil {
			f, err = nil, errPanic // a parser that panicked is not used again
			return
		}
		parsers.Put(p)
	}()
	return p.Parse(strings.NewReader(src), "")
}

// parsers are kept between lines: a parser holds buffers worth reusing.
var parsers = sync.Pool{New: func() any { return syntax.NewParser(syntax.RecoverErrors(8)) }}

// unclosedHeredoc is the marker of a here-document err says is never closed.
func unclosedHeredoc(err error) (string, bool) {
	var pe syntax.ParseError
	if !errors.As(err, &pe) {
		return "", false
	}
	_, rest, ok := strings.Cut(pe.Text, "unclosed here-document `")
	if !ok {
		return "", false
	}
	marker, _, ok := strings.Cut(rest, "`")
	return marker, ok && marker != "" && !strings.ContainsAny(marker, "\n")
}

// nesting is an upper bound of how deeply line nests: brackets, and the keywords that open
// and close compound commands.
func nesting(line string) int {
	depth, deepest := 0, 0
	open := func(n int) {
		depth = max(0, depth+n)
		deepest = max(deepest, depth)
	}
	word := 0 // start of the word being read
	for i := 0; i <= len(line); i++ {
		c := byte(' ')
		if i < len(line) {
			c = line[i]
		}
		switch c {
		case '(', '{', '[':
			open(1)
		case ')', '}', ']':
			open(-1)
		}
		if !strings.ContainsRune(" \t\n;&|()", rune(c)) {
			continue
		}
		switch line[word:i] {
		case "if", "for", "while", "until", "case", "select":
			open(1)
		case "fi", "done", "esac":
			open(-1)
		}
		word = i + 1
	}
	return deepest
}

// text is the source text of n, or "" when the parser made it up; a node the parser closed
// (a quote left open) runs to the end of the line.
func (w *walker) text(n syntax.Node) string {
	if n == nil {
		return ""
	}
	if wd, ok := n.(*syntax.Word); ok && (wd == nil || len(wd.Parts) == 0) {
		return ""
	}
	s, e := n.Pos(), n.End()
	if !s.IsValid() || s.IsRecovered() {
		return ""
	}
	from, to := int(s.Offset()), len(w.src)
	if e.IsValid() && !e.IsRecovered() {
		to = int(e.Offset()) // else a quote left open, closed by the line's end
	}
	if from > to || to > len(w.src) {
		return ""
	}
	return w.src[from:to]
}

// stmts walks a list of statements of one level.
func (w *walker) stmts(list []*syntax.Stmt, sc *scope) {
	for i, s := range list {
		before := len(w.cmds)
		w.stmt(s, sc)
		if len(w.cmds) > before && i < len(list)-1 {
			op := ";"
			if s.Background {
				op = "&"
			}
			w.cmds[len(w.cmds)-1].Op = op
		}
	}
}

// stmt walks one statement.
func (w *walker) stmt(s *syntax.Stmt, sc *scope) {
	if s == nil {
		return
	}
	before := len(w.cmds)
	switch c := s.Cmd.(type) {
	case *syntax.CallExpr:
		w.call(c, s.Redirs, sc)
		return
	case *syntax.BinaryCmd:
		w.binary(c, sc)
	case *syntax.Subshell:
		w.stmts(c.Stmts, &scope{depth: sc.depth + 1, dir: sc.dir})
	case *syntax.Block:
		w.stmts(c.Stmts, sc)
	case *syntax.IfClause:
		for ; c != nil; c = c.Else {
			w.stmts(c.Cond, sc)
			w.stmts(c.Then, sc)
		}
	case *syntax.WhileClause:
		w.stmts(c.Cond, sc)
		w.stmts(c.Do, sc)
	case *syntax.ForClause:
		w.nested(c.Loop, sc)
		w.stmts(c.Do, sc)
	case *syntax.CaseClause:
		w.nestedWord(c.Word, sc)
		for _, it := range c.Items {
			w.stmts(it.Stmts, sc)
		}
	case *syntax.FuncDecl:
		w.stmt(c.Body, &scope{depth: sc.depth + 1, dir: sc.dir})
	case *syntax.TimeClause:
		w.stmt(c.Stmt, sc)
	case *syntax.CoprocClause:
		w.stmt(c.Stmt, &scope{depth: sc.depth + 1, dir: sc.dir})
	case nil:
	default: // declarations, tests, arithmetic: only their substitutions run commands
		w.nested(c, sc)
	}
	for _, r := range s.Redirs {
		w.nestedWord(r.Word, sc)
	}
	// a compound command's redirections ({ …; } > f, done > f) are its first command's
	if rs := w.redirects(s.Redirs); len(rs) > 0 && len(w.cmds) > before {
		first := w.cmds[before]
		first.Redirects = append(first.Redirects, rs...)
	}
}

// binary walks a && b, a || b, a | b: each stage of a pipeline runs in its own subshell.
func (w *walker) binary(c *syntax.BinaryCmd, sc *scope) {
	pipe := c.Op == syntax.Pipe || c.Op == syntax.PipeAll
	x, y := sc, sc
	if pipe {
		x, y = &scope{depth: sc.depth, dir: sc.dir}, &scope{depth: sc.depth, dir: sc.dir}
	}
	before := len(w.cmds)
	w.stmt(c.X, x)
	if len(w.cmds) > before {
		w.cmds[len(w.cmds)-1].Op = c.Op.String()
	}
	mid := len(w.cmds)
	w.stmt(c.Y, y)
	if pipe {
		for _, cmd := range w.cmds[mid:] {
			if cmd.Depth == sc.depth {
				cmd.Piped = true
			}
		}
	}
}

// nested walks the command substitutions and process substitutions inside n: each runs in
// a subshell, one level down.
func (w *walker) nested(n syntax.Node, sc *scope) {
	if n == nil {
		return
	}
	syntax.Walk(n, func(n syntax.Node) bool {
		var list []*syntax.Stmt
		switch x := n.(type) {
		case *syntax.CmdSubst:
			list = x.Stmts
		case *syntax.ProcSubst:
			list = x.Stmts
		default:
			return true
		}
		from := len(w.cmds)
		w.stmts(list, &scope{depth: sc.depth + 1, dir: sc.dir})
		for _, c := range w.cmds[from:] {
			c.Nested = true
		}
		return false
	})
}

// nestedWord walks the substitutions of a word that may be absent.
func (w *walker) nestedWord(word *syntax.Word, sc *scope) {
	if word != nil {
		w.nested(word, sc)
	}
}

// call records a simple command, after the commands its substitutions run.
func (w *walker) call(c *syntax.CallExpr, redirs []*syntax.Redirect, sc *scope) {
	for _, a := range c.Assigns {
		w.nested(a, sc)
	}
	for _, word := range c.Args {
		w.nested(word, sc)
	}
	for _, r := range redirs {
		w.nestedWord(r.Word, sc)
		w.nestedWord(r.Hdoc, sc)
	}
	if len(c.Args) == 0 {
		return // assignments only
	}
	cmd := &Command{Dir: sc.dir, Depth: sc.depth, Redirects: w.redirects(redirs), Text: w.callText(c, redirs)}
	for _, word := range c.Args {
		v, lit := w.word(word)
		cmd.Words = append(cmd.Words, v)
		cmd.literal = append(cmd.literal, lit)
	}
	w.cmds = append(w.cmds, cmd)
	track(cmd, sc)
	w.inner(cmd, sc)
}

// inner adds the commands of the script a shell command runs (bash -c '…', pwsh -Command
// …), one level down; its cd's stay in it.
func (w *walker) inner(c *Command, sc *scope) {
	argv := c.Argv()
	script, d, at, ok := shellScript(argv)
	if !ok || sc.depth >= 8 || !c.Literal(len(c.Words)-len(argv)+at) {
		return
	}
	for _, ic := range ParseAs(script, d).Commands {
		ic.Depth += sc.depth + 1
		ic.Dir = JoinDir(sc.dir, ic.Dir)
		ic.Nested = true
		w.cmds = append(w.cmds, ic)
	}
}

// callText is a simple command as written, blanks folded, without descriptor duplications
// nor here-document bodies.
func (w *walker) callText(c *syntax.CallExpr, redirs []*syntax.Redirect) string {
	var parts []string
	for _, a := range c.Assigns {
		parts = append(parts, w.text(a))
	}
	for _, word := range c.Args {
		parts = append(parts, w.text(word))
	}
	for _, r := range redirs {
		switch {
		case isDup(r):
		case r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc:
			parts = append(parts, r.Op.String()+w.text(r.Word))
		default:
			parts = append(parts, w.text(r))
		}
	}
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

// isDup reports a descriptor duplication (2>&1, >&2, <&3, >&-), which names no file.
func isDup(r *syntax.Redirect) bool {
	if r.Op != syntax.DplOut && r.Op != syntax.DplIn {
		return false
	}
	t := r.Word.Lit()
	return t == "-" || t != "" && strings.Trim(t, "0123456789") == "" || r.Op == syntax.DplIn
}

// redirects converts a statement's redirections; a duplication names no file and is left out.
func (w *walker) redirects(redirs []*syntax.Redirect) []Redirect {
	var out []Redirect
	for _, r := range redirs {
		if isDup(r) {
			continue
		}
		rd := Redirect{Op: r.Op.String()}
		if r.Op == syntax.DplOut { // >& file: stdout and stderr to the file
			rd.Op = "&>"
		}
		if r.N != nil {
			rd.FD = r.N.Value
		}
		if v, lit := w.word(r.Word); lit {
			rd.Target = v
		}
		if r.Op == syntax.Hdoc || r.Op == syntax.DashHdoc {
			rd.Target = strings.Trim(w.text(r.Word), `'"\`)
			rd.Body = heredocBody(w.text(r.Hdoc), rd.Target)
		}
		out = append(out, rd)
	}
	return out
}

// word is the value of a word and whether it is literal: what the program receives. A word
// the shell would expand is its source text. A commit message written the usual way,
// "$(cat <<'EOF' … EOF)", is the here-document's text.
func (w *walker) word(word *syntax.Word) (string, bool) {
	if word == nil {
		return "", false
	}
	if s, ok := w.catHeredoc(word); ok {
		return s, true
	}
	var b strings.Builder
	for i, p := range word.Parts {
		switch x := p.(type) {
		case *syntax.Lit:
			if i == 0 && strings.HasPrefix(x.Value, "~") || !unescape(&b, x.Value, false) {
				return w.text(word), false
			}
		case *syntax.SglQuoted:
			if x.Dollar && strings.Contains(x.Value, `\`) {
				return w.text(word), false
			}
			b.WriteString(x.Value)
		case *syntax.DblQuoted:
			for _, q := range x.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return w.text(word), false
				}
				unescape(&b, lit.Value, true)
			}
		default:
			return w.text(word), false
		}
	}
	return b.String(), true
}

// routeSegment is the length of the folder name v opens with when it is a route parameter
// as web frameworks name their folders ("[id]", "[...slug]", "[[...slug]]": a name of two
// characters or more between brackets), else 0. Unquoted, the shell reads it as a pattern
// of one character, which matches nothing in such a folder, so the word reaches the program
// as written; a bracket holding a range or a negation ("[0-9]", "[!a]") stays a pattern.
func routeSegment(v string) int {
	open := 1
	if strings.HasPrefix(v, "[[") {
		open = 2
	}
	name := strings.TrimPrefix(v[open:], "...")
	n := 0
	for n < len(name) && (name[n] == '_' || 'a' <= name[n]|0x20 && name[n]|0x20 <= 'z' || n > 0 && '0' <= name[n] && name[n] <= '9') {
		n++
	}
	if n < 2 || !strings.HasPrefix(name[n:], "]]"[:open]) {
		return 0
	}
	return len(v) - len(name) + n + open
}

// unescape appends a literal part's value to b, backslashes undone; false when, outside
// quotes, it holds a glob or a brace expansion (the shell would expand it).
func unescape(b *strings.Builder, v string, quoted bool) bool {
	brace := false
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case c == '\\' && i+1 < len(v):
			i++
			switch n := v[i]; {
			case n == '\n':
			case quoted && !strings.ContainsRune("$`\"\\", rune(n)):
				b.WriteByte('\\')
				b.WriteByte(n)
			default:
				b.WriteByte(n)
			}
			continue
		case quoted:
		case c == '[' && routeSegment(v[i:]) > 0: // "app/[id]/page.tsx": a folder's name, no pattern
		case c == '*' || c == '?' || c == '[' && strings.Contains(v[i:], "]") && len(v) > 1:
			return false
		case c == '{':
			brace = true
		case c == ',' && brace, c == '.' && brace && strings.Contains(v[i:], ".."):
			return false
		}
		b.WriteByte(c)
	}
	return true
}

// catHeredoc reads a word that is only "$(cat <<'EOF' … EOF)": the here-document's text,
// its final newlines removed as the substitution removes them.
func (w *walker) catHeredoc(word *syntax.Word) (string, bool) {
	parts := word.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok {
			parts = dq.Parts
		}
	}
	if len(parts) != 1 {
		return "", false
	}
	cs, ok := parts[0].(*syntax.CmdSubst)
	if !ok || len(cs.Stmts) != 1 {
		return "", false
	}
	s := cs.Stmts[0]
	call, ok := s.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 || call.Args[0].Lit() != "cat" || len(s.Redirs) != 1 {
		return "", false
	}
	r := s.Redirs[0]
	if r.Op != syntax.Hdoc && r.Op != syntax.DashHdoc || r.Hdoc == nil {
		return "", false
	}
	for _, p := range r.Hdoc.Parts {
		if _, ok := p.(*syntax.Lit); !ok {
			return "", false // the body expands something
		}
	}
	return strings.TrimRight(heredocBody(w.text(r.Hdoc), strings.Trim(w.text(r.Word), `'"\`)), "\n"), true
}

// heredocBody is a here-document's text without its closing marker line.
func heredocBody(text, marker string) string {
	if text == marker {
		return ""
	}
	if i := strings.LastIndexByte(strings.TrimRight(text, " \t"), '\n'); i >= 0 && strings.TrimSpace(text[i+1:]) == marker {
		return text[:i+1]
	}
	return text
}

// finish hands the commands read to l.
func (w *walker) finish(l *Line) {
	for _, c := range w.cmds {
		if c.dialect == Sh {
			c.dialect = l.Dialect
		}
	}
	l.Commands = w.cmds
	if w.top != nil {
		l.EndDir = w.top.dir
	}
}

// track follows the folder a cd, pushd or popd moves the scope to.
func track(c *Command, sc *scope) {
	argv := c.Argv()
	if len(argv) == 0 {
		return
	}
	switch c.Name() {
	case "cd", "chdir", "set-location", "sl", "pushd", "push-location":
		target := "~"
		for _, a := range argv[1:] {
			if !strings.HasPrefix(a, "-") || a == "-" {
				target = a
				break
			}
		}
		if c.Name() == "pushd" || c.Name() == "push-location" {
			sc.dirs = append(sc.dirs, sc.dir)
		}
		sc.dir = JoinDir(sc.dir, target)
	case "popd", "pop-location":
		if n := len(sc.dirs); n > 0 {
			sc.dir, sc.dirs = sc.dirs[n-1], sc.dirs[:n-1]
		}
	}
}
