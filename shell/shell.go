// Package shell reads the command lines agents run, once, and answers what carnet asks of
// them: the simple commands of a line and their words (through pipes, &&, ||, ;, subshells,
// $(…), bash -c '…'), the folder each runs in after the line's cd's, whether it commits,
// pushes, builds or tests, and which files it writes or removes.
//
// A POSIX or bash line is parsed by mvdan.cc/sh/v3/syntax. A line it refuses (an unclosed
// here-document is closed first, a quote left open is closed by the parser's recovery) and
// a line too deeply nested to parse safely are read by the plain split below, as is a
// PowerShell or cmd.exe script (ParseArgv finds one behind "pwsh -Command …",
// "powershell.exe -c …", "cmd /c …"): PowerShell is not sh, and carnet reads it the
// documented simple way — statements cut at ";", newlines, "&&" and "||", pipeline stages at
// "|", words at blanks, '…' and "…" quoting (a backtick escapes the next character in
// PowerShell, a backslash in sh), redirections ">", ">>", "2>" and "*>" to a file. Nothing
// deeper is read of a PowerShell script (no script blocks, no expressions).
//
// Parse never fails and never panics: the worst line yields fewer commands. It imports
// nothing of carnet.
package shell

import (
	"path"
	"regexp"
	"strings"
)

// Dialect is the language a line is written in.
type Dialect int

// The dialects a line may be in.
const (
	Sh         Dialect = iota // POSIX sh, bash, zsh (as far as bash reads it)
	PowerShell                // Windows PowerShell, pwsh
	Cmd                       // cmd.exe
)

// Line is a command line read once.
type Line struct {
	// Commands are the simple commands of the line, in the order they run: those of a
	// command substitution before the command whose word holds it.
	Commands []*Command
	Dialect  Dialect
	// Parsed reports a line read by the sh grammar; false for the plain split (PowerShell,
	// cmd.exe, or a line the grammar refused).
	Parsed bool
	// EndDir is the folder the shell stands in once the line ran, as its top-level cd's
	// say ("" where it started); see Command.Dir.
	EndDir string
}

// Command is one simple command: a program and its words.
type Command struct {
	// Words are the command's words, quotes removed; a word the shell would expand ($X,
	// $(…), a glob, ~) keeps its source text and is not Literal. Assignments before the
	// program (VAR=1 cmd) are not words.
	Words []string
	// Text is the command as written, blanks folded: assignments, words and redirections,
	// without descriptor duplications (2>&1) nor here-document bodies.
	Text      string
	Redirects []Redirect
	// Dir is the folder the command runs in as the line's earlier cd's say: "" where the
	// line started, else the cd's target (joined to an earlier relative one), as written;
	// a target the shell would expand keeps its source text ("$HOME/x").
	Dir string
	// Op joins the command to the next one at its level: "&&", "||", ";" (or a newline),
	// "|", "&"; "" for the last one.
	Op string
	// Piped reports a pipeline stage after the first: it reads another command's output.
	Piped bool
	// Depth is 0 for a command of the line's top level, one more inside each subshell
	// ( … ), function body, command substitution $( … ) or `…`, process substitution
	// <( … ) and script run by "bash -c '…'" or "pwsh -Command …".
	Depth int
	// Nested reports a command written inside a word of another one: in a command or
	// process substitution, or in the script of "bash -c '…'".
	Nested bool

	literal []bool  // literal[i]: Words[i] is what the program receives
	dialect Dialect // the language it is written in
}

// Redirect is a redirection of a command.
type Redirect struct {
	Op     string // ">", ">>", ">|", "&>", "&>>", "<", "<>", "<<", "<<-", "<<<"
	FD     string // the descriptor before the operator ("2" of 2>), or ""
	Target string // the file, or a here-document's marker, quotes removed; "" when the shell would expand it
	Body   string // a here-document's body, as written
}

// Literal reports whether word i is what the program receives (no expansion left).
func (c *Command) Literal(i int) bool { return i >= 0 && i < len(c.literal) && c.literal[i] }

// Heredoc is the body of the command's first here-document, or "".
func (c *Command) Heredoc() string {
	for _, r := range c.Redirects {
		if r.Op == "<<" || r.Op == "<<-" {
			return r.Body
		}
	}
	return ""
}

