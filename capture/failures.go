package capture

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"carnet/hook/transcript"
	"carnet/memstore"
	"carnet/shell"
)

// Failures: each command that really failed, with the line that says why (the reader picks
// the assertion or error line, not a test runner's FAIL header), marked fixed when the same
// command went through later — in the turn, or in a later turn of the session.

// benign are the commands whose non-zero exit answers a question rather than fails: grep
// found nothing, test said no, diff found a difference, kill found no process to signal.
var benign = []string{"grep", "rg", "ag", "egrep", "fgrep", "test", "[", "[[", "diff", "cmp", "which", "command",
	"type", "pgrep", "pidof", "ls", "find", "file", "stat", "false", "kill", "pkill", "killall", "fuser", "lsof"}

// wrappers are the commands a line's main command may be run through or piped into, with
// PowerShell's names for them (any case: Set-Location is cd, Select-Object -Last is tail,
// Select-String is grep).
var wrappers = map[string]bool{"cd": true, "export": true, "source": true, ".": true, "set": true, "tail": true,
	"head": true, "tee": true, "sleep": true, "true": true, "echo": true, "printf": true, "wc": true, "sort": true,
	"clear": true, "set-location": true, "write-host": true,
	"write-output": true, "start-sleep": true, "select-object": true, "select-string": true, "out-string": true,
	"out-host": true, "sort-object": true, "measure-object": true, "tee-object": true}

// isWrapper reports a wrapper (see wrappers).
func isWrapper(w string) bool { return wrappers[w] || wrappers[strings.ToLower(w)] }

// interpreters run the script a here-document feeds them.
var interpreters = map[string]bool{"python": true, "python3": true, "python2": true, "node": true, "bash": true, "sh": true, "zsh": true,
	"ruby": true, "perl": true, "deno": true, "bun": true, "php": true, "psql": true, "sqlite3": true, "mysql": true}

// command is what identifies a call across retries: its main commands (parts), without the
// cd before them, the pipe after them (| tail -5), the runner that runs them, nor the
// redirections; the package script it runs (npm run lint: "lint"); and the short form a
// bullet names it by.
type command struct {
	key    string   // the parts joined
	parts  []string // each main command's words joined
	script string   // npm/pnpm/yarn run NAME
	short  string
}

// parseCommand reads a shell command line into a command; key is "" when it runs nothing
// but wrappers (cd, echo).
func parseCommand(line string) command {
	var c command
	for i, cmd := range simpleCommands(line) {
		if len(cmd) == 0 || isWrapper(cmd[0]) || strings.Contains(cmd[0], "=") {
			continue
		}
		if i > 0 && len(c.parts) > 0 && slices.Contains([]string{"grep", "rg", "jq", "awk", "sed", "less", "more"}, cmd[0]) {
			continue // a filter of the output
		}
		cmd = shell.RunOf(cmd)
		if j := slices.Index(cmd, "--"); j > 0 {
			cmd = cmd[:j] // npm run typecheck -- --pretty false: the script's own arguments
		}
		if c.script = cmp.Or(shell.ScriptOf(cmd), c.script); strings.Contains(c.script, ":") && shell.ParseArgv(cmd).Commands[0].IsLint() {
			c.script, _, _ = strings.Cut(c.script, ":") // a lint script by its base name: lint:fix, format:check run one linter
		}
		c.parts = append(c.parts, strings.Join(cmd, " "))
	}
	if len(c.parts) == 0 {
		return c
	}
	c.key = strings.Join(c.parts, " && ")
	c.short = transcript.ClipWords(c.parts[len(c.parts)-1], 80) // a chain stops at the part that fails: its last
	if len(c.parts) > 1 && len(c.key) <= 80 {
		c.short = c.key
	}
	return c
}

// fixes are the commands a call that went through shows working: its own, each of its
// parts, and the package scripts its output shows run (a commit whose hook ran the linter).
type fixes map[string]bool

func (f fixes) add(u *transcript.ToolUse, c command) {
	f[c.key] = true
	for _, p := range c.parts {
		f[p] = true
		f["loose:"+loose(p)] = true
		verb, ops := operands(p)
		if !slices.ContainsFunc(ops, func(o string) bool { return o != "" }) {
			f["all:"+verb] = true
		}
		for _, o := range ops {
			f["on:"+verb+" "+o] = true
		}
	}
	if c.script != "" {
		f["script:"+c.script] = true
	}
	for _, s := range u.Scripts {
		f["script:"+s] = true
	}
}

