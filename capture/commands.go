package capture

import (
	"cmp"
	"path"
	"slices"
	"strings"

	"carnet/memstore"
)

// commandsStep writes, as knowledge, the commands that check or run the project and went
// through: its tests, builds, linters and development server as the agent ran them (after
// a cd to the folder they ran in, when not the project's top), one of each kind (loose),
// what a project's instructions file lists under "Commands". A run of one file or one test
// is that run, a path of the user's machine or an expansion is not the project's. One
// bullet for the session, rewritten when a later turn adds a kind.
func commandsStep(c *turnCtx) {
	forms := slices.Clone(c.s.Commands)
	for _, u := range c.t.Tools {
		if c.t.Sidechain || u.Name != "Bash" || !u.HasResult || u.IsError || foreignDir(c.fx, u.Command) {
			continue
		}
		for _, cmd := range parseLine(u.Command).Commands {
			if cmd.Piped || len(cmd.Words) == 0 || !(cmd.IsTest() || cmd.IsBuild() || cmd.IsLint() || cmd.Serves()) ||
				foreignWord(cmd.Words[0]) || slices.ContainsFunc(cmd.Words[1:], oneRun) {
				continue
			}
			dir, inside := c.fx.RelIn(u.Cwd, cmp.Or(cmd.Dir, "."))
			form := strings.Join(cmd.Words, " ")
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
		c.replace(list(c.s.Commands), b)
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

// replace rewrites a bullet the session wrote in an earlier turn (old) as now (Apply).
func (c *turnCtx) replace(old, now string) {
	if c.r.Replaced == nil {
		c.r.Replaced = map[string]string{}
	}
	c.r.Replaced[old] = now
	c.r.Steps = append(c.r.Steps, Bullet{Step: c.step, Key: "replaced", Text: now})
}