// maxLine bounds the bytes the sh grammar reads; a longer line is read by the plain split.
const maxLine = 1 << 20

// Parse reads a POSIX or bash command line.
func Parse(line string) *Line { return ParseAs(line, Sh) }

// ParseGuess reads a command line whose language the caller does not know: as sh, or as
// PowerShell when one of its commands is a cmdlet named Verb-Noun (Remove-Item, Add-Content),
// which no sh program is.
func ParseGuess(line string) *Line {
	l := Parse(line)
	for _, c := range l.Commands {
		if argv := c.Argv(); len(argv) > 0 && cmdlet.MatchString(argv[0]) {
			return ParseAs(line, PowerShell)
		}
	}
	return l
}

var cmdlet = regexp.MustCompile(`^[A-Z][a-z]+-[A-Z][A-Za-z]+$`)

// ParseAs reads a command line written in dialect d.
func ParseAs(line string, d Dialect) *Line {
	l := &Line{Dialect: d}
	if d == Sh {
		if w, ok := parseSh(line); ok {
			w.finish(l)
			l.Parsed = true
			return l
		}
	}
	split(line, d, 0, "").finish(l)
	return l
}

// ParseArgv reads a command given as its argument vector: a shell running a script
// (["bash", "-lc", "go test ./..."], ["pwsh", "-NoProfile", "-Command", "…"]) is read as
// that script, anything else as the command the vector is.
func ParseArgv(argv []string) *Line {
	script, d := Script(argv)
	return ParseAs(script, d)
}

// Script is the command line an argument vector runs and its dialect: the script of a shell
// run with -c / -lc (bash, sh, zsh, dash, ksh), -Command / -c (pwsh, powershell) or /c
// (cmd), else the vector as one sh line, each argument quoted where the shell needs it.
func Script(argv []string) (string, Dialect) {
	if s, d, _, ok := shellScript(argv); ok {
		return s, d
	}
	return Join(argv), Sh
}

// ShellScript is Script for a shell run with a script to read (bash -lc '…', pwsh -Command
// …, cmd /c …); ok is false for any other argument vector.
func ShellScript(argv []string) (script string, d Dialect, ok bool) {
	script, d, _, ok = shellScript(argv)
	return script, d, ok
}

// shellScript is the script of a shell invocation (see Script), when argv is one, and the
// index of the argument it starts at.
func shellScript(argv []string) (script string, d Dialect, at int, ok bool) {
	if len(argv) < 2 {
		return "", Sh, 0, false
	}
	name := strings.ToLower(path.Base(strings.ReplaceAll(argv[0], `\`, "/")))
	name = strings.TrimSuffix(name, ".exe")
	switch name {
	case "bash", "sh", "zsh", "dash", "ksh":
		for i := 1; i < len(argv)-1; i++ {
			a := argv[i]
			if !strings.HasPrefix(a, "-") || a == "--" {
				return "", Sh, 0, false // a script file, not a command line
			}
			if !strings.HasPrefix(a, "--") && strings.Contains(a, "c") {
				return argv[i+1], Sh, i + 1, true
			}
		}
	case "pwsh", "powershell":
		for i := 1; i < len(argv)-1; i++ {
			switch strings.ToLower(argv[i]) {
			case "-command", "-c", "/command", "/c":
				return strings.Join(argv[i+1:], " "), PowerShell, i + 1, true
			case "-file", "-f", "-encodedcommand", "-e", "-ec":
				return "", Sh, 0, false
			}
		}
	case "cmd":
		for i := 1; i < len(argv)-1; i++ {
			if a := strings.ToLower(argv[i]); a == "/c" || a == "/k" {
				return strings.Join(argv[i+1:], " "), Cmd, i + 1, true
			}
		}
	}
	return "", Sh, 0, false
}

// Join writes an argument vector as one sh command line, quoting each argument that needs it.
func Join(argv []string) string {
	var b strings.Builder
	for i, a := range argv {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(quote(a))
	}
	return b.String()
}

// quote is a word as sh reads back a, in single quotes when it holds anything special.
func quote(a string) string {
	if a == "" {
		return "''"
	}
	for _, r := range a {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,^", r)) {
			return "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return a
}