// fixed reports a failed command that f shows working: the same command, each of its
// parts, or its package script.
func (f fixes) fixed(c command) bool {
	if f[c.key] || c.script != "" && f["script:"+c.script] {
		return true
	}
	if len(c.parts) == 1 && f["loose:"+loose(c.parts[0])] {
		return true // the same command with other options ("ruff check --fix x.py", "git commit -m other")
	}
	if n := len(c.parts); n > 1 {
		last := c.parts[n-1]
		if f.fixed(command{key: last, parts: []string{last}}) {
			return true // a chain stops at the part that fails, the one the bullet names: it went through later
		}
	}
	for _, p := range c.parts {
		if !f[p] && !f.onSome(p) {
			return false
		}
	}
	return len(c.parts) > 0
}

// onSome reports a part that f shows working on what it ran on: the same command later run
// on everything (no operand: "pytest" after "pytest tests/test_a.py::test_x") or on one of
// its operands with others ("go test ./a ./b" after "go test ./a").
func (f fixes) onSome(part string) bool {
	verb, ops := operands(part)
	if len(ops) == 0 {
		return false
	}
	if f["all:"+verb] {
		return true
	}
	return slices.ContainsFunc(ops, func(o string) bool {
		for ; o != ""; o = o[:max(0, strings.LastIndexAny(o, "/:"))] {
			if f["on:"+verb+" "+strings.TrimRight(o, ":")] {
				return true
			}
		}
		return false
	})
}

// operands splits a command into its verb (its leading words of letters: "go test",
// "pytest"; for git, "git" and its subcommand) and what it runs on (the rest, options
// aside), each as a path without "./" and "/..." ("" for the whole project: ".", "./...").
func operands(part string) (verb string, ops []string) {
	w := strings.Fields(part)
	n := 0
	for n < len(w) && isWord(w[n]) {
		n++
	}
	if len(w) >= 2 && w[0] == "git" {
		n = 2
	}
	n = max(n, min(1, len(w)))
	for _, a := range w[n:] {
		if !strings.HasPrefix(a, "-") {
			ops = append(ops, strings.Trim(strings.TrimSuffix(strings.TrimPrefix(a, "./"), "..."), "/."))
		}
	}
	return strings.Join(w[:n], " "), ops
}

// isWord reports a word of letters only (a program, a subcommand).
func isWord(s string) bool {
	return s != "" && strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) < 0
}

// loose is a command without its options, on its files by their stems ("ruff check x",
// "node probe" for "node probe.mjs"); for git, its subcommand alone ("git commit").
func loose(part string) string {
	w := strings.Fields(part)
	if len(w) >= 2 && w[0] == "git" {
		return "git " + w[1]
	}
	return stem(strings.Join(slices.DeleteFunc(w[min(1, len(w)):], func(a string) bool { return strings.HasPrefix(a, "-") }), " "), w[:min(1, len(w))]...)
}

// stem is a command line with its words' file extensions dropped, after the words before:
// a retry on the file renamed (probe.js, then probe.mjs) is the same call.
func stem(line string, before ...string) string {
	for w := range strings.FieldsSeq(line) {
		before = append(before, strings.TrimSuffix(w, path.Ext(w)))
	}
	return strings.Join(before, " ")
}

// realFailure reports a call that failed the project's way: a shell command whose last
// command is not a question (grep finding nothing), or an MCP tool's error; not a call the
// user, a hook or the machine refused (a sandbox's EPERM, no network), nor the agent's own
// slip with a file tool.
func realFailure(u *transcript.ToolUse) bool {
	if !u.HasResult || !u.IsError || transcript.Refused(u.Output) || machineRefused.MatchString(u.Output) {
		return false
	}
	switch {
	case u.Name == "Bash":
		return !probe(u) && !timedOutIdle(u)
	case u.MCP || strings.Contains(u.Name, "__"):
		return !strings.Contains(u.Name, "carnet") && !serviceRefused.MatchString(u.Output)
	}
	return false
}

// timedOutIdle reports a call that ran until the call's time ran out while it served (a
// dev server, a preview) or waited (a sleep before a check, a watch, a log followed): nothing
// failed, the agent's tool stopped waiting.
func timedOutIdle(u *transcript.ToolUse) bool {
	if !strings.Contains(strings.ToLower(u.Output), "timed out") {
		return false
	}
	return slices.ContainsFunc(parseLine(u.Command).Commands, func(c *shell.Command) bool { return c.Serves() || c.Waits() })
}

