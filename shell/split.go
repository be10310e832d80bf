package shell

import (
	"strings"
)

// The plain split reads a PowerShell or cmd.exe script, and a line the sh grammar refuses,
// the documented simple way (see the package comment): statements, pipeline stages, words
// and redirections to files, nothing deeper.

// splitter is the state of the plain split of one line.
type splitter struct {
	d     Dialect
	esc   byte // the escape character: \ (sh), ` (PowerShell), ^ (cmd)
	depth int
	sc    *scope

	cmds    []*Command
	cur     *Command
	text    []string // the current command's tokens, as written
	word    strings.Builder
	raw     strings.Builder
	inWord  bool
	literal bool
	redir   *Redirect // a redirection waiting for its target
	piped   bool      // the next command reads a pipe
	markers []string  // here-documents whose bodies start at the next line
}

// split reads line the plain way; depth and dir place its commands.
func split(line string, d Dialect, depth int, dir string) *walker {
	s := &splitter{d: d, esc: '\\', depth: depth, sc: &scope{depth: depth, dir: dir}}
	switch d {
	case PowerShell:
		s.esc = '`'
	case Cmd:
		s.esc = '^'
	}
	line = strings.ReplaceAll(line, "\r\n", "\n")
	for i := 0; i < len(line); i++ {
		i = s.step(line, i)
	}
	s.endCommand("")
	return &walker{cmds: s.cmds, top: s.sc}
}

// step reads the token at line[i] and returns the index of its last byte.
func (s *splitter) step(line string, i int) int {
	c := line[i]
	switch {
	case c == s.esc:
		if i+1 == len(line) || line[i+1] == '\n' {
			return i + 1 // a line continuation
		}
		s.add(line[i:i+2], line[i+1:i+2], true)
		return i + 1
	case c == '\'' || c == '"':
		return s.quoted(line, i)
	case c == ' ' || c == '\t' || c == '\r':
		s.endWord()
		return i
	case c == '\n':
		s.endCommand(";")
		return s.heredocBodies(line, i)
	case c == '#' && !s.inWord && s.d != Cmd:
		if j := strings.IndexByte(line[i:], '\n'); j >= 0 {
			return i + j - 1
		}
		return len(line)
	}
	if j, ok := s.operator(line, i); ok {
		return j
	}
	if j, ok := s.bracket(line, i); ok {
		return j
	}
	s.add(string(c), string(c), c != '$' && c != '*' && c != '?' && !(s.d == Cmd && c == '%'))
	return i
}

// operator reads a control operator or a redirection at line[i], if there is one there.
func (s *splitter) operator(line string, i int) (int, bool) {
	c, next := line[i], byte(0)
	if i+1 < len(line) {
		next = line[i+1]
	}
	switch {
	case (c == '&' || c == '|') && next == c:
		s.endCommand(line[i : i+2])
		return i + 1, true
	case c == '|':
		s.endCommand("|")
		s.piped = true
	case c == ';' && s.d != Cmd, c == '&' && (s.d == Cmd || s.d == Sh && next != '>'):
		s.endCommand(string(c))
	case c == '>' || c == '<' || c == '&' && next == '>':
		return s.redirect(line, i), true
	default:
		return i, false
	}
	return i, true
}

// bracket reads a bracket at line[i]: in sh ( and ) end a command; in PowerShell an
// expression or a script block is one word, a brace that ends one ends a statement.
func (s *splitter) bracket(line string, i int) (int, bool) {
	c, next := line[i], byte(0)
	if i+1 < len(line) {
		next = line[i+1]
	}
	switch {
	case (c == '(' || c == ')') && s.d == Sh:
		s.endCommand(";")
	case s.d == PowerShell && !s.inWord && (c == '(' || c == '{' || c == '@' && (next == '(' || next == '{') || c == '$' && next == '('):
		return s.group(line, i), true
	case s.d == PowerShell && (c == '{' || c == '}'):
		s.endCommand(";")
	default:
		return i, false
	}
	return i, true
}

// add appends to the word being read: raw as written, v as the program receives it.
func (s *splitter) add(raw, v string, literal bool) {
	if !s.inWord {
		s.inWord, s.literal = true, true
	}
	s.raw.WriteString(raw)
	s.word.WriteString(v)
	s.literal = s.literal && literal
}

