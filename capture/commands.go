package capture

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"carnet/hook/transcript"
	"carnet/memstore"
)

// commandsStep writes, as knowledge, the commands that check the project and went through:
// its tests, builds and linters as the agent ran them, with their variables (after a cd to
// the folder they ran in, when not the project's top), one of each kind (loose), what a
// project's instructions file lists under "Commands". A command piped into another whose
// output shows an error (the call's exit is the pipe's), a run of one file or one test, a
// path of the user's machine or an expansion is left out; a server, stopped rather than finished, tells nothing by its
// exit. One bullet for the session, rewritten when a later turn adds a kind.
func commandsStep(c *turnCtx) {
	if c.t.Sidechain {
		return
	}
	forms := slices.Clone(c.s.Commands)
	for _, u := range c.t.Tools {
		if u.Name != "Bash" || !u.HasResult || u.IsError || foreignDir(c.fx, u.Command) {
			continue
		}
		for _, cmd := range parseLine(u.Command).Commands {
			if cmd.Piped || cmd.Op == "|" && transcript.NamesError(u.Output) || len(cmd.Words) == 0 || len(cmd.Redirects) > 0 ||
				!(cmd.IsTest() || cmd.IsBuild() || cmd.IsLint()) || foreignWord(cmd.Words[0]) || slices.ContainsFunc(cmd.Words[1:], oneRun) {
				continue // piped into tail, its exit is tail's: the line its output shows (an error's first) tells
			}
			dir, inside := c.fx.RelIn(u.Cwd, cmp.Or(cmd.Dir, "."))
			form := cmd.Text // with the variables it is run with (COREPACK_ENABLE_PROJECT_SPEC=0 pnpm build)
			if dir = path.Clean(dir); dir != "." {
				form = "cd " + dir + " && " + form
			}
			if inside && len(form) <= 60 && len(forms) < 6 && !slices.ContainsFunc(forms, func(f string) bool { return loose(f) == loose(form) }) {
				forms = append(forms, form)
			}
		}
	}
	if len(forms) == len(c.s.Commands) {
		return
	}
	list := func(fs []string) string {
		return c.clean(memstore.KeyKnowledge, c.w.commands+"`"+strings.Join(fs, "`, `")+"`")
	}
	if len(c.s.Commands) == 0 {
		c.add(memstore.KeyKnowledge, list(forms))
	} else if b := list(forms); b != "" {
		c.replace(memstore.KeyKnowledge, list(c.s.Commands), b)
	}
	c.s.Commands = forms
}

// oneRun reports a word of a command that makes it one run rather than the project's way to
// check it: a file (a.test.ts), a test picked (-run, -k, a::b); or a foreign word.
func oneRun(w string) bool {
	return !strings.HasPrefix(w, "-") && path.Ext(w) != "" && !strings.HasSuffix(w, "...") || strings.Contains(w, "::") ||
		slices.Contains([]string{"-run", "-k", "-t", "--testNamePattern", "--grep", "--filter"}, w) || foreignWord(w)
}

// foreignWord reports a word that is not the project's: a path of the user's machine, an
// expansion.
func foreignWord(w string) bool {
	return strings.HasPrefix(w, "/") || strings.HasPrefix(w, "~") || strings.ContainsAny(w, "$`\\") || len(w) > 2 && w[1] == ':'
}

// replace rewrites a bullet of section key that the session wrote in an earlier turn (old)
// as now (Apply).
func (c *turnCtx) replace(key, old, now string) {
	if c.r.Replaced == nil {
		c.r.Replaced = map[string]Bullet{}
	}
	c.r.Replaced[old] = Bullet{Step: c.step, Key: key, Text: now}
	c.r.Steps = append(c.r.Steps, Bullet{Step: c.step, Key: "replaced", Text: now})
}