// probe reports a shell call whose failure answers a question rather than breaks anything:
// its last command but those that cannot fail (echo, true) asks, or one that asks failed
// printing nothing (a part that failed would say why: a question's no is silent); or a cd
// that found no folder (the agent's slip, retried); a call that only read files (cat, sed
// -n) or that failed on a path that is not there, unless it ran the project's tests, build
// or linter (a test missing its fixture is a failure).
func probe(u *transcript.ToolUse) bool {
	cmds := simpleCommands(u.Command)
	if len(cmds) == 0 {
		return true
	}
	if parts := parseCommand(u.Command).parts; len(parts) > 0 && !slices.ContainsFunc(parts, func(p string) bool { return !reads(p) }) {
		return true
	}
	if inlineOnly(parseLine(u.Command)) {
		return true
	}
	if missingPath.MatchString(u.Output) && !parseLine(u.Command).Checks() {
		return true
	}
	if u.IsError && !transcript.NamesError(u.Output) && !parseLine(u.Command).Checks() {
		return true // no word of an error in what it printed: a status it reported (ssh -T, a server stopped), not a failure
	}
	asks := func(cmd []string) bool { return asks(cmd, u.Output) }
	if cause(u) == "" && slices.ContainsFunc(cmds, asks) {
		return true
	}
	i, cs := len(cmds)-1, parseLine(u.Command).Commands // a pipeline's status is its last stage's: not stepped over
	for i > 0 && isWrapper(cmds[i][0]) && len(cs) == len(cmds) && !cs[i].Piped {
		i--
	}
	return asks(cmds[i]) || cmds[0][0] == "cd" && (strings.Contains(u.Output, "cd:") || strings.Contains(u.Output, "cd ")) || shellSlip(cmds, u.Output)
}

// inlineOnly reports a line that runs only code the agent typed inline (a python -c, a
// node -e, a script on an interpreter's standard input), with commands around it that only
// set up or read (a cd, a curl whose answer the script parses): the agent's own throwaway
// code, whose error is its script's, not the project's. A shell given a script (bash -c)
// runs the commands of that script, which are read instead.
func inlineOnly(l *shell.Line) bool {
	inline := false
	for _, c := range l.Commands {
		_, _, script := shell.ShellScript(c.Argv())
		switch name := c.Name(); {
		case c.RunsInline():
			inline = true
		case script, slices.Contains(inlineSetup, name), slices.Contains(outputReaders, name):
		default:
			return false
		}
	}
	return inline
}

// inlineSetup are the commands that set up around an inline script, or fetch what it reads
// (the output readers aside).
var inlineSetup = []string{"cd", "export", "source", ".", "curl", "sleep", "true", "sort", "wc"}

// shellRefused finds the line of the agent's own shell refusing the command line: a cd that
// failed ("cd:1: command not found: __zoxide_z", "bash: line 1: cd: dist: No such file…"),
// a glob or parentheses zsh matched nothing with, a line it could not parse. The line opens
// with the shell's name or nothing, never a script's path (a script of the project failing
// on its own syntax did fail).
var shellRefused = regexp.MustCompile(`^(?:(?:\(eval\)|(?:/usr)?(?:/bin/)?(?:ba|z|da|k)?sh):)?(?:\s*line \d+:|\s*\d+:)?\s*(cd:|no matches found:|bad pattern:|parse error near|syntax error near unexpected token)`)

// shellSlip reports a call the shell itself refused (shellRefused): the agent's slip,
// retried, not the project failing; a cd's failure counts when the line runs a cd.
func shellSlip(cmds [][]string, out string) bool {
	m := shellRefused.FindStringSubmatch(strings.TrimSpace(stripANSI(out)))
	if m == nil {
		return false
	}
	return m[1] != "cd:" || slices.ContainsFunc(cmds, func(c []string) bool { return c[0] == "cd" })
}

