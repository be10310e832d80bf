package shell

import (
	"path"
	"slices"
	"strings"
)

// wrappers run the command that follows them and their options; the value of each option
// listed takes the next word.
var wrappers = map[string][]string{
	"sudo": {"-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group", "--host", "--prompt", "--chdir"},
	"doas": {"-u", "-C"}, "env": {"-u", "-C", "-S", "--unset", "--chdir", "--split-string"},
	"command": nil, "builtin": nil, "exec": {"-a"}, "nohup": nil, "time": {"-f", "-o"}, "nice": {"-n", "--adjustment"},
	"ionice": {"-c", "-n", "-p", "-t"}, "&": nil, "stdbuf": {"-i", "-o", "-e"}, "unbuffer": nil, "timeout": {"-s", "-k", "--signal", "--kill-after"},
}

// Argv is the command's words from the program it runs on: wrappers that run the command
// after them (sudo, env, command, exec, nohup, time, nice, timeout, stdbuf…), their options
// and leading assignments (VAR=1) dropped. "command -v x" asks about x and is kept whole.
func (c *Command) Argv() []string {
	w := c.Words
	for len(w) > 0 {
		if isAssignment(w[0]) {
			w = w[1:]
			continue
		}
		name := path.Base(w[0])
		opts, ok := wrappers[name]
		if !ok || name == "command" && len(w) > 1 && (w[1] == "-v" || w[1] == "-V") {
			return w
		}
		w = skipOptions(w[1:], opts)
		if name == "timeout" && len(w) > 0 {
			w = w[1:] // its duration
		}
	}
	return w
}

// skipOptions drops the options w starts with, and the value of each one withValue lists.
func skipOptions(w, withValue []string) []string {
	for len(w) > 0 && len(w[0]) > 1 && w[0][0] == '-' {
		if w[0] == "--" {
			return w[1:]
		}
		if slices.Contains(withValue, w[0]) && len(w) > 1 {
			w = w[1:]
		}
		w = w[1:]
	}
	return w
}

