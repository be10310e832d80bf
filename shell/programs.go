package shell

import (
	"path"
	"slices"
	"strings"
)

// Serves reports a command that runs a server in the foreground: a package script named for
// it (dev, start, serve, preview, watch, or one of their "dev:…" variants), a framework's
// development server (next dev, flask run, rails s, manage.py runserver), or a server of its
// own (vite, nodemon, uvicorn, http-server, python -m http.server).
func (c *Command) Serves() bool {
	if s := c.Script(); s != "" {
		name, _, _ := strings.Cut(s, ":")
		return slices.Contains([]string{"dev", "start", "serve", "preview", "watch"}, name)
	}
	run := c.Run()
	switch {
	case len(run) == 0:
		return false
	case len(run) > 1 && slices.Contains([]string{"next", "astro", "nuxt", "hugo", "jekyll", "flask", "rails"}, programName(run[0], c.dialect)):
		return slices.Contains([]string{"dev", "start", "serve", "server", "s", "run", "preview"}, run[1])
	case slices.Contains([]string{"vite", "nodemon", "uvicorn", "gunicorn", "http-server", "live-server", "webpack-dev-server"}, programName(run[0], c.dialect)):
		return len(run) == 1 || run[1] != "build"
	}
	return slices.Contains(run, "runserver") || slices.Contains(run, "http.server")
}

// Waits reports a command that waits for something else to change rather than does work: a
// sleep, a watch (watch, gh run watch, gh pr checks --watch), a log followed (tail -f, docker
// logs -f, journalctl -f), kubectl wait or rollout status.
func (c *Command) Waits() bool {
	run := c.Run()
	if len(run) == 0 {
		return false
	}
	has := func(ws ...string) bool {
		return slices.ContainsFunc(run[1:], func(w string) bool { return slices.Contains(ws, w) })
	}
	switch name := programName(run[0], c.dialect); name {
	case "sleep", "watch":
		return true
	case "tail", "journalctl":
		return has("-f", "-F", "--follow")
	case "gh":
		return len(run) > 2 && run[1] == "run" && run[2] == "watch" || has("--watch")
	case "docker", "kubectl": // -f is a file to them, but to their logs
		return has("logs") && has("-f", "--follow") || name == "kubectl" && len(run) > 2 && (run[1] == "wait" || run[1] == "rollout" && run[2] == "status")
	}
	return false
}

// interpreters run a file of code given as their first operand.
var interpreters = []string{"python", "python3", "node", "ruby", "perl", "php", "bash", "sh", "zsh", "deno", "bun", "tsx", "ts-node"}

// RunsFile reports a command that runs a file of the project: "./run.sh", "python
// train.py", "node scripts/seed.mjs", "python -m app"; not code given inline (-c, -e).
func (c *Command) RunsFile() bool {
	argv := c.Argv()
	if len(argv) == 0 {
		return false
	}
	if strings.HasPrefix(argv[0], "./") || strings.HasPrefix(argv[0], "../") {
		return true
	}
	if !slices.Contains(interpreters, programName(argv[0], c.dialect)) {
		return false
	}
	for _, a := range argv[1:] {
		if !strings.HasPrefix(a, "-") {
			return strings.Contains(path.Base(a), ".") // a file, not a subcommand
		}
		if a == "-c" || a == "-e" || a == "-m" {
			return a == "-m"
		}
	}
	return false
}

// inlineFlags are the options that give an interpreter its code on the command line, by
// program: python -c, node -e / -p, ruby -e, perl -e / -E, php -r, bun -e.
var inlineFlags = map[string][]string{
	"python": {"-c"}, "node": {"-e", "-p", "--eval", "--print"}, "ruby": {"-e"}, "perl": {"-e", "-E"},
	"php": {"-r"}, "bun": {"-e", "--eval", "-p", "--print"}, "deno": {"eval"},
}

// valueOptions are an interpreter's options that take the next word (python -W ignore,
// node -r ts-node/register).
var valueOptions = []string{"-W", "-X", "-r", "--require", "--import", "--loader"}

// RunsInline reports an interpreter (python, node, ruby, perl, php, bun, deno) running code
// given inline: on the command line ("python3 -c …", "node -e …", "deno eval …") or on its
// standard input ("python3 - <<EOF", "… | node", no file operand); not a file of the project
// ("python app.py", "python -m pkg") nor a shell ("bash -c" runs commands).
func (c *Command) RunsInline() bool {
	run := c.Run()
	if len(run) == 0 {
		return false
	}
	name := programName(run[0], c.dialect)
	if strings.HasPrefix(name, "python") && strings.Trim(name[len("python"):], "0123456789.") == "" || name == "py" {
		name = "python"
	}
	flags, ok := inlineFlags[name]
	if !ok {
		return false
	}
	for i := 1; i < len(run); i++ {
		a := run[i]
		switch {
		case slices.Contains(flags, a), a == "-":
			return true
		case a == "-m" && name == "python":
			return false
		case slices.Contains(valueOptions, a):
			i++
		case !strings.HasPrefix(a, "-"):
			return false // a file or a subcommand
		}
	}
	return c.Piped || slices.ContainsFunc(c.Redirects, func(r Redirect) bool { return strings.HasPrefix(r.Op, "<<") })
}

// PullRequest reads a gh command on a pull request: "create" with its --title, "merge" with
// the number it names (its operand, "#12" or the request's address); verb is "" for any
// other command.
func (c *Command) PullRequest() (verb, number, title string) {
	argv := c.Argv()
	if len(argv) < 3 || programName(argv[0], c.dialect) != "gh" || argv[1] != "pr" {
		return "", "", ""
	}
	switch argv[2] {
	case "create":
		title, _ = c.Flag("--title", "-t")
		return "create", "", title
	case "merge":
		for _, a := range argv[3:] {
			if strings.HasPrefix(a, "-") {
				continue
			}
			if n := strings.TrimPrefix(a, "#"); n != "" && strings.Trim(n, "0123456789") == "" {
				return "merge", n, ""
			}
			if i := strings.LastIndex(a, "/pull/"); i >= 0 && strings.Trim(a[i+6:], "0123456789") == "" {
				return "merge", a[i+6:], ""
			}
			break // a branch: no number
		}
		return "merge", "", ""
	}
	return "", "", ""
}