// asks reports a command that asks (grep finding nothing, test saying no, xargs grep), a git
// command that only reads (history and the work tree looked at: a repository with no
// commit yet, a revision not there, are answers; the other read-only ones run outside a
// repository, or told to answer by their exit), a curl that prints the status it got (-w).
func asks(cmd []string, out string) bool {
	if cmd[0] == "xargs" && len(cmd) > 1 {
		cmd = cmd[1:]
	}
	if cmd[0] == "git" {
		if i, _ := shell.GitSub(cmd); i > 1 {
			cmd = append([]string{"git"}, cmd[i:]...) // git's own options (-C repo) dropped: the subcommand asks or not
		}
	}
	switch {
	case cmd[0] == "git" && len(cmd) > 1 && slices.Contains(gitLooks, cmd[1]) && !slices.Contains(cmd, "--check"):
		return true
	case cmd[0] == "git" && len(cmd) > 1 && slices.Contains([]string{"branch", "diff", "remote", "config"}, cmd[1]):
		return strings.Contains(out, "not a git repository") || slices.Contains(cmd, "--exit-code") || slices.Contains(cmd, "--quiet")
	case cmd[0] == "curl":
		return slices.Contains(cmd, "-w") || slices.Contains(cmd, "--write-out")
	}
	return slices.Contains(benign, cmd[0])
}

// gitLooks are the git subcommands that look at history and the work tree and change
// nothing: their failure (no commit yet, an unknown revision) answers what was asked.
var gitLooks = []string{"status", "log", "show", "rev-parse", "rev-list", "ls-tree", "ls-files", "cat-file", "describe", "shortlog", "blame", "reflog"}

// machineRefused finds the line of a call the machine would not let run: an operation the
// sandbox does not permit, a network it does not reach.
var machineRefused = regexp.MustCompile(`\bEPERM\b|Operation not permitted|\bENOTFOUND\b|\bEAI_AGAIN\b|Could not resolve host`)

// serviceRefused finds an MCP tool's error its service's limits caused: no credit left, a
// rate limit, an answer too large for the agent. Nothing of the project failed.
var serviceRefused = regexp.MustCompile(`(?i)\b(402|429)\b|rate.?limit|credits? limit|quota|exceeds maximum allowed tokens`)

// gotPast reports an MCP call the agent got wrong and then got past with another tool of
// the same server (later are the turn's calls after it); a retry of the same tool fixes it.
func gotPast(u *transcript.ToolUse, later []*transcript.ToolUse) bool {
	server := mcpServer(u.Name)
	return u.Name != "Bash" && server != "" && slices.ContainsFunc(later, func(v *transcript.ToolUse) bool {
		return v.HasResult && !v.IsError && v.Name != u.Name && mcpServer(v.Name) == server
	})
}

// sandboxed reports a shell call that failed inside the agent's sandbox: a later call of
// the turn ran one of its commands again outside it (Codex's require_escalated) and went
// through. The sandbox refused it (no network, no port); nothing of the project failed.
func sandboxed(u *transcript.ToolUse, later []*transcript.ToolUse) bool {
	parts := looseParts(parseCommand(u.Command))
	return u.Name == "Bash" && !u.Escalated && slices.ContainsFunc(later, func(v *transcript.ToolUse) bool {
		return v.Escalated && v.HasResult && !v.IsError && slices.ContainsFunc(looseParts(parseCommand(v.Command)), func(p string) bool { return slices.Contains(parts, p) })
	})
}

// mcpServer is an MCP tool's server ("mcp__playwright__browser_click": "mcp__playwright__"),
// "" when its name does not say.
func mcpServer(name string) string {
	if i := strings.LastIndex(name, "__"); i > 0 {
		return name[:i+2]
	}
	return ""
}

// outputReaders print what is already there, a file or a log (sed and awk unless they edit
// in place): an error line they show is no build failing now, and their failure says a path
// is not there.
var outputReaders = []string{"cat", "tail", "head", "less", "more", "grep", "rg", "sed", "awk", "jq", "echo", "printf",
	"nl", "bat", "od", "xxd", "hexdump", "strings", "tree", "du", "realpath", "readlink", "Get-Content", "gc"}

// reads reports a command that only prints files.
func reads(part string) bool {
	w := strings.Fields(part)
	return len(w) > 0 && slices.Contains(outputReaders, w[0]) && !slices.ContainsFunc(w[1:], func(a string) bool {
		return strings.HasPrefix(a, "-i") || a == "--in-place" || a == "inplace"
	})
}

// missingPath finds what shells, runtimes and tools print when a path they were given is
// not there.
var missingPath = regexp.MustCompile(`(?i:no such file or directory)|FileNotFoundError|\bENOENT\b|Cannot find path|cannot find the (file|path) specified`)