// quoted reads a quoted string at line[i] into the word: '…' as it is (two quotes are one in
// PowerShell), "…" with the escape character working inside; an unclosed one runs to the end.
func (s *splitter) quoted(line string, i int) int {
	q := line[i]
	j := i + 1
	var v strings.Builder
	literal := true
	for ; j < len(line); j++ {
		c := line[j]
		if c == q {
			if q == '\'' && s.d == PowerShell && j+1 < len(line) && line[j+1] == '\'' {
				v.WriteByte(q)
				j++
				continue
			}
			break
		}
		if q == '"' && c == s.esc && j+1 < len(line) {
			j++
			c = line[j]
		} else if q == '"' && (c == '$' || c == '`' && s.d == Sh || c == '%' && s.d == Cmd) {
			literal = false
		}
		v.WriteByte(c)
	}
	end := min(j, len(line)-1)
	if !s.inWord {
		s.inWord, s.literal = true, true
	}
	s.raw.WriteString(line[i : end+1])
	s.word.WriteString(v.String())
	s.literal = s.literal && literal
	return end
}

// group reads a PowerShell expression or script block, (…), $(…), @(…), @{…} or {…}, as one
// word that is not literal.
func (s *splitter) group(line string, i int) int {
	depth := 0
	j := i
	for ; j < len(line); j++ {
		switch line[j] {
		case '(', '{':
			depth++
		case ')', '}':
			depth--
		case '\'', '"':
			if k := strings.IndexByte(line[j+1:], line[j]); k >= 0 {
				j += k + 1
			}
		}
		if depth == 0 && j > i && (line[j] == ')' || line[j] == '}') {
			break
		}
	}
	end := min(j, len(line)-1)
	s.add(line[i:end+1], line[i:end+1], false)
	return end
}

// redirect reads a redirection at line[i]: > >> < << <<< 2> &> *>, a duplication (2>&1,
// >&2) naming no file.
func (s *splitter) redirect(line string, i int) int {
	fd := ""
	if s.inWord && (strings.Trim(s.raw.String(), "0123456789") == "" || s.raw.String() == "*") {
		fd = s.raw.String()
		s.raw.Reset()
		s.word.Reset()
		s.inWord = false
	}
	s.endWord()
	j := i
	for j+1 < len(line) && strings.IndexByte("<>&|", line[j+1]) >= 0 && j-i < 2 {
		j++
	}
	op := line[i : j+1]
	if op == "<<" && j+1 < len(line) && line[j+1] == '-' {
		op, j = "<<-", j+1
	}
	if strings.HasSuffix(op, "&") && j+1 < len(line) && (line[j+1] >= '0' && line[j+1] <= '9' || line[j+1] == '-') {
		for j+1 < len(line) && (line[j+1] >= '0' && line[j+1] <= '9' || line[j+1] == '-') {
			j++
		}
		return j // a duplication
	}
	if strings.HasSuffix(op, "|") && op != ">|" {
		op = op[:len(op)-1]
		j--
	}
	if fd == "*" || op == ">&" {
		op = "&" + strings.TrimSuffix(op, "&")
		fd = ""
	}
	s.text = append(s.text, strings.TrimSpace(fd+op))
	s.redir = &Redirect{Op: op, FD: fd}
	return j
}

// endWord finishes the word being read: a redirection's target, or a word of the command.
func (s *splitter) endWord() {
	if !s.inWord {
		return
	}
	v, raw, lit := s.word.String(), s.raw.String(), s.literal
	s.word.Reset()
	s.raw.Reset()
	s.inWord = false
	if s.cur == nil {
		s.cur = &Command{Dir: s.sc.dir, Depth: s.depth, Piped: s.piped, dialect: s.d}
		s.piped = false
	}
	if r := s.redir; r != nil {
		s.redir = nil
		if lit {
			r.Target = v
		}
		if r.Op == "<<" || r.Op == "<<-" {
			r.Target = strings.Trim(raw, `'"\`)
			s.markers = append(s.markers, r.Target)
		}
		s.cur.Redirects = append(s.cur.Redirects, *r)
		s.text[len(s.text)-1] += raw
		return
	}
	s.cur.Words = append(s.cur.Words, v)
	s.cur.literal = append(s.cur.literal, lit)
	s.text = append(s.text, raw)
}

// endCommand finishes the command being read, joined to the next one by op.
func (s *splitter) endCommand(op string) {
	s.endWord()
	s.redir = nil
	c := s.cur
	s.cur = nil
	if c == nil || len(c.Words) == 0 {
		s.text = s.text[:0]
		return
	}
	c.Op = op
	c.Text = strings.Join(s.text, " ")
	s.text = s.text[:0]
	s.cmds = append(s.cmds, c)
	track(c, s.sc)
}

// heredocBodies skips the bodies of the here-documents the line just ended opened; it
// returns the index of the newline before what follows them.
func (s *splitter) heredocBodies(line string, i int) int {
	for len(s.markers) > 0 && i < len(line) {
		start := i + 1
		end := strings.IndexByte(line[start:], '\n')
		if end < 0 {
			end = len(line) - start
		}
		if strings.TrimSpace(line[start:start+end]) == s.markers[0] {
			s.markers = s.markers[1:]
		}
		i = start + end
	}
	return i
}