// isAssignment reports a word shaped NAME=value.
func isAssignment(w string) bool {
	name, _, ok := strings.Cut(w, "=")
	if !ok || name == "" {
		return false
	}
	for i, r := range name {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// Name is the base name of the program the command runs (see Argv): "git" for
// "/usr/bin/git", "carnet" for "sudo -E carnet". PowerShell and cmd.exe names are in lower
// case, without ".exe"; "" for a command with no program.
func (c *Command) Name() string {
	argv := c.Argv()
	if len(argv) == 0 {
		return ""
	}
	return programName(argv[0], c.dialect)
}

// programName is a command's program by its base name: on Windows (a PowerShell or cmd.exe
// line, a path with "\\"), in any case and without ".exe"; Windows' shims of a program
// ("npm.cmd", "gradlew.bat", which PowerShell is told to call when its scripts may not run)
// are the program, in any line.
func programName(w string, d Dialect) string {
	if d != Sh || strings.Contains(w, `\`) {
		w = strings.TrimSuffix(strings.ToLower(strings.ReplaceAll(w, `\`, "/")), ".exe")
	}
	w = path.Base(w)
	if ext := path.Ext(w); len(ext) < len(w) && (strings.EqualFold(ext, ".cmd") || strings.EqualFold(ext, ".bat")) {
		return w[:len(w)-len(ext)]
	}
	return w
}

// runners run the program named after them (and their options): "uv run pytest" runs pytest.
var runners = [][]string{{"uv", "run"}, {"uvx"}, {"npx"}, {"bunx"}, {"pnpm", "exec"}, {"pnpm", "dlx"}, {"yarn", "dlx"},
	{"yarn", "exec"}, {"poetry", "run"}, {"pipenv", "run"}, {"pdm", "run"}, {"hatch", "run"}, {"bundle", "exec"},
	{"python", "-m"}, {"python3", "-m"}, {"py", "-m"}}

// runnerOptions take a value in the next word.
var runnerOptions = []string{"--with", "--from", "--python", "-p", "--package", "--directory", "--project", "--env-file", "--extra", "--group"}

// Run is what the command runs once its runners are dropped (see runners): "pytest -x" for
// "uv run pytest -x", "tsc --noEmit" for "npx -y tsc --noEmit", "pytest" for "uv run python
// -m pytest"; Argv for any other command.
func (c *Command) Run() []string { return runOf(c.Argv(), c.dialect) }

// RunOf is what the words of a simple command run once its runners are dropped (see Run).
func RunOf(argv []string) []string { return runOf(argv, Sh) }

func runOf(argv []string, d Dialect) []string {
	for dropped := true; dropped && len(argv) > 0; {
		dropped = false
		name := programName(argv[0], d)
		for _, r := range runners {
			if name != r[0] || len(argv) < len(r) || !slices.Equal(argv[1:len(r)], r[1:]) {
				continue
			}
			rest := argv[len(r):]
			if r[len(r)-1] != "-m" {
				rest = skipOptions(rest, runnerOptions)
			}
			if len(rest) > 0 {
				argv, dropped = rest, true
				break
			}
		}
	}
	return argv
}

// gitOptions are git's options before its subcommand that take the next word.
var gitOptions = []string{"-C", "-c", "--git-dir", "--work-tree", "--namespace", "--config-env", "--exec-path", "--super-prefix"}

// Git is the subcommand of a git command ("commit" for "git -C repo -c x=y commit -m …"), or "".
func (c *Command) Git() string {
	_, sub := c.gitSub()
	return sub
}

// gitSub is the index in Argv of git's subcommand and the subcommand, or -1, "".
func (c *Command) gitSub() (int, string) {
	argv := c.Argv()
	if len(argv) < 2 || programName(argv[0], c.dialect) != "git" {
		return -1, ""
	}
	return GitSub(argv)
}

// GitSub is the index of git's subcommand in the words of a git command, past git's own
// options ("git -C repo -c x=y status": 5, "status"), or -1, "".
func GitSub(argv []string) (int, string) {
	for i := 1; i < len(argv); i++ {
		a := argv[i]
		switch {
		case slices.Contains(gitOptions, a):
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return i, a
		}
	}
	return -1, ""
}

// IsCommit reports a git commit.
func (c *Command) IsCommit() bool { return c.Git() == "commit" }

// IsPush reports a git push.
func (c *Command) IsPush() bool { return c.Git() == "push" }

// Flag is the value of the command's option named one of names ("-m", "--message"), from
// "-m v", "-mv", a cluster ending in the letter ("-am v"), "--message v" or "--message=v":
// the first one given. A word after "--" is no option.
func (c *Command) Flag(names ...string) (string, bool) {
	w := c.Words
	for i, a := range w {
		if a == "--" {
			break
		}
		for _, n := range names {
			long := strings.HasPrefix(n, "--")
			switch {
			case a == n && i+1 < len(w):
				return w[i+1], true
			case long && strings.HasPrefix(a, n+"="):
				return a[len(n)+1:], true
			case long || len(n) != 2 || len(a) < 3 || a[0] != '-' || a[1] == '-':
			case a[1] == n[1]:
				return a[2:], true // -mv
			case isLetters(a[1:]) && a[len(a)-1] == n[1] && i+1 < len(w):
				return w[i+1], true // -am v
			}
		}
	}
	return "", false
}

// Has reports whether the command is given one of the options names ("--no-verify", "-n"),
// alone or in a cluster of one-letter options ("-nm").
func (c *Command) Has(names ...string) bool {
	for _, a := range c.Words {
		if a == "--" {
			return false
		}
		for _, n := range names {
			if a == n || strings.HasPrefix(n, "--") && strings.HasPrefix(a, n+"=") ||
				len(n) == 2 && n[0] == '-' && len(a) > 2 && a[0] == '-' && a[1] != '-' && isLetters(a[1:]) && strings.IndexByte(a[1:], n[1]) >= 0 {
				return true
			}
		}
	}
	return false
}

func isLetters(s string) bool {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return s != ""
}

// CommitMessage is the message a git commit is given (-m, --message, or -F - with a
// here-document), the first one when there are several, or "".
func (c *Command) CommitMessage() string {
	if !c.IsCommit() {
		return ""
	}
	if f, ok := c.Flag("-F", "--file"); ok && f == "-" {
		return strings.TrimRight(c.Heredoc(), "\n")
	}
	m, _ := c.Flag("-m", "--message")
	return m
}

// check is a kind of command a project runs on its code: tests, builds.
type check struct {
	programs    []string            // run it whatever their arguments
	subcommands map[string][]string // per program, the subcommands that run it
	scripts     []string            // words a package script's name holds when it runs it
}

var (
	testRuns = check{
		programs: []string{"pytest", "py.test", "jest", "vitest", "mocha", "ava", "tap", "tox", "nox", "phpunit", "rspec",
			"ctest", "gotestsum", "playwright", "cypress", "karma", "bats"},
		subcommands: map[string][]string{
			"go": {"test"}, "cargo": {"test", "nextest"}, "npm": {"test", "t"}, "pnpm": {"test", "t"}, "yarn": {"test"},
			"bun": {"test"}, "deno": {"test"}, "dotnet": {"test"}, "swift": {"test"}, "zig": {"test"}, "mix": {"test"},
			"mvn": {"test", "verify"}, "gradle": {"test", "check"}, "./gradlew": {"test", "check"}, "bazel": {"test"},
			"sbt": {"test"}, "lein": {"test"}, "stack": {"test"}, "cabal": {"test"}, "flutter": {"test"}, "dart": {"test"},
			"python": {"unittest", "pytest"}, "python3": {"unittest", "pytest"}, "just": {"test"}, "meson": {"test"},
		},
		scripts: []string{"test"},
	}
	buildRuns = check{
		programs: []string{"make", "gmake", "ninja", "tsc", "webpack", "esbuild", "rollup", "msbuild"},
		subcommands: map[string][]string{
			"go": {"build", "vet", "install"}, "cargo": {"build", "check", "clippy"}, "dotnet": {"build"}, "swift": {"build"},
			"zig": {"build"}, "mix": {"compile"}, "mvn": {"compile", "package", "install"}, "gradle": {"build", "assemble"},
			"./gradlew": {"build", "assemble"}, "bazel": {"build"}, "sbt": {"compile"}, "stack": {"build"}, "cabal": {"build"},
			"flutter": {"build"}, "cmake": {"--build"}, "meson": {"compile"}, "just": {"build"}, "vite": {"build"},
			"next": {"build"}, "docker": {"build"}, "pnpm": {"build"}, "yarn": {"build"}, "bun": {"build"},
		},
		scripts: []string{"build", "compile", "typecheck"},
	}
	lintRuns = check{
		programs: []string{"eslint", "golangci-lint", "staticcheck", "flake8", "pylint", "mypy", "pyright", "ruff",
			"black", "isort", "prettier", "biome", "stylelint", "rubocop", "shellcheck", "hadolint", "ktlint",
			"swiftlint", "phpstan", "markdownlint", "oxlint", "gofmt"},
		subcommands: map[string][]string{
			"cargo": {"fmt"}, "npm": {"lint"}, "pnpm": {"lint"}, "yarn": {"lint"}, "bun": {"lint"}, "deno": {"lint", "check"},
			"dotnet": {"format"}, "mix": {"format", "credo"}, "just": {"lint"}, "make": {"lint"},
		},
		scripts: []string{"lint", "format", "fmt", "check"},
	}
)

// is reports a command of kind k (see check), through its runner (Run).
func (c *Command) is(k check) bool {
	run := c.Run()
	if len(run) == 0 {
		return false
	}
	name := programName(run[0], c.dialect)
	if slices.Contains(k.programs, name) {
		return true
	}
	if s := c.Script(); s != "" {
		return slices.ContainsFunc(k.scripts, func(w string) bool { return strings.Contains(s, w) })
	}
	key := name
	if strings.HasPrefix(run[0], "./") {
		key = run[0] // ./gradlew as written
	}
	return len(run) > 1 && slices.Contains(k.subcommands[key], run[1])
}

// IsTest reports a command that runs a project's tests: go test, cargo test, pytest, npm
// test, a package script whose name says test…
func (c *Command) IsTest() bool { return c.is(testRuns) }

// IsBuild reports a command that builds or checks a project's code: go build / vet, cargo
// build / check / clippy, make, tsc, a package script whose name says build…
func (c *Command) IsBuild() bool { return c.is(buildRuns) }

// IsLint reports a command that checks a project's code without building it: eslint, ruff,
// golangci-lint, mypy, a package script whose name says lint…
func (c *Command) IsLint() bool { return c.is(lintRuns) }

// scriptRunners run a package script: npm run lint, pnpm build, yarn test.
var scriptRunners = []string{"npm", "pnpm", "yarn", "bun"}

// managerVerbs are the package managers' own subcommands: any other word after pnpm or
// yarn runs the package script of that name (pnpm build).
var managerVerbs = []string{"add", "remove", "install", "i", "exec", "dlx", "create", "init", "up", "upgrade", "why",
	"link", "publish", "config", "global", "dedupe", "audit", "outdated", "list", "ls", "info", "cache", "store", "patch"}

// Script is the package script the command runs ("lint:check" for "npm run lint:check --
// a.ts", "build" for "pnpm build", "test" for "npm test"), or "".
func (c *Command) Script() string { return ScriptOf(c.Run()) }

// ScriptOf is the package script the words of a command run (see Script), or "".
func ScriptOf(run []string) string {
	if len(run) < 2 || !slices.Contains(scriptRunners, programName(run[0], Sh)) || strings.HasPrefix(run[1], "-") {
		return ""
	}
	switch {
	case (run[1] == "run" || run[1] == "run-script") && len(run) >= 3:
		return run[2]
	case run[1] == "test" || run[1] == "t":
		return "test"
	case run[1] == "run" || run[1] == "run-script" || run[0] == "npm" || run[0] == "bun" || slices.Contains(managerVerbs, run[1]):
		return ""
	}
	return run[1]
}

// Commits reports a line that runs a git commit.
func (l *Line) Commits() bool { return slices.ContainsFunc(l.Commands, (*Command).IsCommit) }

// Pushes reports a line that runs a git push.
func (l *Line) Pushes() bool { return slices.ContainsFunc(l.Commands, (*Command).IsPush) }

// Tests reports a line that runs a project's tests (see Command.IsTest).
func (l *Line) Tests() bool { return slices.ContainsFunc(l.Commands, (*Command).IsTest) }

// Builds reports a line that builds a project's code (see Command.IsBuild).
func (l *Line) Builds() bool { return slices.ContainsFunc(l.Commands, (*Command).IsBuild) }

// Checks reports a line that runs the project's tests, its build or its linters: the calls
// whose failure is the project's state, not the agent's slip.
func (l *Line) Checks() bool {
	return slices.ContainsFunc(l.Commands, func(c *Command) bool { return c.IsTest() || c.IsBuild() || c.IsLint() })
}

// CommitMessage is the message of the line's first git commit that is given one, or "".
func (l *Line) CommitMessage() string {
	for _, c := range l.Commands {
		if m := c.CommitMessage(); m != "" {
			return m
		}
	}
	return ""
}

// Runs reports whether the line runs the program name (a base name: "carnet", "curl").
func (l *Line) Runs(name string) bool {
	return slices.ContainsFunc(l.Commands, func(c *Command) bool { return c.Name() == name })
}

// JoinDir is the folder a cd to target leads to from cur ("" where the line started); of a
// line's EndDir, the folder the line leaves its shell in, cur being where it started.
func JoinDir(cur, target string) string {
	switch {
	case target == "":
		return cur
	case cur == "" || strings.HasPrefix(target, "/") || strings.HasPrefix(target, "~") || strings.HasPrefix(target, "$") ||
		len(target) > 1 && target[1] == ':' || target == "-":
		if strings.HasPrefix(target, "/") {
			return path.Clean(target)
		}
		if cur == "" && !strings.ContainsAny(target, "$~:") && target != "-" {
			return path.Clean(target)
		}
		return target
	}
	if d := path.Join(cur, target); d != "." {
		return d
	}
	return ""
}