// exitOnly finds an output that says nothing but the exit status.
var exitOnly = regexp.MustCompile(`^(Exit code|exit status|exited with( code)?|Process exited with code)\s*\d+\.?$`)

// cause is the line a failure bullet gives as its cause, or "".
func cause(u *transcript.ToolUse) string {
	out := strings.TrimSpace(stripANSI(u.Output))
	if out == "" || exitOnly.MatchString(out) {
		return ""
	}
	return transcript.ClipWords(out, 200)
}

// ansi finds terminal escape sequences.
var ansi = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)

func stripANSI(s string) string { return ansi.ReplaceAllString(s, "") }

// failuresStep writes the turn's failures: one bullet per command, with its latest cause,
// marked fixed when the same command went through later in the turn. It records the
// session's failures still open, and reports those of earlier turns that went through now.
func failuresStep(c *turnCtx) {
	if c.s.Failed == nil {
		c.s.Failed = map[string]string{}
	}
	var fails []fail
	tools := c.t.Tools
	later := make([]fixes, len(tools)+1) // later[i]: what the calls from i on show working
	later[len(tools)] = fixes{}
	for i := len(tools) - 1; i >= 0; i-- {
		later[i] = maps.Clone(later[i+1])
		if u := tools[i]; u.HasResult && !u.IsError {
			later[i].add(u, c.callCommand(u))
		}
	}
	for i, u := range tools {
		if u.Name == "Bash" && foreignDir(c.fx, u.Command) || !realFailure(u) || gotPast(u, tools[i+1:]) || sandboxed(u, tools[i+1:]) {
			continue // another repository's failures are not this project's, nor a slip got past, nor the sandbox's
		}
		if f, ok := c.failure(i, later[i+1]); ok {
			fails = addFail(fails, f)
		}
	}
	for i, f := range fails {
		if f.alike > 0 {
			fails[i].text += fmt.Sprintf(c.w.alike, f.alike)
		}
	}
	// the session's earlier failures this turn shows working, unless they failed again
	for key, old := range c.s.Failed {
		if slices.ContainsFunc(fails, func(f fail) bool { return f.cmd.key == key }) {
			continue
		}
		if later[0].fixed(parseCommandKey(key)) || c.commitNames(0, causeOf(old)) {
			c.markFixed(old)
			delete(c.s.Failed, key)
		}
	}
	for _, f := range fails {
		old, again := c.s.Failed[f.cmd.key]
		switch {
		case again && old == f.text:
			continue
		case again:
			c.replace(memstore.KeyProblems, old, f.text) // the session's bullet for this command says how it fails now
		case c.add(memstore.KeyProblems, f.text) == 0:
			continue
		}
		if strings.HasPrefix(f.text, c.w.fixed) {
			delete(c.s.Failed, f.cmd.key)
		} else {
			c.s.Failed[f.cmd.key] = f.text
		}
	}
}

// fail is a failure bullet of the turn, before it is written.
type fail struct {
	cmd         command
	text, shape string
	alike       int  // other commands that failed the same way
	fixed       bool // by the calls after it in the turn
}

// failure is the bullet for the failed call i (later: what the calls after it show
// working); none for a call that names no command, or a linter's findings the turn fixed
// (routine, not a failure to remember).
func (c *turnCtx) failure(i int, later fixes) (fail, bool) {
	u := c.t.Tools[i]
	cmd := c.callCommand(u)
	if cmd.key == "" {
		return fail{}, false
	}
	if i := failedPart(u, cmd); i >= 0 {
		cmd = cmd.from(i)
	}
	b := fmt.Sprintf(c.w.failedBare, cmd.short)
	if why := cause(u); why != "" {
		b = fmt.Sprintf(c.w.failed, cmd.short, why)
	}
	f := fail{cmd: cmd, fixed: c.fixedLater(i, cmd, later)}
	if f.fixed {
		if l := parseLine(u.Command); !l.Tests() && !l.Builds() && slices.ContainsFunc(l.Commands, (*shell.Command).IsLint) {
			return fail{}, false
		}
		b = c.w.fixed + b
	}
	f.text = c.clean(memstore.KeyProblems, b)
	f.shape = failShape(cmd, strings.TrimPrefix(f.text, c.w.fixed))
	return f, f.text != ""
}

// addFail adds f to the turn's failures: the same step again (its file renamed, other
// options) takes its bullet's place, its latest state; another command that failed the
// same way is counted on the first's bullet, fixed when every one of them is.
func addFail(fails []fail, f fail) []fail {
	if j := slices.IndexFunc(fails, func(g fail) bool { return sameStep(g.cmd, f.cmd) }); j >= 0 {
		f.alike = fails[j].alike
		fails[j] = f
		return fails
	}
	if j := slices.IndexFunc(fails, func(g fail) bool { return f.shape != "" && g.shape == f.shape }); j >= 0 {
		if g := &fails[j]; g.fixed && !f.fixed {
			f.alike = g.alike
			*g = f
		}
		fails[j].alike++
		return fails
	}
	return append(fails, f)
}

// failShape is what a failure bullet says once its command's operands and the values of
// its error (quoted names, paths, numbers) are set aside: the same program failing the same
// way on other operands ("Cannot find module '…'" for six packages, a two-minute timeout
// for five runs) is one failure. It is "" for a bullet with no error line.
func failShape(cmd command, bullet string) string {
	rest := strings.Replace(bullet, cmd.short, "", 1)
	if len(cmd.parts) == 0 || !strings.Contains(rest, ":") {
		return ""
	}
	verb, _ := operands(cmd.parts[len(cmd.parts)-1])
	return verb + "\x00" + errorValue.ReplaceAllString(rest, "#")
}

// errorValue finds the values an error line names: a quoted name, a path, a number.
var errorValue = regexp.MustCompile("'[^']*'|\"[^\"]*\"|`[^`]*`|\\S*[/\\\\]\\S*|\\d+")

// fixedLater reports a failed call (cmd, call i) that the calls after it in the turn fixed:
// the same command went through (later shows it), or a commit names what the error names.
func (c *turnCtx) fixedLater(i int, cmd command, later fixes) bool {
	return later.fixed(cmd) || c.commitNames(i+1, cause(c.t.Tools[i]))
}

// failedPart is the index of the part of a chain that failed, when the call tells, else -1
// (the chain's last part is the guess): a commit that made no commit (its hooks refused
// it); after a commit that went through, the part that follows it (the push); else the last
// part whose own name — its package script, or its program when no other part runs it —
// the output names.
func failedPart(u *transcript.ToolUse, cmd command) int {
	if len(cmd.parts) < 2 {
		return -1
	}
	for i, p := range cmd.parts {
		if w := strings.Fields(p); len(w) >= 2 && w[0] == "git" && w[1] == "commit" {
			if u.CommitHash == "" {
				return i
			}
			if i+1 < len(cmd.parts) {
				return i + 1
			}
		}
	}
	out := strings.ToLower(u.Output)
	for i := range slices.Backward(cmd.parts) {
		if sig := signature(cmd.parts, i); sig != "" && strings.Contains(out, sig) {
			return i
		}
	}
	return -1
}

// sameStep reports two commands that run the same step: the same command (on its file
// renamed), the same package script, or one command each, the same program on a file in
// common ("pytest a.py -x" after "pytest a.py").
func sameStep(a, b command) bool {
	if stem(a.key) == stem(b.key) || a.script != "" && a.script == b.script {
		return true
	}
	if len(a.parts) != 1 || len(b.parts) != 1 {
		return false
	}
	va, oa := operands(a.parts[0])
	vb, ob := operands(b.parts[0])
	return va == vb && slices.ContainsFunc(oa, func(o string) bool { return o != "" && slices.Contains(ob, o) })
}

// signature is what names part i of a chain in an output: its package script ("lint" for
// npm run lint), else its program when no other part runs the same one; "" when too short
// to tell.
func signature(parts []string, i int) string {
	w := strings.Fields(strings.ToLower(parts[i]))
	if len(w) >= 3 && slices.Contains([]string{"npm", "pnpm", "yarn", "bun"}, w[0]) && w[1] == "run" {
		return w[2]
	}
	if len(w) == 0 || len(w[0]) <= 2 {
		return ""
	}
	for j, p := range parts {
		if j != i && strings.HasPrefix(strings.ToLower(p), w[0]+" ") || j != i && strings.EqualFold(p, w[0]) {
			return ""
		}
	}
	return w[0]
}

// from is the chain from its part i on: what a failure at part i is told by (the parts
// before it went through), named by that part.
func (c command) from(i int) command {
	if i <= 0 || i >= len(c.parts) {
		return c
	}
	out := command{parts: c.parts[i:], key: strings.Join(c.parts[i:], " && ")}
	if c.script != "" && slices.ContainsFunc(out.parts, func(p string) bool { return strings.Contains(p, " run "+c.script) }) {
		out.script = c.script
	}
	out.short = transcript.ClipWords(out.parts[0], 80) // a bullet names the part that failed
	return out
}

// parseCommandKey rebuilds the command a session's failure was recorded under.
func parseCommandKey(key string) command {
	if strings.HasPrefix(key, "mcp:") || strings.HasPrefix(key, "script-call:") {
		return command{key: key, parts: []string{key}}
	}
	return parseCommand(key)
}

// callCommand is the command a call is told by: parseCommand for a shell command, the
// tool's name for an MCP tool; a here-document's script is a command of its own.
func (c *turnCtx) callCommand(u *transcript.ToolUse) command {
	switch {
	case u.Name == "Bash":
		cmd := parseCommand(u.Command)
		if strings.Contains(u.Command, "<<") && len(cmd.parts) > 0 && interpreters[strings.Fields(cmd.parts[0])[0]] {
			k := "script-call:" + u.ID // a script fed on stdin: scripts alike look the same, each is its own
			return command{key: k, parts: []string{k}, short: strings.Fields(cmd.parts[0])[0] + " -"}
		}
		return cmd
	case u.MCP || strings.Contains(u.Name, "__"):
		k := "mcp:" + u.Name
		return command{key: k, parts: []string{k}, short: strings.TrimPrefix(u.Name[strings.LastIndex(u.Name, "__")+1:], "_")}
	}
	return command{}
}

// errorLine finds a line that reports an error, as runtimes and tools print it.
var errorLine = regexp.MustCompile(`(^|\s)(\w*(Error|Exception)\b[:\s]|error(\[\w+\])?:|FAILED\b|panic:|fatal:|Traceback)`)

// reportedStep writes an error the user reported: the line of the prompt that reports it
// in an error's shape (reportedLine), without its timestamp; a prompt that only says in
// prose that something is wrong reports no error line. A commit that names what the error
// names (commitNames) fixed it, in this turn or a later one.
func reportedStep(c *turnCtx) {
	if c.t.Sidechain {
		return
	}
	c.s.Reported = slices.DeleteFunc(c.s.Reported, func(old string) bool {
		if !c.commitNames(0, old) {
			return false
		}
		c.markFixed(old)
		c.s.Addressed = slices.DeleteFunc(c.s.Addressed, func(a string) bool { return a == old })
		return true
	})
	switch p := userText(c.t.Prompt); {
	case isPlanPrompt(p):
		// a plan the user accepted: the agent's own text, its error lines say how to handle errors
	case reportedLine(p) != "":
		c.addReported(transcript.ClipWords(reportedLine(p), 200))
	case len(c.r.Goal) > 0: // the user goes on to another task, reporting nothing: what the agent worked on is done
		for _, old := range c.s.Addressed {
			c.markFixed(old)
			c.s.Reported = slices.DeleteFunc(c.s.Reported, func(r string) bool { return r == old })
		}
		c.s.Addressed = nil
	}
}

// reportedLine is the error a prompt reports, "" when none: the first of its lines that
// reports one in an error's shape (transcript.ErrorPart) and says what it is (": "), else
// the last such; a log's verdict on a line of its own ("Build Failed") with the message
// under it (not a list item). Timestamps are dropped.
func reportedLine(p string) string {
	var best, prev string
	for l := range strings.SplitSeq(p, "\n") {
		t := strings.TrimSpace(stamps.ReplaceAllString(strings.TrimSpace(stripANSI(l)), ""))
		if t == "" {
			continue
		}
		e := transcript.ErrorPart(t)
		if _, _, _, item := listItem(t); e == "" && isVerdict(prev) && !item {
			e = prev + ": " + t
		}
		prev = t
		if e == "" {
			continue
		}
		if best = e; strings.Contains(e, ": ") {
			break
		}
	}
	return best
}

// isVerdict reports a log's verdict on a line of its own, a word or three that name a
// failure ("Build Failed", "Deployment error"), its message on the next line. A list item
// ("- TypeScript errors", "- timeout") is the user's own list, of what to check or of ways
// a thing fails, not a log's line.
func isVerdict(t string) bool {
	_, _, _, item := listItem(t)
	return t != "" && !item && len(strings.Fields(t)) <= 3 && !strings.ContainsAny(t, ":.!?") && transcript.NamesError(t)
}

// markFixed records that the turn fixed an open failure bullet of an earlier turn.
func (c *turnCtx) markFixed(bullet string) {
	c.r.Fixed = append(c.r.Fixed, bullet)
	c.r.Steps = append(c.r.Steps, Bullet{Step: c.step, Key: "fixed", Text: bullet})
}

// addReported writes a reported error, fixed when a commit of the turn names it, else kept
// open for a later commit that names it, or for the user moving on once the agent worked on it.
func (c *turnCtx) addReported(line string) {
	b := fmt.Sprintf(c.w.reported, line)
	if c.commitNames(0, line) {
		if c.add(memstore.KeyProblems, c.w.fixed+b) > 0 {
			c.r.Steps = append(c.r.Steps, Bullet{Step: c.step, Key: "fixed", Text: c.w.fixed + b}) // the fix, for the firing table
		}
		return
	}
	if c.add(memstore.KeyProblems, b) == 0 {
		return
	}
	b = c.clean(memstore.KeyProblems, b)
	if codeWords(line) != "" && !slices.Contains(c.s.Reported, b) {
		c.s.Reported = append(c.s.Reported, b) // a commit may name it
	}
	if c.worked() && !slices.Contains(c.s.Addressed, b) {
		c.s.Addressed = append(c.s.Addressed, b)
	}
}

// commitNames reports a commit that went through, among the turn's calls from the i-th on,
// whose command (its message) names one of the code words of text: the agent says what the
// commit fixed ("Fixed ArgumentValidationError for the AI Stars fields").
func (c *turnCtx) commitNames(from int, text string) bool {
	var words []string
	for _, u := range c.t.Tools[min(from, len(c.t.Tools)):] {
		if u.Name != "Bash" || !u.HasResult || u.CommitHash == "" && (u.IsError || !isCommit(u.Command)) {
			continue // most turns: no commit, and the text is not read
		}
		if words == nil {
			if words = strings.Fields(codeWords(text)); len(words) == 0 {
				return false
			}
		}
		if slices.ContainsFunc(words, func(w string) bool { return strings.Contains(u.Command, w) }) {
			return true
		}
	}
	return false
}

// codeWord is a word that names a thing of code rather than says something: with an inner
// capital (ArgumentValidationError, aiStarsGradientEnd), snake_case, a slash between names
// (actions/upload-artifact), an error code (TS2307).
var codeWord = regexp.MustCompile(`^(?:[A-Za-z]\w*[a-z][A-Z]\w*|[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+|[A-Za-z][\w-]*/[A-Za-z][\w/-]*|[A-Z]{1,4}\d{3,5})$`)

// codeWords are the code words of text of six characters or more, joined by spaces; a
// file name (a dot) or a link is not one.
func codeWords(text string) string {
	var out []string
	for f := range strings.FieldsSeq(text) {
		w := strings.Trim(f, "`'\"()[]{}<>,;:.!?")
		if len(w) >= 6 && !strings.Contains(w, ".") && codeWord.MatchString(w) && !productName(w) && !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// productName reports a word of letters whose capitals make it a name rather than an
// identifier: one inner capital after a capital start (GitHub, TypeScript, PostgreSQL), or
// a one-letter first hump (iPhone); an error's type (TypeError) is an identifier.
func productName(w string) bool {
	humps, first := 0, 0
	for i, r := range w {
		if !unicode.IsLetter(r) {
			return false // snake_case, a path, an error code
		}
		if i > 0 && unicode.IsUpper(r) && unicode.IsLower(rune(w[i-1])) {
			humps++
			if humps == 1 {
				first = i
			}
		}
	}
	if unicode.IsLower(rune(w[0])) {
		return first == 1
	}
	return humps < 2 && !strings.HasSuffix(w, "Error") && !strings.HasSuffix(w, "Exception")
}

// causeOf is the cause a failure bullet gives: what follows the command it names.
func causeOf(bullet string) string {
	if strings.HasPrefix(bullet, "`") {
		if _, rest, ok := strings.Cut(bullet[1:], "`"); ok {
			return rest
		}
	}
	return bullet
}

// stamps finds what a log line opens with before its message: dates, times, bracketed tags.
var stamps = regexp.MustCompile(`^(\s*(\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}[T ,]*|\d{1,2}:\d{2}(:\d{2})?(\.\d+)?\s*(AM|PM|Z)?|\[[^\]]{0,60}\])\s*)+`)
